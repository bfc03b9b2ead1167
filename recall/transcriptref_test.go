package recall

import "testing"

func TestParseTranscriptRef(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ref  string
		path string
		line int
		ok   bool
	}{
		{"file:///home/d/.claude/projects/p/7b3f.jsonl#L18", "/home/d/.claude/projects/p/7b3f.jsonl", 18, true},
		{"file:///a%20b/x.jsonl.gz#L3-L9", "/a b/x.jsonl.gz", 3, true},
		{"file://localhost/a/x.jsonl", "/a/x.jsonl", 0, true},
		{"/abs/x.jsonl", "/abs/x.jsonl", 0, true},
		{"  ./rollout.jsonl#L4 ", "./rollout.jsonl", 4, true},
		{"sessions/rollout-1.jsonl", "sessions/rollout-1.jsonl", 0, true},
		{"file:sessions/rollout-1.jsonl#L7", "sessions/rollout-1.jsonl", 7, true},
		{"file:../a%20b/x.jsonl", "../a b/x.jsonl", 0, true},
		{"7b3f2c1e", "", 0, false},
		{"7b3f2c1e-9a4d/agent-a1b2", "", 0, false},
		{"/abs/x.jsonl#L0", "", 0, false},
		{"/abs/x.jsonl#top", "", 0, false},
	} {
		path, line, ok := ParseTranscriptRef(c.ref)
		if ok != c.ok || ok && (path != c.path || line != c.line) {
			t.Errorf("ParseTranscriptRef(%q) = %q, %d, %v; want %q, %d, %v", c.ref, path, line, ok, c.path, c.line, c.ok)
		}
	}
}
