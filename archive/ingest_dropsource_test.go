package archive

import (
	"fmt"
	"testing"
)

// A rebuild drops a source's rows a step at a time: a session of more
// rows than a step holds is replaced exactly, with nothing left behind in
// any table or index.
func TestRebuildDropsLargeSessionInSteps(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	lines := sessionLines("big", "/w")
	for i := range deleteStep + deleteStep/2 {
		lines = append(lines, fmt.Sprintf(`{"t":"msg","role":"user","text":"parse_config step %d"}`, i))
	}
	e.write("big.jsonl", lines...)
	e.write("small.jsonl", sessionLines("small", "/w")...)
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	before := dump(t, a)
	if res := e.refresh(a, RefreshOptions{Rebuild: true}); res.Rebuilt != 2 {
		t.Fatalf("rebuild: %+v", res)
	}
	if after := dump(t, a); after != before {
		t.Fatalf("rebuild changed the archive:\n%.2000s\n---\n%.2000s", before, after)
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages`); n != deleteStep+deleteStep/2+4 {
		t.Errorf("%d messages", n)
	}
}
