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

// TrackedBlobs lists the files of the working tree's index, as
// TrackedFiles does, with the git blob id of each whose working-tree file
// is the one the index recorded: a regular file of the size and
// modification time the index holds, modified before the index was
// written (a file changed in the same instant is "racily clean" to git
// too, and left out). A file left out of blobs is to be read. An index
// this process cannot decode lists the files through git, without blobs.
func (r *Repo) TrackedBlobs(ctx context.Context) (files []string, blobs map[string]string, err error) {
	path := filepath.Join(r.GitDir, "index")
	f, err := os.Open(path)
	if err != nil {
		files, err = r.TrackedFiles(ctx)
		return files, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		files, err = r.TrackedFiles(ctx)
		return files, nil, err
	}
	// (go-git's index.Merged is 1; a merged entry's stage is 0.)
	idx, err := decodedIndex(f, path, fi)
	if err != nil {
		files, err = r.TrackedFiles(ctx)
		return files, nil, err
	}
	written := fi.ModTime()
	blobs = make(map[string]string, len(idx.Entries))
	for _, e := range idx.Entries {
		if e.Stage != 0 && len(files) > 0 && files[len(files)-1] == e.Name {
			continue // the other stages of a conflicted file
		}
		files = append(files, e.Name)
		if e.Stage != 0 || e.IntentToAdd || e.SkipWorktree || e.Mode != filemode.Regular && e.Mode != filemode.Executable {
			continue
		}
		if !e.ModifiedAt.Before(written) {
			continue
		}
		st, err := os.Lstat(filepath.Join(r.WorkTree, filepath.FromSlash(e.Name)))
		if err != nil || !st.Mode().IsRegular() || uint32(st.Size()) != e.Size || !st.ModTime().Equal(e.ModifiedAt) {
			continue
		}
		blobs[e.Name] = e.Hash.String()
	}
	return files, blobs, ctx.Err()
}

// lastIndex is the index file decoded last, kept while the file's size and
// time stay the same: a server asked about the same repository again
// decodes it once.
var lastIndex struct {
	sync.Mutex
	path  string
	size  int64
	mtime time.Time
	idx   *index.Index
}

// decodedIndex decodes the index file f (at path, of info fi).
func decodedIndex(f *os.File, path string, fi os.FileInfo) (*index.Index, error) {
	lastIndex.Lock()
	defer lastIndex.Unlock()
	if lastIndex.idx != nil && lastIndex.path == path && lastIndex.size == fi.Size() && lastIndex.mtime.Equal(fi.ModTime()) {
		return lastIndex.idx, nil
	}
	// (go-git's index.Merged is 1; a merged entry's stage is 0.)
	var idx index.Index
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(&idx); err != nil {
		return nil, err
	}
	lastIndex.path, lastIndex.size, lastIndex.mtime, lastIndex.idx = path, fi.Size(), fi.ModTime(), &idx
	return &idx, nil
}
