package gittest

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"hansard/fixtures/githead"
)

// allTracked reports whether every file of the working tree dir is in its
// index, and every folder holds one that is, read from the index file
// (versions 2 and 3, SHA-1 ids, no unmerged entries and no extended
// flags). Then `git commit -a` stages what `git add -A` would (changes and
// deletions of tracked files) in one git process fewer, and `git clean`
// has nothing to remove. It reports false wherever it cannot tell.
func allTracked(dir string) bool {
	gitDir, _, ok := githead.Dirs(dir)
	if !ok {
		return false
	}
	paths, ok := indexPaths(filepath.Join(gitDir, "index"))
	if !ok {
		return false
	}
	folders := map[string]bool{}
	for p := range paths {
		for f := path.Dir(p); f != "." && !folders[f]; f = path.Dir(f) {
			folders[f] = true
		}
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == filepath.Join(dir, ".git") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if p == dir {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		known := paths
		if d.IsDir() {
			known = folders
		}
		if !known[filepath.ToSlash(rel)] {
			return fs.ErrNotExist
		}
		return nil
	})
	return err == nil
}

// Clean removes the untracked files and folders of the working tree as
// `git clean -q -f -d` does, without running it where allTracked finds
// nothing to remove (after a checkout, mostly).
func (r *Repo) Clean() {
	r.T.Helper()
	if !allTracked(r.Dir) {
		r.Git("clean", "-q", "-f", "-d")
	}
}

// Tracked returns the paths the index of the working tree holds, as
// `git ls-files` lists them, read from the index file where it can (see
// allTracked), else from git.
func (r *Repo) Tracked() []string {
	r.T.Helper()
	if paths, ok := indexPaths(filepath.Join(r.Dir, ".git", "index")); ok {
		out := make([]string, 0, len(paths))
		for p := range paths {
			out = append(out, p)
		}
		slices.Sort(out)
		return out
	}
	var out []string
	for _, p := range strings.Split(r.Git("ls-files", "-z"), "\x00") {
		if p != "" && (len(out) == 0 || out[len(out)-1] != p) {
			out = append(out, p)
		}
	}
	return out
}

// indexPaths returns the paths of the entries of a git index file.
func indexPaths(name string) (map[string]bool, bool) {
	b, err := os.ReadFile(name)
	if err != nil || len(b) < 12 || string(b[:4]) != "DIRC" {
		return nil, false
	}
	version, n := binary.BigEndian.Uint32(b[4:8]), binary.BigEndian.Uint32(b[8:12])
	if version != 2 && version != 3 {
		return nil, false
	}
	const fixed = 62 // times, device, inode, mode, ids, size, SHA-1, flags
	paths := make(map[string]bool, n)
	off := 12
	for range n {
		if off+fixed > len(b) {
			return nil, false
		}
		flags := binary.BigEndian.Uint16(b[off+60 : off+62])
		if flags&0x3000 != 0 { // an unmerged entry
			return nil, false
		}
		if flags&0x4000 != 0 { // extended flags: intent to add, skip-worktree
			return nil, false
		}
		start := off + fixed
		end := bytes.IndexByte(b[min(start, len(b)):], 0)
		if end < 0 {
			return nil, false
		}
		end += start
		paths[string(b[start:end])] = true
		// entries are padded with NULs to a multiple of eight bytes
		off += (end - off + 8) &^ 7
	}
	return paths, true
}
