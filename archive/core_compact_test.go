package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestCompactAfterRebuild: a rebuild leaves the old rows' pages free in
// the file; Compact gives them back, so that the file is no larger than
// after the first index.
func TestCompactAfterRebuild(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	for s := range 4 {
		lines := sessionLines(fmt.Sprintf("s%d", s), "/w")
		for i := range 400 {
			lines = append(lines, fmt.Sprintf(`{"t":"msg","role":"user","text":"parse_config step %d of session %d, with some words to index"}`, i, s))
		}
		e.write(fmt.Sprintf("s%d.jsonl", s), lines...)
	}
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	size := func() int64 {
		if _, err := a.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(filepath.Join(e.dir, "hansard.db"))
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	first := size()
	before := dump(t, a)
	e.refresh(a, RefreshOptions{Rebuild: true})
	rebuilt := size()
	if err := a.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	compacted := size()
	if compacted > first || compacted >= rebuilt {
		t.Errorf("sizes: first index %d, rebuilt %d, compacted %d: want compacted ≤ first and < rebuilt", first, rebuilt, compacted)
	}
	if after := dump(t, a); after != before {
		t.Error("Compact changed the archive's rows")
	}
}
