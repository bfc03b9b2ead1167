package gitrepo

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"time"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// Signature names who made a commit, and when.
type Signature struct {
	Name  string
	Email string
	When  time.Time
}

// ErrNothingToCommit: CommitAll found the working tree equal to HEAD.
var ErrNothingToCommit = errors.New("nothing to commit")

// Init creates an empty repository in dir (an existing folder) whose HEAD
// names branch. It reads no user or system git configuration, so the
// repository it makes is the same on every machine.
func Init(dir, branch string) error {
	name := plumbing.NewBranchReferenceName(branch)
	if err := name.Validate(); err != nil {
		return fmt.Errorf("init repository %s: branch %q: %w", dir, branch, err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("init repository %s: not a folder", dir)
	}
	st := dotGitStorage(dir)
	if _, err := st.Reference(plumbing.HEAD); err == nil {
		return fmt.Errorf("init repository %s: a repository exists there", dir)
	}
	if err := st.Init(); err != nil {
		return fmt.Errorf("init repository %s: %w", dir, err)
	}
	if err := st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, name)); err != nil {
		return fmt.Errorf("init repository %s: %w", dir, err)
	}
	cfg, err := st.Config()
	if err != nil {
		return fmt.Errorf("init repository %s: %w", dir, err)
	}
	if err := st.SetConfig(cfg); err != nil {
		return fmt.Errorf("init repository %s: %w", dir, err)
	}
	return nil
}

// dotGitStorage is the object and ref storage of the repository whose
// working tree is dir.
func dotGitStorage(dir string) *filesystem.Storage {
	return filesystem.NewStorage(osfs.New(filepath.Join(dir, ".git")), cache.NewObjectLRUDefault())
}

// CommitAll stages every change of the working tree of the repository at
// dir (new, changed and deleted files, like `git add -A`; ignored files are
// left out) and commits it on the current branch with msg, author and
// committer. It returns the new commit's full hash. Equal inputs give equal
// hashes. A working tree with no change is ErrNothingToCommit.
func CommitAll(dir, msg string, author, committer Signature) (string, error) {
	if author.Name == "" || author.Email == "" || committer.Name == "" || committer.Email == "" {
		return "", fmt.Errorf("commit in %s: author and committer need a name and an email", dir)
	}
	st := &store{Storage: dotGitStorage(dir)}
	head, err := st.Reference(plumbing.HEAD)
	if err != nil {
		if errors.Is(err, plumbing.ErrReferenceNotFound) {
			return "", fmt.Errorf("%s: %w", dir, ErrNotRepository)
		}
		return "", fmt.Errorf("commit in %s: %w", dir, err)
	}
	ignore, err := ignoreMatcher(dir)
	if err != nil {
		return "", fmt.Errorf("commit in %s: %w", dir, err)
	}
	b := &treeBuilder{st: st, ignore: ignore}
	tree, err := b.writeTree(dir, nil)
	if err == nil && tree.IsZero() {
		// Every file deleted: the commit names git's empty tree.
		tree, err = b.store(plumbing.TreeObject, nil)
	}
	if err != nil {
		return "", fmt.Errorf("commit in %s: stage: %w", dir, err)
	}
	var parents []plumbing.Hash
	if cur, err := storer.ResolveReference(st, plumbing.HEAD); err == nil {
		pc, err := st.CommitObject(cur.Hash())
		if err != nil {
			return "", fmt.Errorf("commit in %s: read HEAD: %w", dir, err)
		}
		if pc.TreeHash == tree {
			return "", fmt.Errorf("commit in %s: %w", dir, ErrNothingToCommit)
		}
		parents = []plumbing.Hash{pc.Hash}
	} else if !errors.Is(err, plumbing.ErrReferenceNotFound) {
		return "", fmt.Errorf("commit in %s: read HEAD: %w", dir, err)
	} else if len(b.entries) == 0 {
		return "", fmt.Errorf("commit in %s: %w", dir, ErrNothingToCommit)
	}
	c := &commitObject{
		Author:       author,
		Committer:    committer,
		Message:      msg,
		TreeHash:     tree,
		ParentHashes: parents,
	}
	h, err := b.store(plumbing.CommitObject, c.encode())
	if err != nil {
		return "", fmt.Errorf("commit in %s: %w", dir, err)
	}
	target := plumbing.HEAD
	if head.Type() == plumbing.SymbolicReference {
		target = head.Target()
	}
	if err := st.SetReference(plumbing.NewHashReference(target, h)); err != nil {
		return "", fmt.Errorf("commit in %s: %w", dir, err)
	}
	sortEntries(b.entries)
	idx := &index.Index{Version: 2, Entries: b.entries}
	if err := st.SetIndex(idx); err != nil {
		return "", fmt.Errorf("commit in %s: write index: %w", dir, err)
	}
	return h.String(), nil
}

