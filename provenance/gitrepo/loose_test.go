package gitrepo

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"hansard/provenance/gitrepo/gittest"
)

// TestLooseContent reads a loose commit as go-git does, refuses another
// type and a packed object (left to go-git), and CommitObject reads both;
// LooseCommit answers as ResolveCommit for a loose commit only.
func TestLooseContent(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "one\n")
	c1 := plumbing.NewHash(g.Commit("Add a\n\nBody text."))
	objects := filepath.Join(g.Dir, ".git", "objects")
	r := openRepo(t, g)
	want, err := r.repo.content(plumbing.CommitObject, c1)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := looseContent(objects, plumbing.CommitObject, c1)
	if !ok || !bytes.Equal(got, want) {
		t.Errorf("looseContent = %q, %v; want %q", got, ok, want)
	}
	if _, ok := looseContent(objects, plumbing.TreeObject, c1); ok {
		t.Error("a commit read as a tree")
	}
	if _, ok := looseContent("", plumbing.CommitObject, c1); ok {
		t.Error("read with no objects folder")
	}
	if c, ok := r.LooseCommit(c1.String()); !ok || c.Summary != "Add a" || c.Message != "Add a\n\nBody text.\n" {
		t.Errorf("LooseCommit = %+v, %v", c, ok)
	}
	if _, ok := r.LooseCommit(c1.String()[:12]); ok {
		t.Error("LooseCommit resolved a short id")
	}
	g.Write("a.txt", "two\n")
	c2 := plumbing.NewHash(g.Commit("Change a"))
	g.Git("gc", "-q", "--prune=now")
	if _, ok := looseContent(objects, plumbing.CommitObject, c2); ok {
		t.Error("a packed commit read as a loose one")
	}
	r = openRepo(t, g)
	if _, ok := r.LooseCommit(c2.String()); ok {
		t.Error("LooseCommit read a packed commit")
	}
	if want, err := r.ResolveCommit(c2.String()); err != nil || want.Summary != "Change a" {
		t.Errorf("ResolveCommit = %+v, %v", want, err)
	} else if got, ok := r.LooseCommit(c2.String()); !ok || got.Hash != want.Hash {
		t.Errorf("LooseCommit after ResolveCommit = %+v, %v; want the kept %+v", got, ok, want)
	}
	for _, h := range []plumbing.Hash{c1, c2} {
		if c, err := r.repo.CommitObject(h); err != nil || c.Hash != h {
			t.Errorf("CommitObject(%s) = %v, %v", h, c, err)
		}
	}
}
