package transcripts

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// The filter lets regular files through and links to regular files
// inside the roots (also when a root is reached through a link); it skips,
// with a reason, links that lead outside, to a folder or nowhere, and files
// that are not regular.
func TestSourceFilter(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	real := filepath.Join(base, "real")
	outside := filepath.Join(base, "outside.jsonl")
	for _, d := range []string{real, filepath.Join(real, "sub")} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(real, "a.jsonl"), outside} {
		if err := os.WriteFile(f, []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	root := filepath.Join(base, "root") // the provider's root, a link
	links := map[string]string{
		root:                                 real,
		filepath.Join(real, "in.jsonl"):      filepath.Join(real, "a.jsonl"),
		filepath.Join(real, "rel.jsonl"):     "sub/../a.jsonl",
		filepath.Join(real, "out.jsonl"):     outside,
		filepath.Join(real, "passwd.jsonl"):  "/etc/passwd",
		filepath.Join(real, "dir.jsonl"):     filepath.Join(real, "sub"),
		filepath.Join(real, "nowhere.jsonl"): filepath.Join(real, "gone"),
		filepath.Join(real, "up.jsonl"):      "../outside.jsonl",
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(real, "fifo.jsonl"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := NewSourceFilter([]string{root})
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"a.jsonl": true, "in.jsonl": true, "rel.jsonl": true}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		err := f.Check(filepath.Join(root, e.Name()), e)
		var skip *SkippedError
		switch {
		case want[e.Name()] && err != nil:
			t.Errorf("%s: %v", e.Name(), err)
		case !want[e.Name()] && !errors.As(err, &skip):
			t.Errorf("%s: not skipped (%v)", e.Name(), err)
		}
	}
}
