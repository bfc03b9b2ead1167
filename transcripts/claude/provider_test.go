package claude

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"hansard/transcripts"
)

func TestRoots(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) transcripts.Env { return func(k string) string { return m[k] } }
	cases := []struct {
		env  map[string]string
		want []string
	}{
		{map[string]string{"HOME": "/home/ann"}, []string{"/home/ann/.claude/projects"}},
		{map[string]string{"HOME": "/home/ann", "CLAUDE_CONFIG_DIR": "/cfg/claude"}, []string{"/cfg/claude/projects"}},
		{map[string]string{}, nil},
	}
	for _, c := range cases {
		if got := New().Roots(env(c.env)); !slices.Equal(got, c.want) {
			t.Errorf("Roots(%v) = %v, want %v", c.env, got, c.want)
		}
	}
}

func TestDiscover(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := []string{
		"-w-app/aaaaaaaa-0000-4000-8000-000000000001.jsonl",
		"-w-app/agent-1234567.jsonl",
		"-w-app/notes.txt",
		"-w-app/memory/MEMORY.md",
		"-w-app/aaaaaaaa-0000-4000-8000-000000000001/subagents/agent-abc.jsonl",
		"-w-app/aaaaaaaa-0000-4000-8000-000000000001/subagents/agent-abc.meta.json",
		"-w-app/aaaaaaaa-0000-4000-8000-000000000001/subagents/workflows/w1/agent-def.jsonl",
		"-w-app/aaaaaaaa-0000-4000-8000-000000000001/subagents/workflows/w1/journal.jsonl",
		"-w-app/aaaaaaaa-0000-4000-8000-000000000001/tool-results/x.txt",
		"-w-lib/bbbbbbbb-0000-4000-8000-000000000002.jsonl",
	}
	for _, f := range files {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	var got []string
	var warned []string
	err := New().Discover(context.Background(), []string{root, filepath.Join(root, "missing"), notADir},
		func(p string, err error) { warned = append(warned, p) },
		func(s transcripts.Source) error {
			rel, _ := filepath.Rel(root, s.Path)
			got = append(got, s.Class+" "+filepath.ToSlash(rel))
			if s.Provider != transcripts.ProviderClaude {
				t.Errorf("provider %q", s.Provider)
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"main -w-app/aaaaaaaa-0000-4000-8000-000000000001.jsonl",
		"subagent -w-app/agent-1234567.jsonl",
		"subagent -w-app/aaaaaaaa-0000-4000-8000-000000000001/subagents/agent-abc.jsonl",
		"subagent -w-app/aaaaaaaa-0000-4000-8000-000000000001/subagents/workflows/w1/agent-def.jsonl",
		"main -w-lib/bbbbbbbb-0000-4000-8000-000000000002.jsonl",
	}
	if !slices.Equal(got, want) {
		t.Errorf("sources:\n got %q\nwant %q", got, want)
	}
	if !slices.Equal(warned, []string{notADir}) {
		t.Errorf("warned about %q, want only %q (missing roots are skipped quietly)", warned, notADir)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := New().Discover(ctx, []string{root}, func(string, error) {}, func(transcripts.Source) error { return nil }); err == nil {
		t.Error("Discover with a cancelled context: no error")
	}
}

func TestNestedParent(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"/h/.claude/projects/-w/s1/subagents/agent-a.jsonl":             "s1",
		"/h/.claude/projects/-w/s1/subagents/workflows/w/agent-b.jsonl": "s1",
		"/h/.claude/projects/-w/agent-c.jsonl":                          "",
	}
	for path, want := range cases {
		if got := nestedParent(path); got != want {
			t.Errorf("nestedParent(%s) = %q, want %q", path, got, want)
		}
	}
}
