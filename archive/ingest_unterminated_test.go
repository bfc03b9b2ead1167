package archive

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefreshIndexesUnterminatedLastLine leaves a session's last record
// without its newline, as agents do until they write the next one: it is
// indexed at once, read again (not added again) when the file grows, and a
// last line that is not yet complete JSON still waits.
func TestRefreshIndexesUnterminatedLastLine(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	lines := sessionLines("s1", "/w")
	final := `{"t":"msg","role":"assistant","text":"all done","uuid":"s1-u3","parent":"s1-u2"}`
	e.write("s1.jsonl", lines...)
	e.appendRaw("s1.jsonl", final)
	e.refresh(a, RefreshOptions{})
	texts := func() string {
		t.Helper()
		msgs, err := a.Messages(context.Background(), "s1", 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for i, m := range msgs {
			if m.Index != i {
				t.Fatalf("message %d has index %d", i, m.Index)
			}
			out = append(out, m.Text)
		}
		return strings.Join(out, "|")
	}
	const before = "please fix parse_config in s1|fixing parse_config now"
	if got := texts(); got != before+"|all done" {
		t.Fatalf("the unterminated last line is not indexed: %q", got)
	}
	if res := e.refresh(a, RefreshOptions{}); res.Appended+res.Reread != 0 {
		t.Fatalf("an unchanged file was read again: %+v", res)
	}

	// The file grows: the last line gets its newline and a torn line follows.
	e.appendRaw("s1.jsonl", "\n"+`{"t":"msg","role":"user","text":"thanks","uuid":"s1-u4"}`+"\n"+`{"t":"msg","role":"user","te`)
	e.refresh(a, RefreshOptions{})
	if got := texts(); got != before+"|all done|thanks" {
		t.Fatalf("after the file grew: %q", got)
	}
	e.appendRaw("s1.jsonl", `xt":"bye","uuid":"s1-u5"}`)
	e.refresh(a, RefreshOptions{})
	if got := texts(); got != before+"|all done|thanks|bye" {
		t.Fatalf("after the torn line was completed (still without a newline): %q", got)
	}

	fresh := newTestEnv(t)
	fresh.root = e.root
	b := fresh.open(Options{})
	fresh.refresh(b, RefreshOptions{})
	if dump(t, a) != dump(t, b) {
		t.Fatalf("incremental and fresh index differ:\n%s\n---\n%s", dump(t, a), dump(t, b))
	}
	assertRetained(t, a, filepath.Join(e.root, "s1.jsonl"))
}
