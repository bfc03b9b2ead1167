package archive

import (
	"context"
	"os"
	"testing"
	"time"

	"hansard/transcripts"
)

// TestRefreshNothingNewWritesNothing: a refresh that finds nothing new
// leaves the database (and its WAL) untouched and still records its time.
func TestRefreshNothingNewWritesNothing(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	e.write("one.jsonl", sessionLines("s1", "/w/one")...)
	now := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	a := e.open(Options{Now: func() time.Time { return now }})
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	st, err := a.Status(ctx, []transcripts.Provider{e.prov}, e.env)
	if err != nil || st.LastRefresh == nil || !st.LastRefresh.Equal(now) {
		t.Fatalf("last refresh %v, want %v (%v)", st.LastRefresh, now, err)
	}

	wal := func() int64 {
		fi, err := os.Stat(a.Path() + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := wal()
	now = now.Add(time.Hour)
	if res := e.refresh(a, RefreshOptions{}); res.Unchanged != 1 {
		t.Fatalf("second refresh: %+v", res)
	}
	if after := wal(); after != before {
		t.Errorf("WAL grew from %d to %d bytes in a refresh with nothing new", before, after)
	}
	built, _, err := a.IndexState(ctx)
	if err != nil || !built.Equal(now) {
		t.Errorf("IndexState %v, want %v (%v)", built, now, err)
	}
}
