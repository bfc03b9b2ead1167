package archive

import (
	"context"
	"testing"
)

// The change mark stays while the archive is only read, and moves after
// a write through another connection of the process or another process's
// archive.
func TestChangeMarkMovesOnWrites(t *testing.T) {
	ctx := context.Background()
	e := newTestEnv(t)
	a := e.open(Options{})
	mark := func() int64 {
		t.Helper()
		m, err := a.ChangeMark(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m0 := mark()
	if _, _, err := a.LoadCached(ctx, CacheBlame, "/r", "f.go", "k"); err != nil {
		t.Fatal(err)
	}
	if m := mark(); m != m0 {
		t.Fatalf("mark moved from %d to %d after a read", m0, m)
	}
	if err := a.StoreCached(ctx, CacheBlame, "/r", "f.go", "k", []byte("one")); err != nil {
		t.Fatal(err)
	}
	m1 := mark()
	if m1 == m0 {
		t.Fatalf("mark stayed %d after a write of the same archive", m1)
	}
	other := e.open(Options{})
	if err := other.StoreCached(ctx, CacheBlame, "/r", "f.go", "k", []byte("two")); err != nil {
		t.Fatal(err)
	}
	if m := mark(); m == m1 {
		t.Fatalf("mark stayed %d after another archive's write", m)
	}
	a.Close()
	if _, err := a.ChangeMark(ctx); err == nil {
		t.Fatal("a closed archive gave a change mark")
	}
}
