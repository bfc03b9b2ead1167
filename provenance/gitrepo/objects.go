package gitrepo

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// store is the repository's refs, objects and config as go-git keeps them
// on disk (loose objects, packs, packed refs); objects is the objects
// folder whose loose commits are read without go-git (looseContent), none
// when empty.
type store struct {
	*filesystem.Storage
	objects string
}

// content reads the object h, which must be of type t: else
// plumbing.ErrObjectNotFound.
func (s *store) content(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	obj, err := s.EncodedObject(t, h)
	if err != nil {
		return nil, err
	}
	rd, err := obj.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

// CommitObject reads the commit h.
func (s *store) CommitObject(h plumbing.Hash) (*commitObject, error) {
	if b, ok := looseContent(s.objects, plumbing.CommitObject, h); ok {
		return decodeCommit(h, b)
	}
	b, err := s.content(plumbing.CommitObject, h)
	if err != nil {
		return nil, err
	}
	return decodeCommit(h, b)
}

// pathAt finds the object at the slash-separated path under tree.
// ErrNoSuchPath when a part of the path is missing or not a folder.
func (s *store) pathAt(tree plumbing.Hash, path string) (plumbing.Hash, error) {
	h := tree
	for part := range strings.SplitSeq(path, "/") {
		b, err := s.content(plumbing.TreeObject, h)
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			return plumbing.ZeroHash, ErrNoSuchPath // a file where a folder was expected
		}
		if err != nil {
			return plumbing.ZeroHash, err
		}
		if h, err = findTreeEntry(b, part); err != nil {
			return plumbing.ZeroHash, err
		}
	}
	return h, nil
}

// findTreeEntry finds name in a tree object's content: entries of
// "<octal mode> <name>\x00<20-byte id>".
func findTreeEntry(b []byte, name string) (plumbing.Hash, error) {
	for len(b) > 0 {
		sp := bytes.IndexByte(b, ' ')
		nul := bytes.IndexByte(b, 0)
		if sp < 0 || nul < sp || nul+1+len(plumbing.ZeroHash) > len(b) {
			return plumbing.ZeroHash, errors.New("malformed tree object")
		}
		if string(b[sp+1:nul]) == name {
			var h plumbing.Hash
			copy(h[:], b[nul+1:])
			return h, nil
		}
		b = b[nul+1+len(plumbing.ZeroHash):]
	}
	return plumbing.ZeroHash, ErrNoSuchPath
}
