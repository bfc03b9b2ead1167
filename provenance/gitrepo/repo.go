package gitrepo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"

	"hansard/redact"
)

// ZeroCommit is the commit id git blame gives to lines not yet committed.
const ZeroCommit = "0000000000000000000000000000000000000000"

// Repo is one repository opened from a folder inside it.
type Repo struct {
	// Root is the main repository's root: the working tree of the common git
	// folder. For a linked worktree it is the main checkout, not the worktree.
	// For a bare repository it is the git folder.
	Root string
	// WorkTree is the root of the working tree the folder belongs to (the
	// linked worktree's own root for a worktree); "" for a bare repository.
	WorkTree string
	// GitDir is the worktree's git folder; CommonDir the shared one (equal
	// to GitDir outside linked worktrees).
	GitDir    string
	CommonDir string

	repo *store
}

// Open finds the repository that contains dir (a folder or a file, which need
// not exist: the nearest existing parent is used) and opens it. A linked
// worktree is opened with its common folder, so refs and objects are shared
// with the main repository.
func Open(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("open repository %s: %w", dir, err)
	}
	abs = nearestExisting(abs)
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		abs = filepath.Dir(abs)
	}
	var r *Repo
	for {
		if r, err = discover(abs); err != nil {
			return nil, fmt.Errorf("open repository %s: %w", dir, err)
		}
		if r == nil {
			return nil, fmt.Errorf("%s: %w", dir, ErrNotRepository)
		}
		// One stat: what HEAD holds is read by Head, which refuses a
		// HEAD that names no commit.
		if fi, err := os.Stat(filepath.Join(r.GitDir, "HEAD")); err == nil && !fi.IsDir() {
			break
		}
		// git passes over a .git folder without HEAD to the folders above;
		// a .git file naming no repository is an error.
		if r.WorkTree == "" || r.GitDir != filepath.Join(r.WorkTree, ".git") || filepath.Dir(r.WorkTree) == r.WorkTree {
			return nil, fmt.Errorf("%s: no HEAD in %s: %w", dir, r.GitDir, ErrNotRepository)
		}
		abs = filepath.Dir(r.WorkTree)
	}
	var fs billy.Filesystem = osfs.New(r.GitDir)
	if r.IsLinkedWorktree() {
		fs = dotgit.NewRepositoryFilesystem(fs, osfs.New(r.CommonDir))
	}
	// Alternates (git clone --shared or --reference) name other object
	// folders by absolute path, which go-git reads through AlternatesFS.
	r.repo = &store{filesystem.NewStorageWithOptions(fs, cache.NewObjectLRUDefault(),
		filesystem.Options{AlternatesFS: osfs.New(string(filepath.Separator))}), filepath.Join(r.CommonDir, "objects")}
	return r, nil
}

// nearestExisting walks up from p to the closest path that exists.
func nearestExisting(p string) string {
	for {
		if _, err := os.Stat(p); err == nil {
			return p
		}
		parent := filepath.Dir(p)
		if parent == p {
			return p
		}
		p = parent
	}
}

