package gitrepo

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func writeFile(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// initRepo makes an empty repository on branch in a new folder with
// Init, and returns the folder.
func initRepo(t *testing.T, branch string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not on PATH")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := Init(dir, branch); err != nil {
		t.Fatal(err)
	}
	return dir
}

// gitOut runs git in dir without user or system configuration and returns
// its output.
func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func TestInitAndCommitAll(t *testing.T) {
	t.Parallel()
	dir := initRepo(t, "main")
	ada := Signature{Name: "Ada", Email: "ada@example.com", When: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	bob := Signature{Name: "Bob", Email: "bob@example.com", When: ada.When.Add(time.Hour)}
	writeFile(t, dir, "a.txt", "one\ntwo\n")
	writeFile(t, dir, "b.txt", "gone soon\n")
	first, err := CommitAll(dir, "Add a and b\n", ada, ada)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "a.txt", "one\n2\n")
	if err := os.Remove(filepath.Join(dir, "b.txt")); err != nil {
		t.Fatal(err)
	}
	second, err := CommitAll(dir, "Change a, drop b\n", ada, bob)
	if err != nil {
		t.Fatal(err)
	}

	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Head()
	if err != nil || h.Commit != second || h.Branch != "main" {
		t.Fatalf("head = %+v, %v", h, err)
	}
	c, err := r.ResolveCommit(second)
	if err != nil {
		t.Fatal(err)
	}
	if c.Author != "Ada" || c.Committer != "Bob" || !c.AuthorTime.Equal(ada.When) || !c.CommitTime.Equal(bob.When) ||
		c.Summary != "Change a, drop b" || len(c.Parents) != 1 || c.Parents[0] != first {
		t.Errorf("commit = %+v", c)
	}
	if _, err := r.Blob("HEAD", "b.txt"); !errors.Is(err, ErrNoSuchPath) {
		t.Errorf("deleted file still at HEAD: %v", err)
	}
	// The git executable reads what was written: blame names both commits.
	lines, err := r.Blame(context.Background(), "a.txt", BlameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 || lines[0].Commit.Hash != first || lines[1].Commit.Hash != second || lines[1].Text != "2" {
		t.Errorf("blame = %+v", lines)
	}

	// The same inputs give the same commit ids in another folder.
	again := t.TempDir()
	if err := Init(again, "main"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, again, "a.txt", "one\ntwo\n")
	writeFile(t, again, "b.txt", "gone soon\n")
	if h, err := CommitAll(again, "Add a and b\n", ada, ada); err != nil || h != first {
		t.Errorf("rebuilt commit = %s, %v; want %s", h, err, first)
	}
}

func TestCommitAllErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ada := Signature{Name: "Ada", Email: "ada@example.com", When: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	if _, err := CommitAll(dir, "msg", ada, ada); !errors.Is(err, ErrNotRepository) {
		t.Errorf("not a repository: %v", err)
	}
	if err := Init(dir, "main"); err != nil {
		t.Fatal(err)
	}
	if _, err := CommitAll(dir, "empty", ada, ada); !errors.Is(err, ErrNothingToCommit) {
		t.Errorf("empty working tree: %v", err)
	}
	writeFile(t, dir, "a.txt", "one\n")
	if _, err := CommitAll(dir, "no author", Signature{}, ada); err == nil || !strings.Contains(err.Error(), "author") {
		t.Errorf("missing author: %v", err)
	}
	if _, err := CommitAll(dir, "first", ada, ada); err != nil {
		t.Fatal(err)
	}
	if _, err := CommitAll(dir, "again", ada, ada); !errors.Is(err, ErrNothingToCommit) {
		t.Errorf("unchanged working tree: %v", err)
	}
	if err := Init(dir, "main"); err == nil {
		t.Error("Init over an existing repository succeeded")
	}
	if err := Init(filepath.Join(dir, "a.txt"), "bad branch name~"); err == nil {
		t.Error("Init with a bad branch name succeeded")
	}
}

func TestCommitAllTreeAndIndex(t *testing.T) {
	t.Parallel()
	dir := initRepo(t, "trunk")
	for _, sub := range []string{"pkg/inner", "empty", "build"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(sub)), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, dir, ".gitignore", "*.log\nbuild/\n")
	writeFile(t, dir, "a.go", "package a\n")
	writeFile(t, dir, "a-b.txt", "sorts between a.go and a/\n")
	writeFile(t, dir, "pkg/inner/deep.go", "package inner\n")
	writeFile(t, dir, "pkg/run.sh", "#!/bin/sh\n")
	if err := os.Chmod(filepath.Join(dir, "pkg", "run.sh"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "debug.log", "ignored\n")
	writeFile(t, dir, "build/out.bin", "ignored\n")
	if err := os.Symlink("a.go", filepath.Join(dir, "link.go")); err != nil {
		t.Fatal(err)
	}
	ada := Signature{Name: "Ada", Email: "ada@example.com", When: time.Date(2026, 3, 2, 9, 0, 0, 0, time.FixedZone("", 3600))}
	h, err := CommitAll(dir, "Tree\n\nWith: trailer\n", ada, ada)
	if err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) string { return gitOut(t, dir, args...) }
	git("fsck", "--strict", "--no-progress")
	if got := git("rev-parse", "refs/heads/trunk"); strings.TrimSpace(got) != h {
		t.Errorf("trunk = %s, want %s", got, h)
	}
	want := "100644 .gitignore\n100644 a-b.txt\n100644 a.go\n120000 link.go\n100644 pkg/inner/deep.go\n100755 pkg/run.sh\n"
	if got := git("ls-tree", "-r", "--format=%(objectmode) %(path)", "HEAD"); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
	if got := git("show", "-s", "--format=%an %ai|%B", "HEAD"); got != "Ada 2026-03-02 09:00:00 +0100|Tree\n\nWith: trailer\n\n" {
		t.Errorf("commit = %q", got)
	}
	// The index matches the tree: nothing staged, nothing untracked.
	if got := git("status", "--porcelain"); got != "" {
		t.Errorf("status after CommitAll:\n%s", got)
	}
}

// TestCommitAllDeletesEveryFile: a working tree emptied of files commits
// git's empty tree.
func TestCommitAllDeletesEveryFile(t *testing.T) {
	t.Parallel()
	dir := initRepo(t, "main")
	ada := Signature{Name: "Ada", Email: "ada@example.com", When: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	writeFile(t, dir, "a.txt", "one\n")
	if _, err := CommitAll(dir, "add", ada, ada); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "a.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := CommitAll(dir, "drop everything", ada, ada); err != nil {
		t.Fatal(err)
	}
	gitOut(t, dir, "fsck", "--strict", "--no-progress")
	if got := strings.TrimSpace(gitOut(t, dir, "rev-parse", "HEAD^{tree}")); got != "4b825dc642cb6eb9a060e54bf8d69288fbee4904" {
		t.Errorf("tree = %s; want the empty tree", got)
	}
	if _, err := CommitAll(dir, "again", ada, ada); !errors.Is(err, ErrNothingToCommit) {
		t.Errorf("empty again: %v", err)
	}
}
