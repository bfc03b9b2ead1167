package gitrepo

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// IndexBlobs knows the git blob id of the files of a working tree's index
// whose working-tree file is the one the index recorded. Its methods are
// safe for concurrent use; a nil IndexBlobs knows none.
type IndexBlobs struct {
	root    string
	written time.Time               // when the index was written
	entries map[string]*index.Entry // the files' entries that can name a blob
}

// BlobID returns the blob id of the file at path (repo-relative,
// slash-separated) when its working-tree file is a regular file of the size
// and modification time the index holds, modified before the index was
// written (a file changed in the same instant is "racily clean" to git
// too, and not known). It costs one lstat.
func (b *IndexBlobs) BlobID(path string) (string, bool) {
	if b == nil {
		return "", false
	}
	e := b.entries[path]
	if e == nil || !e.ModifiedAt.Before(b.written) {
		return "", false
	}
	st, err := os.Lstat(filepath.Join(b.root, filepath.FromSlash(path)))
	if err != nil || !st.Mode().IsRegular() || uint32(st.Size()) != e.Size || !st.ModTime().Equal(e.ModifiedAt) {
		return "", false
	}
	return e.Hash.String(), true
}

// TrackedBlobs lists the files of the working tree's index, as
// TrackedFiles does, with what the index knows of their blobs. An index
// this process cannot decode lists the files through git, with nil blobs.
func (r *Repo) TrackedBlobs(ctx context.Context) (files []string, blobs *IndexBlobs, err error) {
	path := filepath.Join(r.GitDir, "index")
	ix, err := readIndex(path)
	if err != nil {
		files, err = r.TrackedFiles(ctx)
		return files, nil, err
	}
	return ix.files, &IndexBlobs{root: r.WorkTree, written: ix.written, entries: ix.entries}, ctx.Err()
}

// decodedIndex is an index file read: its files in order, and the
// entries that can name a blob (merged, regular or executable, neither
// intent-to-add nor outside a sparse checkout).
type decodedIndex struct {
	files   []string
	entries map[string]*index.Entry
	written time.Time
}

// lastIndex is the index file read last, kept while the file's size and
// time stay the same: a server asked about the same repository again
// reads it once.
var lastIndex struct {
	sync.Mutex
	path string
	size int64
	ix   *decodedIndex
}

func readIndex(path string) (*decodedIndex, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	lastIndex.Lock()
	defer lastIndex.Unlock()
	if ix := lastIndex.ix; ix != nil && lastIndex.path == path && lastIndex.size == fi.Size() && ix.written.Equal(fi.ModTime()) {
		return ix, nil
	}
	var idx index.Index
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(&idx); err != nil {
		return nil, err
	}
	ix := &decodedIndex{entries: make(map[string]*index.Entry, len(idx.Entries)), written: fi.ModTime()}
	for _, e := range idx.Entries {
		// go-git's index.Merged is 1; a merged entry's stage is 0.
		if e.Stage != 0 && len(ix.files) > 0 && ix.files[len(ix.files)-1] == e.Name {
			continue // the other stages of a conflicted file
		}
		ix.files = append(ix.files, e.Name)
		if e.Stage == 0 && !e.IntentToAdd && !e.SkipWorktree && (e.Mode == filemode.Regular || e.Mode == filemode.Executable) {
			ix.entries[e.Name] = e
		}
	}
	lastIndex.path, lastIndex.size, lastIndex.ix = path, fi.Size(), ix
	return ix, nil
}
