package gitrepo

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo/gittest"
)

// TrackedBlobs gives git's blob id of every unchanged tracked file, and
// none for a file changed since it was added (even to the same size), a
// symbolic link or a file gone from the work tree.
func TestTrackedBlobs(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.go", "package a\n")
	g.Write("sub/b.go", "package b\n")
	g.Write("gone.go", "package gone\n")
	g.Write("same.go", "package same\n")
	if err := os.Symlink("a.go", filepath.Join(g.Dir, "link.go")); err != nil {
		t.Fatal(err)
	}
	// Files older than the index, as after any ordinary checkout.
	old := time.Now().Add(-time.Hour)
	for _, f := range []string{"a.go", "sub/b.go", "gone.go", "same.go"} {
		if err := os.Chtimes(filepath.Join(g.Dir, f), old, old); err != nil {
			t.Fatal(err)
		}
	}
	g.Commit("files")
	want := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(g.Git("ls-files", "-s")), "\n") {
		f := strings.Fields(l) // mode id stage\tpath
		want[f[3]] = f[1]
	}
	if err := os.Remove(filepath.Join(g.Dir, "gone.go")); err != nil {
		t.Fatal(err)
	}
	g.Write("same.go", "package sam2\n") // same size, new time
	g.Write("untracked.go", "package u\n")
	r, err := Open(g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	files, blobs, err := r.TrackedBlobs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tracked, err := r.TrackedFiles(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(files, tracked) {
		t.Errorf("files %v, git ls-files %v", files, tracked)
	}
	for _, f := range []string{"a.go", "sub/b.go"} {
		if id, _ := blobs.BlobID(f); id != want[f] || want[f] == "" {
			t.Errorf("%s: blob %q, git has %q", f, id, want[f])
		}
	}
	for _, f := range []string{"gone.go", "same.go", "link.go", "untracked.go"} {
		if id, ok := blobs.BlobID(f); ok {
			t.Errorf("%s: blob %s given, though the work tree's file is not the index's", f, id)
		}
	}

	// A new index (the file staged again) is read again.
	time.Sleep(10 * time.Millisecond) // the index written after the file
	g.Git("add", "same.go")
	staged := strings.Fields(g.Git("ls-files", "-s", "same.go"))[1]
	_, blobs, err = r.TrackedBlobs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := blobs.BlobID("same.go"); id != staged {
		t.Errorf("same.go staged again: blob %q, git has %q", id, staged)
	}
}
