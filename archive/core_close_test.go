package archive

import (
	"bytes"
	"context"
	"os"
	"testing"
)

// walBytes is the size of the archive's WAL file, -1 when there is none.
func walBytes(t *testing.T, a *Archive) int64 {
	t.Helper()
	fi, err := os.Stat(a.Path() + "-wal")
	if os.IsNotExist(err) {
		return -1
	}
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// cachedArchive opens an indexed archive afresh: nothing written yet by
// this Archive.
func cachedArchive(t *testing.T) (*testEnv, *Archive) {
	t.Helper()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if n := walBytes(t, a); n > 0 {
		t.Fatalf("the refresh left %d bytes in the WAL", n)
	}
	return e, e.open(Options{})
}

func TestCloseLeavesCachedRowsInTheWAL(t *testing.T) {
	t.Parallel()
	e, a := cachedArchive(t)
	ctx := context.Background()
	data := []byte("blame of main.go")
	if err := a.StoreCached(ctx, CacheBlame, "/w", "main.go", "k1", data); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if n := walBytes(t, a); n <= 0 {
		t.Fatalf("WAL after closing: %d bytes, want the cached row left there", n)
	}
	b := e.open(Options{})
	got, ok, err := b.LoadCached(ctx, CacheBlame, "/w", "main.go", "k1")
	if err != nil || !ok || !bytes.Equal(got, data) {
		t.Fatalf("cached row after reopening: %q %v %v", got, ok, err)
	}
	if n := count(t, b.db, `SELECT count(*) FROM sessions`); n != 1 {
		t.Fatalf("sessions after reopening: %d", n)
	}
	if r := count(t, b.db, `SELECT count(*) FROM pragma_integrity_check WHERE integrity_check != 'ok'`); r != 0 {
		t.Fatalf("integrity check: %d problems", r)
	}
}

func TestCloseCheckpointsSettingsAndTranscripts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for name, write := range map[string]func(e *testEnv, a *Archive){
		"setting": func(e *testEnv, a *Archive) {
			if err := a.SetPaused(ctx, true); err != nil {
				t.Fatal(err)
			}
		},
		"transcript": func(e *testEnv, a *Archive) {
			e.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"and another","uuid":"s1-u9"}`+"\n")
			if res := e.refresh(a, RefreshOptions{}); res.Appended != 1 {
				t.Fatalf("refresh: %+v", res)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			e, a := cachedArchive(t)
			// A cached row first: the WAL holds more than the setting.
			if err := a.StoreCached(ctx, CacheBlame, "/w", "main.go", "k1", []byte("x")); err != nil {
				t.Fatal(err)
			}
			write(e, a)
			// Another connection keeps the database open: the close of
			// the last one is not what checkpoints.
			other := e.open(Options{})
			if _, err := other.Paused(ctx); err != nil {
				t.Fatal(err)
			}
			if err := a.Close(); err != nil {
				t.Fatal(err)
			}
			var busy, logged, done int
			if err := other.db.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &logged, &done); err != nil {
				t.Fatal(err)
			}
			if logged != done {
				t.Fatalf("after closing: %d of %d WAL frames checkpointed", done, logged)
			}
		})
	}
}

func TestCloseCheckpointsALargeWAL(t *testing.T) {
	t.Parallel()
	_, a := cachedArchive(t)
	big := bytes.Repeat([]byte("0123456789abcdef"), walKeepLimit/16+1)
	if err := a.StoreCached(context.Background(), CacheMatches, "/w", "main.go", "k1", big); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if n := walBytes(t, a); n > 0 {
		t.Fatalf("WAL of %d bytes left after closing", n)
	}
}

func TestNoCheckpointOnCloseBadConn(t *testing.T) {
	t.Parallel()
	var nilConn *struct{ db uintptr }
	for name, c := range map[string]any{
		"not a pointer": 3,
		"nil":           nilConn,
		"no handle":     &struct{ other int }{},
		"zero handle":   &struct{ db uintptr }{},
		"wrong kind":    &struct{ db string }{"x"},
	} {
		if err := noCheckpointOnClose(c); err != errNoHandle {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestCloseTwice(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.create(Options{}) // a new archive: its migration is durable
	for i := range 2 {
		if err := a.Close(); err != nil {
			t.Fatalf("close %d: %v", i+1, err)
		}
	}
}
