package gittest

import (
	"os"
	"path/filepath"
	"strings"
)

// HeadID returns the commit HEAD names in the working tree dir (its root,
// or a linked worktree's), read from the repository's files rather than
// asked of a git process: HEAD, then the loose ref it points at, as a
// commit leaves them. It reports false where that is not enough (a packed
// ref, another ref storage, a folder that is not a working tree's root);
// ask `git rev-parse HEAD` then.
func HeadID(dir string) (string, bool) {
	gitDir := filepath.Join(dir, ".git")
	fi, err := os.Stat(gitDir)
	if err != nil {
		return "", false
	}
	common := gitDir
	if !fi.IsDir() { // a linked worktree: "gitdir: PATH"
		b, err := os.ReadFile(gitDir)
		if err != nil {
			return "", false
		}
		p, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
		if !ok {
			return "", false
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		gitDir, common = p, p
		if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
			c := strings.TrimSpace(string(b))
			if !filepath.IsAbs(c) {
				c = filepath.Join(gitDir, c)
			}
			common = c
		}
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	id := strings.TrimSpace(string(head))
	if ref, ok := strings.CutPrefix(id, "ref: "); ok {
		if !strings.HasPrefix(ref, "refs/") {
			return "", false
		}
		b, err := os.ReadFile(filepath.Join(common, filepath.FromSlash(ref)))
		if err != nil {
			return "", false
		}
		id = strings.TrimSpace(string(b))
	}
	if !isObjectID(id) {
		return "", false
	}
	return id, true
}

// isObjectID reports whether s is a full SHA-1 or SHA-256 object id.
func isObjectID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
