package claude

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

func TestSessionIDIn(t *testing.T) {
	t.Parallel()
	const id = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
	for stem, want := range map[string]string{
		id:                                     id,
		"2026-01-05-" + id:                     id,
		id + "-copy":                           id,
		"export " + id + " (2)":                id,
		"large-conversation":                   "",
		"0" + id:                               "", // part of a longer hex run
		"aaaaaaaa-aaaa-4aaa-8aaa":              "",
		"gggggggg-aaaa-4aaa-8aaa-aaaaaaaaaaaa": "",
	} {
		if got := sessionIDIn(stem); got != want {
			t.Errorf("sessionIDIn(%q) = %q, want %q", stem, got, want)
		}
	}
}

// resumedFile is a resumed session: two lines copied from its origin, under
// the origin's id, then two of its own.
func resumedFile() []byte {
	return []byte(originLine("user", "l1", "", prompt) + "\n" +
		originLine("system", "l2", "l1", `,"subtype":"informational","content":"copied"`) + "\n" +
		`{"type":"user","sessionId":"aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa","uuid":"a1","parentUuid":"l2","timestamp":"2026-03-01T11:00:00Z","cwd":"/w","message":{"role":"user","content":"log every retry"}}` + "\n" +
		`{"type":"assistant","sessionId":"aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa","uuid":"a2","parentUuid":"a1","timestamp":"2026-03-01T11:00:01Z","cwd":"/w","message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"Logged."}]}}` + "\n")
}

// TestOwnSessionNotFromCopiedHistory parses a resumed session saved under
// names that are not its bare id, from a file and from a stream that
// cannot seek: its id is the one in the name, else that of its last lines,
// never the origin's of its first.
func TestOwnSessionNotFromCopiedHistory(t *testing.T) {
	t.Parallel()
	const own, origin = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "77777777-7777-4777-8777-777777777777"
	data := resumedFile()
	dir := t.TempDir()
	for _, name := range []string{"2026-03-01-" + own + ".jsonl", "exported.jsonl", own + ".jsonl"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		src := transcripts.Source{Provider: transcripts.ProviderClaude, Path: path, Class: transcripts.ClassMain}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for what, r := range map[string]io.Reader{"file": f, "stream": struct{ io.Reader }{bytes.NewReader(data)}} {
			c := &providertest.Collector{}
			cp, err := New().Parse(t.Context(), src, r, transcripts.Checkpoint{}, c.Sink())
			if err != nil {
				t.Fatal(err)
			}
			if cp.Offset != int64(len(data)) {
				t.Errorf("%s (%s): checkpoint offset %d, want %d", name, what, cp.Offset, len(data))
			}
			s, ok := c.SessionsByID[own]
			if len(c.SessionsByID) != 1 || !ok {
				t.Errorf("%s (%s): sessions %+v, want only %s", name, what, c.Sessions(), own)
				continue
			}
			if s.ParentID != origin || s.Relation != transcripts.RelResumedFrom {
				t.Errorf("%s (%s): linked to %q (%s), want resumed_from %s", name, what, s.ParentID, s.Relation, origin)
			}
			if m := c.Messages(own); len(m) != 2 || m[0].Text != "log every retry" || m[1].Text != "Logged." {
				t.Errorf("%s (%s): messages %+v", name, what, m)
			}
		}
	}
}
