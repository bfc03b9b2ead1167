package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompletion: the scripts for each shell, and what the shell is
// offered for session ids, flag values and lines of a file.
func TestCompletion(t *testing.T) {
	home := fixtureHome(t)
	runIn(t, home, nil, "index")
	for _, shell := range []string{"bash", "zsh", "fish"} {
		out, errOut, code := runIn(t, home, nil, "completion", shell)
		if code != 0 || !strings.Contains(out, "hansard") || !strings.Contains(out, "__complete") {
			t.Errorf("completion %s: exit %d %s\n%.300s", shell, code, errOut, out)
		}
	}
	complete := func(args ...string) []string {
		t.Helper()
		out, errOut, code := runIn(t, home, nil, append([]string{"__complete"}, args...)...)
		if code != 0 {
			t.Fatalf("__complete %v: exit %d: %s", args, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		return lines[:len(lines)-1] // the last line is the directive
	}
	ids := complete("show", "1111")
	if len(ids) != 1 || !strings.HasPrefix(ids[0], "11111111-1111-4111-8111-111111111111\tRename the config loader, 2026-03-01 10:00 (") ||
		!strings.HasSuffix(ids[0], " ago)") {
		t.Errorf("session ids: %q", ids)
	}
	if got := complete("context", "1111"); strings.Join(got, "|") != strings.Join(ids, "|") {
		t.Errorf("context's session ids: %q, want show's %q", got, ids)
	}
	if all := complete("show", ""); len(all) < 3 {
		t.Errorf("every recent session: %q", all)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"history", "--provider", ""}, []string{"claude", "codex"}},
		{[]string{"history", "--roles", ""}, []string{"user\tprompts", "assistant\tanswers and tool calls", "tool\ttool results", "system\tsystem messages"}},
		{[]string{"history", "--mode", ""}, []string{"keyword", "meaning", "hybrid"}},
		{[]string{"why", "--color", ""}, []string{"auto", "always", "never"}},
	} {
		if got := complete(c.args...); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "demo.go"), []byte(locationsSource), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	lines := complete("why", "demo.go:")
	if len(lines) > 0 { // a cgo build reads symbols
		if strings.Join(lines, "|") != "demo.go:3-5\tfunction First|demo.go:8-11\tfunction Second" {
			t.Errorf("lines of demo.go: %q", lines)
		}
		if got := complete("why", "demo.go:Sec"); len(got) != 1 || !strings.HasPrefix(got[0], "demo.go:8-11\t") {
			t.Errorf("lines of Second: %q", got)
		}
		if got := complete("log", "demo.go:Sec"); len(got) != 1 || !strings.HasPrefix(got[0], "demo.go:8-11\t") {
			t.Errorf("log's lines of Second: %q", got)
		}
	}
	out, _, _ := runIn(t, home, nil, "__complete", "stats", "")
	if !strings.HasSuffix(strings.TrimSpace(out), ":0") { // the shell's files and folders
		t.Errorf("stats PATH: %q, want the default directive", out)
	}
	out, _, _ = runIn(t, home, nil, "__complete", "stats", "a", "")
	if !strings.HasSuffix(strings.TrimSpace(out), ":4") { // one PATH only
		t.Errorf("stats PATH PATH: %q, want no file completion", out)
	}
}