// ignoreMatcher reads the working tree's .gitignore files and
// .git/info/exclude.
func ignoreMatcher(dir string) (gitignore.Matcher, error) {
	ps, err := gitignore.ReadPatterns(osfs.New(dir), nil)
	if err != nil {
		return nil, fmt.Errorf("read ignore files: %w", err)
	}
	return gitignore.NewMatcher(ps), nil
}

// treeBuilder writes the blobs and trees of a working tree and lists the
// index entries of its files.
type treeBuilder struct {
	st      *store
	ignore  gitignore.Matcher
	entries []*index.Entry
}

// store writes an object of type t with the given content.
func (b *treeBuilder) store(t plumbing.ObjectType, content []byte) (plumbing.Hash, error) {
	obj := b.st.NewEncodedObject()
	obj.SetType(t)
	obj.SetSize(int64(len(content)))
	w, err := obj.Writer()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := w.Write(content); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := w.Close(); err != nil {
		return plumbing.ZeroHash, err
	}
	return b.st.SetEncodedObject(obj)
}

// treeEntry is one entry of a tree object being written.
type treeEntry struct {
	name string
	mode filemode.FileMode
	hash plumbing.Hash
}

// writeTree writes the tree of the folder at abs (at parts below the
// working tree root) and returns its hash; an empty folder gives the zero
// hash and is left out of its parent, as git does.
func (b *treeBuilder) writeTree(abs string, parts []string) (plumbing.Hash, error) {
	des, err := os.ReadDir(abs)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	var entries []treeEntry
	for _, de := range des {
		name := de.Name()
		if name == ".git" {
			continue
		}
		p := append(parts[:len(parts):len(parts)], name)
		if b.ignore.Match(p, de.IsDir()) {
			continue
		}
		full := filepath.Join(abs, name)
		var h plumbing.Hash
		var mode filemode.FileMode
		switch {
		case de.IsDir():
			if h, err = b.writeTree(full, p); err != nil {
				return plumbing.ZeroHash, err
			}
			if h.IsZero() {
				continue
			}
			mode = filemode.Dir
		case de.Type()&fs.ModeSymlink != 0 || de.Type().IsRegular():
			if h, mode, err = b.writeFile(full, path.Join(p...)); err != nil {
				return plumbing.ZeroHash, err
			}
		default:
			continue // sockets, pipes, devices
		}
		entries = append(entries, treeEntry{name: name, mode: mode, hash: h})
	}
	if len(entries) == 0 {
		return plumbing.ZeroHash, nil
	}
	sort.Slice(entries, func(i, j int) bool { return treeSortName(entries[i]) < treeSortName(entries[j]) })
	var content bytes.Buffer
	for _, e := range entries {
		fmt.Fprintf(&content, "%o %s\x00", uint32(e.mode), e.name)
		content.Write(e.hash[:])
	}
	return b.store(plumbing.TreeObject, content.Bytes())
}

// treeSortName is the key git sorts tree entries by: a folder's name
// sorts as if it ended in a slash.
func treeSortName(e treeEntry) string {
	if e.mode == filemode.Dir {
		return e.name + "/"
	}
	return e.name
}

// writeFile writes the blob of a file or symbolic link and records its
// index entry under the slash-separated rel.
func (b *treeBuilder) writeFile(full, rel string) (plumbing.Hash, filemode.FileMode, error) {
	fi, err := os.Lstat(full)
	if err != nil {
		return plumbing.ZeroHash, 0, err
	}
	mode, err := filemode.NewFromOSFileMode(fi.Mode())
	if err != nil {
		return plumbing.ZeroHash, 0, fmt.Errorf("%s: %w", rel, err)
	}
	var content []byte
	if mode == filemode.Symlink {
		target, err := os.Readlink(full)
		if err != nil {
			return plumbing.ZeroHash, 0, err
		}
		content = []byte(target)
	} else if content, err = os.ReadFile(full); err != nil {
		return plumbing.ZeroHash, 0, err
	}
	h, err := b.store(plumbing.BlobObject, content)
	if err != nil {
		return plumbing.ZeroHash, 0, err
	}
	b.entries = append(b.entries, &index.Entry{
		Name: rel, Hash: h, Mode: mode, ModifiedAt: fi.ModTime(), Size: uint32(fi.Size()),
	})
	return h, mode, nil
}

// sortEntries puts index entries in git's order, the byte order of their
// paths (the walk gives tree order, where "a/x" comes after "a.go").
func sortEntries(es []*index.Entry) {
	sort.Slice(es, func(i, j int) bool { return es[i].Name < es[j].Name })
}
