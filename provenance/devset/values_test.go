package devset

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRecordedRoot(t *testing.T) {
	clone := t.TempDir()
	if err := os.MkdirAll(filepath.Join(clone, "agents", "kiro"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ cwd, want string }{
		{"/Users/a/src/proj", "/Users/a/src/proj"},
		{"/Users/a/src/proj/agents/kiro", "/Users/a/src/proj"},
		{"/Users/a/src/proj/agents", "/Users/a/src/proj"},
		{"/Users/a/src/proj/kiro", "/Users/a/src/proj/kiro"}, // not a folder of the clone at that place
	} {
		if got := recordedRoot(c.cwd, clone); got != c.want {
			t.Errorf("recordedRoot(%q) = %q, want %q", c.cwd, got, c.want)
		}
	}
}

func TestReasonClass(t *testing.T) {
	for _, c := range []struct{ reason, want string }{
		{"the edit introduced this text once: line 161 is its copy", "the edit introduced this text once: line N is its copy"},
		{"git found the line moved or copied from a/b.go; the edit is 2m5s after the commit (within clock slack)",
			"git found the line moved or copied from PATH; the edit is N after the commit (within clock slack)"},
		{"introduced by this edit before the commit; 12 lines of its block agree", "introduced by this edit before the commit; N lines of its block agree"},
	} {
		if got := reasonClass(c.reason); got != c.want {
			t.Errorf("reasonClass(%q) = %q, want %q", c.reason, got, c.want)
		}
	}
}

func TestSessionID(t *testing.T) {
	for id, want := range map[string]string{
		"2026-03-19-0741f7b1-630a-43d3-8be9-ee27428bdd46": "0741f7b1-630a-43d3-8be9-ee27428bdd46",
		"0741f7b1-630a-43d3-8be9-ee27428bdd46":            "0741f7b1-630a-43d3-8be9-ee27428bdd46",
		"019da9bd-7cbb-7d22-b21c-80faf72e7f8a":            "019da9bd-7cbb-7d22-b21c-80faf72e7f8a",
	} {
		if got := sessionID(id); got != want {
			t.Errorf("sessionID(%q) = %q, want %q", id, got, want)
		}
	}
}
