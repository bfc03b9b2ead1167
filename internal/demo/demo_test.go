package demo

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hansard/provenance/gitrepo"
)

func layout(t *testing.T) *Demo {
	t.Helper()
	d, err := Layout(context.Background(), filepath.Join(t.TempDir(), "demo"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestLayout(t *testing.T) {
	d := layout(t)

	// The repository: four commits by the person, the last one checked out
	// with a clean working tree.
	r, err := gitrepo.Open(d.Repo)
	if err != nil {
		t.Fatal(err)
	}
	if r.Root != d.Repo || len(d.Commits) != len(commits) {
		t.Fatalf("repo %s, commits %v", r.Root, d.Commits)
	}
	head, err := r.Head()
	if err != nil || head.Commit != d.Commits[3] || head.Branch != "main" {
		t.Fatalf("head = %+v, %v", head, err)
	}
	for i, h := range d.Commits {
		c, err := r.ResolveCommit(h)
		if err != nil {
			t.Fatal(err)
		}
		if c.Author != personName || !c.AuthorTime.Equal(commits[i].when) || c.Summary+"\n" != commits[i].message {
			t.Errorf("commit %d = %+v", i, c)
		}
	}
	files, err := finalFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(d.Repo, name))
		if err != nil || string(got) != want {
			t.Errorf("%s differs from the story's last version (%v)", name, err)
		}
	}

	// The transcripts, with the repository's path put in.
	claude := filepath.Join(d.Home, ".claude", "projects", claudeProject(d.Repo), ClaudeSession+".jsonl")
	codex := filepath.Join(d.Home, ".codex", "sessions", "2026", "03", "04", "rollout-2026-03-04T10-02-11-"+CodexSession+".jsonl")
	for _, p := range []string{claude, codex} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("{{")) || !bytes.Contains(b, []byte(`"cwd":"`+d.Repo+`"`)) {
			t.Errorf("%s: placeholders left or no cwd", p)
		}
	}
	if b, _ := os.ReadFile(codex); !bytes.Contains(b, []byte(`"commit_hash":"`+d.Commits[codexStartCommit]+`"`)) {
		t.Error("codex session_meta does not name the commit it started from")
	}

	// Modes, and every variable inside the folder.
	err = filepath.WalkDir(d.Dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || strings.Contains(p, string(filepath.Separator)+".git") {
			return err
		}
		fi, err := e.Info()
		if err != nil {
			return err
		}
		if want := fs.FileMode(0o600); e.IsDir() && fi.Mode().Perm() != 0o700 || !e.IsDir() && fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v", p, fi.Mode())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range d.Env {
		if !strings.HasPrefix(v, d.Dir+string(filepath.Separator)) {
			t.Errorf("%s=%s is outside the demo folder", k, v)
		}
	}
	env, err := os.ReadFile(d.EnvFile)
	if err != nil || !strings.Contains(string(env), "export HANSARD_HOME='"+d.Archive+"'\n") || strings.Contains(string(env), "export HOME=") {
		t.Errorf("env.sh:\n%s (%v)", env, err)
	}
}

func TestLayoutIsReproducible(t *testing.T) {
	a, b := layout(t), layout(t)
	if !reflect.DeepEqual(a.Commits, b.Commits) {
		t.Errorf("commit ids differ between folders: %v %v", a.Commits, b.Commits)
	}
}

