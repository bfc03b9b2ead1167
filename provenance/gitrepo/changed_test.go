package gitrepo

import (
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

func TestChangedOtherThan(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.go", "package a\n")
	g.Write("dir/b.go", "package b\n")
	root := g.Commit("root")
	g.Write("dir/b.go", "package b\n\n// B.\n")
	onlyB := g.Commit("b only")
	g.Write("dir/b.go", "package b\n\n// B again.\n")
	g.Write("dir/sub/c.go", "package c\n")
	bAndC := g.Commit("b and c")
	g.Write("a.go", "package a\n\n// A.\n")
	g.Write("dir/b.go", "package b\n")
	aAndB := g.Commit("a and b")
	r := openRepo(t, g)
	for _, c := range []struct {
		commit string
		paths  []string
		want   bool
	}{
		{root, []string{"a.go"}, true},
		{root, []string{"a.go", "dir/b.go"}, false},
		{onlyB, []string{"dir/b.go"}, false},
		{onlyB, []string{"a.go"}, true},
		{bAndC, []string{"dir/b.go"}, true},
		{bAndC, []string{"dir/b.go", "dir/sub/c.go"}, false},
		{aAndB, []string{"dir/b.go"}, true},
		{aAndB, []string{"a.go", "dir/b.go"}, false},
	} {
		got, err := r.ChangedOtherThan(c.commit, c.paths...)
		if err != nil || got != c.want {
			t.Errorf("%s other than %v = %v, %v; want %v", c.commit[:8], c.paths, got, err, c.want)
		}
	}
	if _, err := r.ChangedOtherThan("0123456789012345678901234567890123456789", "a.go"); err == nil {
		t.Error("an unknown commit was accepted")
	}
}