// discover walks up from the folder dir to the first folder holding a .git
// entry (a folder, or a linked worktree's file naming its git folder), or
// being a bare repository itself. It returns nil when there is none.
func discover(dir string) (*Repo, error) {
	for p := dir; ; p = filepath.Dir(p) {
		dotgit := filepath.Join(p, ".git")
		if _, err := os.Stat(dotgit); err == nil {
			r := &Repo{WorkTree: p}
			return r, r.findGitDirs()
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		if filepath.Base(p) != ".git" && isGitDir(p) {
			return &Repo{GitDir: p, CommonDir: p, Root: p}, nil
		}
		if filepath.Dir(p) == p {
			return nil, nil
		}
	}
}

// isGitDir reports whether p looks like a git folder: a HEAD file and an
// objects folder.
func isGitDir(p string) bool {
	if fi, err := os.Stat(filepath.Join(p, "HEAD")); err != nil || fi.IsDir() {
		return false
	}
	fi, err := os.Stat(filepath.Join(p, "objects"))
	return err == nil && fi.IsDir()
}

// findGitDirs reads WorkTree/.git (a folder, or a file pointing to the
// worktree's git folder) and the commondir file under it.
func (r *Repo) findGitDirs() error {
	dotgit := filepath.Join(r.WorkTree, ".git")
	fi, err := os.Stat(dotgit)
	if err != nil {
		return err
	}
	r.GitDir = dotgit
	if !fi.IsDir() {
		b, err := os.ReadFile(dotgit)
		if err != nil {
			return err
		}
		line, _, _ := strings.Cut(string(b), "\n")
		gd, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
		if !ok {
			return fmt.Errorf("%s: no gitdir line", dotgit)
		}
		gd = strings.TrimSpace(gd)
		if !filepath.IsAbs(gd) {
			gd = filepath.Join(r.WorkTree, gd)
		}
		r.GitDir = filepath.Clean(gd)
	}
	r.CommonDir = r.GitDir
	if b, err := os.ReadFile(filepath.Join(r.GitDir, "commondir")); err == nil {
		cd := strings.TrimSpace(string(b))
		if !filepath.IsAbs(cd) {
			cd = filepath.Join(r.GitDir, cd)
		}
		r.CommonDir = filepath.Clean(cd)
	}
	r.Root = r.WorkTree
	if r.CommonDir != r.GitDir {
		r.Root = mainRoot(r.CommonDir)
	}
	return nil
}

// mainRoot is the working tree of a common git folder: its parent when it is
// named .git, else the folder itself (a bare repository with worktrees).
func mainRoot(common string) string {
	if filepath.Base(common) == ".git" {
		return filepath.Dir(common)
	}
	return common
}

// IsLinkedWorktree reports whether the repository was opened from a linked
// worktree (git worktree add) rather than the main checkout.
func (r *Repo) IsLinkedWorktree() bool { return r.GitDir != r.CommonDir }

// Rel turns a path (absolute, or relative to the working tree root) into a
// slash-separated path relative to the working tree root. Paths outside the
// working tree, and absolute paths in a bare repository, are ErrNoSuchPath.
func (r *Repo) Rel(path string) (string, error) {
	rel := filepath.Clean(path)
	if filepath.IsAbs(path) && r.WorkTree == "" {
		rel = ".." // a bare repository has no files on disk
	} else if filepath.IsAbs(path) {
		// WorkTree has its symbolic links resolved: so must path's folder,
		// or its nearest existing parent when the folder is gone.
		dir, p := filepath.Dir(rel), rel
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			p = filepath.Join(real, filepath.Base(rel))
		} else if near := nearestExisting(dir); near != dir {
			if real, err := filepath.EvalSymlinks(near); err == nil {
				p = filepath.Join(real, rel[len(near):])
			}
		}
		var err error
		if rel, err = filepath.Rel(r.WorkTree, p); err != nil {
			rel = ".."
		}
	}
	if rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s is outside the working tree %s: %w", path, r.WorkTree, ErrNoSuchPath)
	}
	return filepath.ToSlash(rel), nil
}

// RemoteURL returns the first URL of the named remote without the user
// name and password it may carry (see redact.StripUserinfo), or "" when
// there is no such remote.
func (r *Repo) RemoteURL(name string) (string, error) {
	cfg, err := r.repo.Config()
	if err != nil {
		return "", fmt.Errorf("remote %s: %w", name, err)
	}
	if rem, ok := cfg.Remotes[name]; ok && len(rem.URLs) > 0 {
		return redact.StripUserinfo(rem.URLs[0]), nil
	}
	return "", nil
}

// Head is the checked-out state of the working tree.
type Head struct {
	Commit   string // "" in a repository with no commits yet
	Branch   string // short branch name; "" when detached
	Detached bool
}

// Head returns the commit and branch checked out in the working tree.
func (r *Repo) Head() (Head, error) {
	ref, err := r.repo.Reference(plumbing.HEAD)
	if err != nil {
		return Head{}, fmt.Errorf("read HEAD: %w", err)
	}
	var h Head
	if ref.Type() == plumbing.SymbolicReference {
		// What Short gives for a branch, without its fmt.Sscanf calls.
		var ok bool
		if h.Branch, ok = strings.CutPrefix(string(ref.Target()), "refs/heads/"); !ok {
			h.Branch = ref.Target().Short()
		}
		res, err := storer.ResolveReference(r.repo, ref.Target())
		if errors.Is(err, plumbing.ErrReferenceNotFound) {
			return h, nil
		}
		if err != nil {
			return Head{}, fmt.Errorf("resolve HEAD: %w", err)
		}
		ref = res
	} else {
		h.Detached = true
	}
	if ref.Hash().IsZero() {
		// go-git reads a ref file that holds no commit id (garbage, an
		// empty "ref: ") as the zero id.
		return Head{}, fmt.Errorf("resolve HEAD: %s holds no commit id", ref.Name())
	}
	h.Commit = ref.Hash().String()
	return h, nil
}
