package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hansard/internal/demo"
)

// isolate points every variable through which a process could reach the
// user's files at a fresh folder, and returns it.
func isolate(t *testing.T) string {
	t.Helper()
	outside := realTempDir(t)
	for _, k := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "TMPDIR"} {
		t.Setenv(k, filepath.Join(outside, strings.ToLower(k)))
	}
	for _, k := range []string{"HANSARD_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME"} {
		t.Setenv(k, filepath.Join(outside, strings.ToLower(k)))
	}
	return outside
}

// realTempDir is a new temporary folder by its real path (macOS's /var is a
// symbolic link), as the demo prints it.
func realTempDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func runDemoCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"demo"}, args...), streams{In: strings.NewReader(""), Out: &out, Err: &errb}, os.Getenv)
	return out.String(), errb.String(), code
}

// section returns the output of the step shown as cmd.
func section(t *testing.T, out, cmd string) string {
	t.Helper()
	_, after, ok := strings.Cut(out, "$ "+cmd+"\n")
	if !ok {
		t.Fatalf("no step %q in:\n%s", cmd, out)
	}
	if i := strings.Index(after, "\n# "); i >= 0 {
		after = after[:i]
	}
	return after
}

func TestDemo(t *testing.T) {
	outside := isolate(t)
	dir := filepath.Join(realTempDir(t), "demo")
	out, errOut, code := runDemoCmd(t, "--dir", dir)
	if code != 0 {
		t.Fatalf("demo: exit %d\n%s\n%s", code, errOut, out)
	}

	if s := section(t, out, "hansard index"); !strings.HasPrefix(s, "indexed 2 sessions") {
		t.Errorf("index step:\n%s", s)
	}
	agent := section(t, out, "hansard why client.go:52")
	for _, want := range []string{"client.go:52  proven", "ErrPermanent)", "claude 7b3f2c1e  " + demo.ClaudeTitle,
		"don't retry 4xx errors", "Retry server errors with exponential backoff", "Edit toolu_01Ed5eZj2MkYc7QdUg9PvXr"} {
		if !strings.Contains(agent, want) {
			t.Errorf("agent line: no %q in\n%s", want, agent)
		}
	}
	human := section(t, out, "hansard why retry.go:18")
	if !strings.Contains(human, "retry.go:18  none") || strings.Contains(human, "session") {
		t.Errorf("human line:\n%s", human)
	}
	file := section(t, out, "hansard why client.go")
	for _, want := range []string{"client.go:1-5  none", "client.go:59-70  proven", "codex 019cb84c  Add GetJSON to the fetch client",
		"client.go:51-53  proven"} {
		if !strings.Contains(file, want) {
			t.Errorf("whole file: no %q in\n%s", want, file)
		}
	}
	// A run of the person's lines, common lines among them, says why none
	// of them is attributed; common lines alone say theirs.
	for _, want := range []string{
		"client.go:7-16  none\n", "HTTP    *http.Client\n  reason   no archived edit introduced this text\n",
		"client.go:27-28  none\n", "\n  reason   common line: attributed only inside a block that one edit introduced\n  commit   da1a73cb"} {
		if !strings.Contains(file, want) {
			t.Errorf("whole file: no %q in\n%s", want, file)
		}
	}
	if strings.Contains(file, "HTTP    *http.Client\n  reason   common line") {
		t.Errorf("a run of substantive lines has a common line's reason:\n%s", file)
	}
	// The failed edit's text is in no answer: it never reached the file.
	if strings.Contains(out, "toolu_01Ed1aVf7HgUy3MzQc5KrTn") {
		t.Errorf("the failed edit is named as evidence:\n%s", out)
	}
	hist := section(t, out, "hansard history backoff")
	if !strings.Contains(hist, "claude  7b3f2c1e  "+demo.ClaudeTitle) || strings.Contains(hist, "codex") {
		t.Errorf("history:\n%s", hist)
	}
	if !strings.Contains(out, ". "+filepath.Join(dir, "env.sh")) {
		t.Errorf("kept folder not explained:\n%s", out)
	}

	// Everything went into the demo folder: the archive, the transcripts.
	for _, p := range []string{"home/.local/share/hansard", "home/.claude/projects", "home/.codex/sessions/2026/03/04", "repo/.git", "env.sh"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("demo folder: %v", err)
		}
	}
	// Nothing was written through HOME, XDG_*, TMPDIR or the others.
	err := filepath.WalkDir(outside, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != outside {
			t.Errorf("written outside the demo folder: %s", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestDemoDeterministic runs the demo twice: apart from the folder's path
// and the time indexing took, the output is the same.
func TestDemoDeterministic(t *testing.T) {
	isolate(t)
	elapsed := regexp.MustCompile(` in [0-9.]+ s\b`)
	var outs []string
	for _, name := range []string{"first", "second"} {
		dir := filepath.Join(realTempDir(t), name)
		out, errOut, code := runDemoCmd(t, "--dir", dir)
		if code != 0 {
			t.Fatalf("demo: exit %d\n%s", code, errOut)
		}
		out = strings.ReplaceAll(out, dir, "DIR")
		out = strings.ReplaceAll(out, demoProject(dir), "PROJECT")
		outs = append(outs, elapsed.ReplaceAllString(out, " in N s"))
	}
	if outs[0] != outs[1] {
		t.Errorf("outputs differ:\n%s\n----\n%s", outs[0], outs[1])
	}
}

// demoProject is Claude Code's folder name for the demo's repository.
func demoProject(dir string) string {
	return regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(filepath.Join(dir, "repo"), "-")
}

func TestDemoRemovesItsTemporaryFolder(t *testing.T) {
	outside := isolate(t)
	tmp := filepath.Join(outside, "tmpdir")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runDemoCmd(t)
	if code != 0 {
		t.Fatalf("demo: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(out, "hansard demo --keep") {
		t.Errorf("no hint to keep the folder:\n%s", out)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary folder left behind: %v", left)
	}
}

func TestDemoKeep(t *testing.T) {
	outside := isolate(t)
	tmp := filepath.Join(outside, "tmpdir")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runDemoCmd(t, "--keep")
	if code != 0 {
		t.Fatalf("demo: exit %d\n%s", code, errOut)
	}
	dir, _, _ := strings.Cut(strings.TrimPrefix(out, "hansard demo, in "), ":\n")
	if filepath.Dir(dir) != tmp {
		t.Fatalf("demo folder %q is not in TMPDIR", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, "env.sh")); err != nil || !strings.Contains(out, "cd "+filepath.Join(dir, "repo")) {
		t.Errorf("kept folder: %v\n%s", err, out)
	}
}

func TestDemoBadFolder(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runDemoCmd(t, "--dir", dir); code != exitUsage || !strings.Contains(errOut, "not empty") {
		t.Errorf("non-empty --dir: exit %d %q", code, errOut)
	}
	if _, _, code := runDemoCmd(t, "extra"); code != exitUsage {
		t.Errorf("argument: exit %d", code)
	}
}
