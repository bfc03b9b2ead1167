package archive

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/claude"
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

// TestSideFileSymlinkIsNotFollowed places a symbolic link where a side
// file belongs: it is neither read nor retained.
func TestSideFileSymlinkIsNotFollowed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside.json")
	if err := os.WriteFile(outside, []byte(`{"description":"outside the roots"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	layEmpty(t, filepath.Join(dir, "archive"))
	a, err := Open(context.Background(), Options{Dir: filepath.Join(dir, "archive")})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	path := filepath.Join(dir, "s", "subagents", "agent-x.jsonl")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	meta := strings.TrimSuffix(path, ".jsonl") + ".meta.json"
	src := transcripts.Source{Provider: "claude", Path: path, Class: transcripts.ClassSubagent}
	// A regular file there is read (and retained).
	if err := os.WriteFile(meta, []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := a.withSideFiles(claude.New(), src); err != nil || string(got.Side[meta]) != `{}` {
		t.Fatalf("side files: %q %v", got.Side, err)
	}
	os.Remove(meta)
	os.Remove(a.sidePath("claude", meta))
	if err := os.Symlink(outside, meta); err != nil {
		t.Fatal(err)
	}
	got, err := a.withSideFiles(claude.New(), src)
	if err != nil || got.Side == nil || len(got.Side) != 0 {
		t.Fatalf("side files through a link: %q %v", got.Side, err)
	}
	if _, err := os.Lstat(a.sidePath("claude", meta)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("retained through a link: %v", err)
	}
}
