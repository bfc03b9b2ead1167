package gittest

import (
	"os/exec"
	"reflect"
	"testing"
)

// New writes the files `git init -q -b main` writes, and git takes the
// result for an empty repository on branch main.
func TestNewIsGitInit(t *testing.T) {
	t.Parallel()
	r := New(t)
	dir := t.TempDir()
	cmd := exec.Command("git", "init", "-q", "-b", "main")
	cmd.Dir, cmd.Env = dir, r.Env(r.Now)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	want, err := readGitDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := readGitDir(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("New wrote\n%+v\ngit init wrote\n%+v", got, want)
	}
	if head := r.Git("symbolic-ref", "HEAD"); head != "refs/heads/main" {
		t.Errorf("HEAD = %s", head)
	}
	if top := r.Git("rev-parse", "--show-toplevel"); top != r.Dir {
		t.Errorf("top level = %s, want %s", top, r.Dir)
	}
}
