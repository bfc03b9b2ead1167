package archive

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestSubagentMetaSurvivesItsFile reads a subagent whose description and
// spawning call come from the meta file beside it, then rebuilds once
// Claude Code has deleted the subagent's files: they come back from the
// retained copies.
func TestSubagentMetaSurvivesItsFile(t *testing.T) {
	t.Parallel()
	const (
		project = "claude/projects/-work-api/"
		main    = "33333333-3333-4333-8333-333333333333"
		agent   = main + "/subagents/agent-5e6f7a8b9c0d1e2f3"
	)
	ctx := context.Background()
	a, home := linkArchive(t)
	for _, f := range []string{main + ".jsonl", agent + ".jsonl", agent + ".meta.json"} {
		placeFixture(t, home, project+f, "."+project+f)
	}
	refreshHome(t, a, home)
	id := main + "/agent-5e6f7a8b9c0d1e2f3"
	check := func(when string) {
		t.Helper()
		si, err := a.GetSession(ctx, id)
		if err != nil || si.Title != "Extract store" || !si.TitleFromAgent || si.ParentToolCallID != "toolu_D4" {
			t.Fatalf("%s: %+v %v", when, si.Session, err)
		}
	}
	check("indexed")

	os.Remove(filepath.Join(home, "."+project+agent+".meta.json"))
	if _, err := a.Refresh(ctx, realProviders(), homeEnv(home), RefreshOptions{Rebuild: true}); err != nil {
		t.Fatal(err)
	}
	check("rebuilt without the meta file")

	os.RemoveAll(filepath.Join(home, "."+project+main))
	refreshHome(t, a, home)
	if _, err := a.Refresh(ctx, realProviders(), homeEnv(home), RefreshOptions{Rebuild: true}); err != nil {
		t.Fatal(err)
	}
	check("rebuilt without the subagent's files")
}
