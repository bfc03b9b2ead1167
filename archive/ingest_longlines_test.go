package archive

import (
	"fmt"
	"strings"
	"testing"

	"hansard/transcripts"
)

// Long lines of several files parsed at once are let in one at a time:
// from being read until the writer has applied their records, never two
// are in flight, and every one is stored.
func TestLongLinesOneAtATime(t *testing.T) {
	e := newTestEnv(t)
	text := strings.Repeat("-", transcripts.LongLine+64<<10) // a line past LongLine (and no words to index)
	const files = 3
	for i := range files {
		e.write(fmt.Sprintf("f%d.jsonl", i),
			fmt.Sprintf(`{"t":"session","id":"s%d","cwd":"/w"}`, i),
			fmt.Sprintf(`{"t":"msg","role":"user","text":%q,"uuid":"u%d"}`, text, i),
			`{"t":"msg","role":"assistant","text":"done"}`)
	}
	var most, now int
	longLinesMu.Lock()
	longLinesWatch = func(n int) { most, now = max(most, n), n }
	longLinesMu.Unlock()
	t.Cleanup(func() {
		longLinesMu.Lock()
		longLinesWatch = nil
		longLinesMu.Unlock()
	})
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{Workers: files})
	longLinesMu.Lock()
	defer longLinesMu.Unlock()
	if most != 1 || now != 0 {
		t.Errorf("long lines in flight: at most %d, %d at the end; want 1 and 0", most, now)
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages WHERE length(text) = ?`, len(text)); n != files {
		t.Errorf("%d long messages stored, want %d", n, files)
	}
}
