package claude

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// TestSubagentMetaFromSide parses a subagent file whose meta file is gone
// from disk but handed over in Source.Side, as the archive does from its
// retained copy.
func TestSubagentMetaFromSide(t *testing.T) {
	t.Parallel()
	const rel = "../../fixtures/claude/projects/-work-api/33333333-3333-4333-8333-333333333333/subagents/agent-5e6f7a8b9c0d1e2f3"
	data, err := os.ReadFile(rel + ".jsonl")
	if err != nil {
		t.Fatal(err)
	}
	meta, err := os.ReadFile(rel + ".meta.json")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "33333333-3333-4333-8333-333333333333", "subagents", "agent-5e6f7a8b9c0d1e2f3.jsonl")
	src := transcripts.Source{Provider: transcripts.ProviderClaude, Path: path, Class: transcripts.ClassSubagent}
	side := New().SideFiles(src)
	if len(side) != 1 || side[0] != metaPath(path) {
		t.Fatalf("side files of a subagent: %q", side)
	}
	if got := New().SideFiles(transcripts.Source{Path: "/p/33333333-3333-4333-8333-333333333333.jsonl"}); got != nil {
		t.Fatalf("side files of a main transcript: %q", got)
	}
	for name, files := range map[string]map[string][]byte{"handed over": {side[0]: meta}, "gone": {}} {
		src.Side = files
		c, _ := providertest.ParseFrom(t, New(), src, data, transcripts.Checkpoint{})
		ss := c.Sessions()
		if len(ss) != 1 {
			t.Fatalf("%s: sessions %+v", name, ss)
		}
		titled := ss[0].Title == "Extract store" && ss[0].ParentToolCallID == "toolu_D4"
		if titled != (name == "handed over") {
			t.Errorf("%s: session %+v", name, ss[0])
		}
	}
}