func TestLayoutBadFolders(t *testing.T) {
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "x"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Layout(context.Background(), full); !errors.Is(err, ErrNotEmpty) {
		t.Errorf("non-empty folder: %v", err)
	}
	if _, err := Layout(context.Background(), filepath.Join(full, "x", "y")); err == nil {
		t.Error("folder under a file: no error")
	}
	if _, err := Layout(context.Background(), filepath.Join(t.TempDir(), `it's`)); err == nil || !strings.Contains(err.Error(), "quotes") {
		t.Errorf("quote in the path: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Layout(ctx, filepath.Join(t.TempDir(), "demo")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestGetenv(t *testing.T) {
	d := layout(t)
	outer := func(k string) string { return "outer-" + k }
	get := d.Getenv(outer)
	if get("HOME") != d.Home || get("HANSARD_HOME") != d.Archive || get("NO_COLOR") != "outer-NO_COLOR" {
		t.Errorf("HOME %q HANSARD_HOME %q NO_COLOR %q", get("HOME"), get("HANSARD_HOME"), get("NO_COLOR"))
	}
	if get("USER") != "" || get("GIT_DIR") != "" {
		t.Error("a variable of the user's environment leaks in")
	}
}

func TestSteps(t *testing.T) {
	d := layout(t)
	steps, err := d.Steps()
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, s := range steps {
		shown = append(shown, s.Shown)
		if s.Explain == "" {
			t.Errorf("%s: no explanation", s.Shown)
		}
	}
	want := []string{"hansard index", "hansard why client.go:52", "hansard why retry.go:18", "hansard why client.go", "hansard history backoff"}
	if !reflect.DeepEqual(shown, want) {
		t.Errorf("steps = %q", shown)
	}
	if got := steps[1].Args; got[0] != "why" || got[1] != filepath.Join(d.Repo, "client.go")+":52" {
		t.Errorf("why args = %q", got)
	}
	if got := steps[4].Args; !reflect.DeepEqual(got, []string{"history", "--repo", d.Repo, "backoff"}) {
		t.Errorf("history args = %q", got)
	}
}

func TestRun(t *testing.T) {
	steps := []Step{
		{Explain: "one", Args: []string{"index"}, Shown: "hansard index"},
		{Explain: "two", Args: []string{"why", "/r/a.go:1"}, Shown: "hansard why a.go:1"},
		{Explain: "three", Args: []string{"history", "x"}, Shown: "hansard history x"},
	}
	var ran [][]string
	runner := func(code int) Runner {
		return func(_ context.Context, args []string, stdout, _ io.Writer) int {
			ran = append(ran, args)
			io.WriteString(stdout, "answer\n")
			return code
		}
	}
	var out bytes.Buffer
	if err := Run(context.Background(), &out, io.Discard, steps, runner(0)); err != nil {
		t.Fatal(err)
	}
	want := "# one\n$ hansard index\nanswer\n\n# two\n$ hansard why a.go:1\nanswer\n\n# three\n$ hansard history x\nanswer\n"
	if out.String() != want || len(ran) != 3 {
		t.Errorf("output:\n%s", out.String())
	}

	ran = nil
	if err := Run(context.Background(), io.Discard, io.Discard, steps, runner(2)); err == nil || len(ran) != 1 ||
		!strings.Contains(err.Error(), "hansard index") {
		t.Errorf("failing step: %v, ran %q", err, ran)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Run(ctx, io.Discard, io.Discard, steps, runner(0)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// A step interrupted half way: the tour reports the cancellation.
	ctx, cancel = context.WithCancel(context.Background())
	interrupted := func(context.Context, []string, io.Writer, io.Writer) int { cancel(); return 130 }
	if err := Run(ctx, io.Discard, io.Discard, steps, interrupted); !errors.Is(err, context.Canceled) {
		t.Errorf("interrupted: %v", err)
	}
}

func TestWrap(t *testing.T) {
	cases := []struct {
		text  string
		width int
		want  []string
	}{
		{"one two three", 7, []string{"one two", "three"}},
		{"one two three", 80, []string{"one two three"}},
		{"  spaced   out ", 80, []string{"spaced out"}},
		{"a longword b", 4, []string{"a", "longword", "b"}},
		{"", 10, []string{""}},
	}
	for _, c := range cases {
		if got := wrap(c.text, c.width); !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
}

func TestClaudeProject(t *testing.T) {
	if got := claudeProject("/Users/dev/src/web-app_2.x"); got != "-Users-dev-src-web-app-2-x" {
		t.Errorf("claudeProject = %q", got)
	}
}

func TestLineOf(t *testing.T) {
	if n, err := lineOf("a\nb\nc\n", "b"); n != 2 || err != nil {
		t.Errorf("lineOf = %d, %v", n, err)
	}
	if _, err := lineOf("a\nab\n", "a"); err == nil {
		t.Error("two lines: no error")
	}
	if _, err := lineOf("a\n", "z"); err == nil {
		t.Error("no line: no error")
	}
}
