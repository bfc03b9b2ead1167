package gitrepo

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// ChangedOtherThan reports whether commit (a full id) changed, against its
// first parent (a root commit: against nothing), any file other than
// paths (repo-relative). It compares the trees in process, descending
// only into the folders whose content differs.
func (r *Repo) ChangedOtherThan(commit string, paths ...string) (bool, error) {
	c, err := r.repo.CommitObject(plumbing.NewHash(commit))
	if err != nil {
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			return false, fmt.Errorf("commit %s: %w", commit, ErrBadRevision)
		}
		return false, fmt.Errorf("read commit %s: %w", commit, err)
	}
	var parent plumbing.Hash
	if len(c.ParentHashes) > 0 {
		p, err := r.repo.CommitObject(c.ParentHashes[0])
		if err != nil {
			return false, fmt.Errorf("read commit %s: %w", c.ParentHashes[0], err)
		}
		parent = p.TreeHash
	}
	return r.repo.treesDiffer(parent, c.TreeHash, "", paths)
}

// treesDiffer reports whether trees a and b (the zero hash: an empty
// tree), found at folder prefix, hold different content outside paths.
func (s *store) treesDiffer(a, b plumbing.Hash, prefix string, paths []string) (bool, error) {
	ea, err := s.treeEntries(a)
	if err != nil {
		return false, err
	}
	eb, err := s.treeEntries(b)
	if err != nil {
		return false, err
	}
	names := map[string]bool{}
	for n := range ea {
		names[n] = true
	}
	for n := range eb {
		names[n] = true
	}
	for n := range names {
		x, y := ea[n], eb[n]
		if x.hash == y.hash {
			continue
		}
		p := prefix + n
		if x.tree || y.tree {
			// A folder on either side (absent on the other, or both):
			// only one holding paths is looked into.
			folders := (x.tree || x.hash.IsZero()) && (y.tree || y.hash.IsZero())
			if !folders || !under(p, paths) {
				return true, nil
			}
			if d, err := s.treesDiffer(x.hash, y.hash, p+"/", paths); err != nil || d {
				return d, err
			}
			continue
		}
		if !isOneOf(p, paths) {
			return true, nil
		}
	}
	return false, nil
}

type treeItem struct {
	hash plumbing.Hash
	tree bool
}

// treeEntries reads a tree object's entries by name; none for the zero
// hash.
func (s *store) treeEntries(h plumbing.Hash) (map[string]treeItem, error) {
	out := map[string]treeItem{}
	if h.IsZero() {
		return out, nil
	}
	b, err := s.content(plumbing.TreeObject, h)
	if err != nil {
		return nil, err
	}
	for len(b) > 0 {
		sp := bytes.IndexByte(b, ' ')
		nul := bytes.IndexByte(b, 0)
		if sp < 0 || nul < sp || nul+1+len(plumbing.ZeroHash) > len(b) {
			return nil, errors.New("malformed tree object")
		}
		var e treeItem
		copy(e.hash[:], b[nul+1:])
		e.tree = string(b[:sp]) == "40000"
		out[string(b[sp+1:nul])] = e
		b = b[nul+1+len(plumbing.ZeroHash):]
	}
	return out, nil
}

// under reports whether folder dir holds one of paths.
func under(dir string, paths []string) bool {
	for _, p := range paths {
		if strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

func isOneOf(p string, paths []string) bool {
	for _, q := range paths {
		if p == q {
			return true
		}
	}
	return false
}
