package gittest

import (
	"os"
	"path/filepath"
	"testing"
)

// HeadID agrees with git rev-parse HEAD on a branch, in a linked
// worktree and on a detached HEAD, and gives up on a packed ref.
func TestHeadID(t *testing.T) {
	t.Parallel()
	r := New(t)
	if id, ok := HeadID(r.Dir); ok {
		t.Errorf("HeadID before any commit = %q", id)
	}
	r.Write("a.txt", "one\n")
	first := r.Commit("first")
	r.Write("a.txt", "two\n")
	second := r.Commit("second")
	check := func(what, dir, want string) {
		t.Helper()
		if rp := r.GitIn(dir, "rev-parse", "HEAD"); rp != want {
			t.Fatalf("%s: rev-parse HEAD = %s, want %s", what, rp, want)
		}
		if got, ok := HeadID(dir); !ok || got != want {
			t.Errorf("%s: HeadID = %q, %v, want %s", what, got, ok, want)
		}
	}
	check("branch", r.Dir, second)

	wt := filepath.Join(t.TempDir(), "wt")
	r.Git("worktree", "add", "-q", "-b", "side", wt)
	if err := os.WriteFile(filepath.Join(wt, "b.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	side := r.CommitIn(wt, "on the side")
	check("linked worktree", wt, side)
	check("branch after a commit in a linked worktree", r.Dir, second)

	r.Git("checkout", "-q", "--detach", first)
	check("detached", r.Dir, first)

	r.Git("checkout", "-q", "main")
	r.Git("pack-refs", "--all")
	if id, ok := HeadID(r.Dir); ok {
		t.Errorf("HeadID with the branch packed = %q, want false", id)
	}
	if id := r.Commit("after packing"); id != r.Git("rev-parse", "HEAD") {
		t.Errorf("Commit = %s, want HEAD", id)
	}
	if id, ok := HeadID(t.TempDir()); ok {
		t.Errorf("HeadID of a folder outside any working tree = %q", id)
	}
}
