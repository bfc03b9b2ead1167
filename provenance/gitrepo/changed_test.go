package gitrepo

import (
	"context"
	"reflect"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

func TestChangedPaths(t *testing.T) {
	g := gittest.New(t)
	g.Write("a.go", "package a\n")
	g.Write("b.go", "package a\n")
	c1 := g.Commit("root")
	g.Write("b.go", "package a\n\n// B.\n")
	g.Write("dir/c.go", "package c\n")
	c2 := g.Commit("two")
	r := openRepo(t, g)
	got, err := r.ChangedPaths(context.Background(), []string{c1, c2})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{c1: {"a.go", "b.go"}, c2: {"b.go", "dir/c.go"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changed paths = %v, want %v", got, want)
	}
	if _, err := r.ChangedPaths(context.Background(), []string{"--all"}); err == nil {
		t.Error("an option as a commit was accepted")
	}
}
