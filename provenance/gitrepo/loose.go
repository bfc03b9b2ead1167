package gitrepo

import (
	"bytes"
	"compress/zlib"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// inflaters are zlib readers kept for the next loose object: a new one
// costs more than the inflating of a commit.
var inflaters sync.Pool

// looseContent reads the object h from its loose file under objects (the
// repository's objects folder) when it is one there of type t: the file
// read whole and inflated, without go-git's layers of files and caches,
// which cost a commit read one by one twice as much. ok is false when the
// object is not a loose one of type t or its file is not as git writes it:
// go-git then reads it (from a pack, an alternate) or reports why not.
func looseContent(objects string, t plumbing.ObjectType, h plumbing.Hash) (data []byte, ok bool) {
	if objects == "" {
		return nil, false
	}
	hex := h.String()
	raw, err := os.ReadFile(filepath.Join(objects, hex[:2], hex[2:]))
	if err != nil {
		return nil, false
	}
	src := bytes.NewReader(raw)
	var zr io.ReadCloser
	if r, _ := inflaters.Get().(io.ReadCloser); r != nil {
		if r.(zlib.Resetter).Reset(src, nil) != nil {
			return nil, false
		}
		zr = r
	} else if zr, err = zlib.NewReader(src); err != nil {
		return nil, false
	}
	defer inflaters.Put(zr)
	all, err := io.ReadAll(zr)
	if err != nil {
		return nil, false
	}
	// The header: "<type> <size>\x00".
	head, body, found := bytes.Cut(all, []byte{0})
	if !found {
		return nil, false
	}
	kind, size, found := bytes.Cut(head, []byte{' '})
	if !found || string(kind) != t.String() {
		return nil, false
	}
	if n, err := strconv.Atoi(string(size)); err != nil || n != len(body) {
		return nil, false
	}
	return body, true
}
