package gittest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// indexPaths (and Tracked) read the paths git ls-files lists, names of every length
// (the padding of entries) and quoted ones included; allTracked tells an
// untracked file or folder, and a tracked file changed or deleted, apart;
// Clean removes what is untracked.
func TestAllTracked(t *testing.T) {
	t.Parallel()
	r := New(t)
	if allTracked(r.Dir) {
		t.Error("allTracked before any index")
	}
	names := []string{"naïve \"notes\"\tv1.md", "d/e/f.go"}
	for n := 1; n <= 17; n++ {
		names = append(names, strings.Repeat("x", n))
	}
	for _, n := range names {
		r.Write(n, n+"\n")
	}
	if allTracked(r.Dir) {
		t.Error("allTracked with untracked files")
	}
	r.Commit("add")
	paths, ok := indexPaths(filepath.Join(r.Dir, ".git", "index"))
	var got []string
	for p := range paths {
		got = append(got, p)
	}
	slices.Sort(got)
	want := strings.Split(strings.TrimSuffix(r.Git("ls-files", "-z"), "\x00"), "\x00")
	if !ok || !slices.Equal(got, want) {
		t.Fatalf("indexPaths = %q, %v, want %q", got, ok, want)
	}
	if got := r.Tracked(); !slices.Equal(got, want) {
		t.Fatalf("Tracked = %q, want %q", got, want)
	}
	if !allTracked(r.Dir) {
		t.Error("allTracked is false right after a commit")
	}
	r.Write("x", "changed\n")
	if err := os.Remove(filepath.Join(r.Dir, "xx")); err != nil {
		t.Fatal(err)
	}
	if !allTracked(r.Dir) {
		t.Error("allTracked is false with a tracked file changed and one deleted")
	}
	r.Commit("change and delete")
	if got := r.Git("ls-files", "xx"); got != "" {
		t.Errorf("the deleted file is still tracked: %q", got)
	}
	if got := r.Git("status", "--porcelain"); got != "" {
		t.Errorf("status after the commit: %q", got)
	}
	r.Write("d/e/new.go", "new\n")
	if allTracked(r.Dir) {
		t.Error("allTracked with a new file in a tracked folder")
	}
	r.Clean()
	if _, err := os.Stat(filepath.Join(r.Dir, "d/e/new.go")); !os.IsNotExist(err) {
		t.Errorf("Clean left the untracked file: %v", err)
	}
	if !allTracked(r.Dir) {
		t.Error("allTracked is false after Clean")
	}
	if err := os.MkdirAll(filepath.Join(r.Dir, "empty", "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	if allTracked(r.Dir) {
		t.Error("allTracked with an untracked empty folder")
	}
	r.Clean()
	if _, err := os.Stat(filepath.Join(r.Dir, "empty")); !os.IsNotExist(err) {
		t.Errorf("Clean left the untracked folder: %v", err)
	}
}
