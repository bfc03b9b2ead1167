package archive

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"hansard/pathmap"
)

// PathMap rewrites paths recorded under From (a folder on the machine or in
// the checkout where a transcript was recorded) to To (where that folder is
// now). Matching is by whole path components.
type PathMap = pathmap.Map

// Repo is a git repository on this machine.
type Repo struct {
	// Root is the main repository's top folder; a worktree resolves to the
	// repository it belongs to.
	Root string
	// WorkTree is the top folder of the checkout that contains the folder
	// resolved: a linked worktree's own root. "" means Root. Paths are
	// made relative to it.
	WorkTree string
	// RemoteURL is the URL of its main remote, "" when it has none.
	RemoteURL string
}

// top is the folder paths inside the checkout are relative to.
func (r Repo) top() string {
	if r.WorkTree != "" {
		return r.WorkTree
	}
	return r.Root
}

// ErrNotRepo is returned by a Resolver for a folder outside any repository.
var ErrNotRepo = errors.New("not in a git repository")

// Resolver finds the repository that contains a folder.
type Resolver interface {
	// Resolve returns the repository containing dir, or ErrNotRepo.
	Resolve(ctx context.Context, dir string) (Repo, error)
}

// normalizeMaps cleans maps and orders them longest From first, so the
// first match is the longest prefix.
func normalizeMaps(maps []PathMap) []PathMap {
	out := make([]PathMap, 0, len(maps))
	for _, m := range maps {
		if m.From == "" {
			continue
		}
		out = append(out, PathMap{From: filepath.Clean(m.From), To: filepath.Clean(m.To)})
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].From) > len(out[j].From) })
	return out
}

// mapPath applies the longest matching map to an absolute path.
func mapPath(maps []PathMap, p string) string {
	if p == "" {
		return ""
	}
	for _, m := range maps {
		if rest, ok := cutDir(p, m.From); ok {
			return filepath.Join(m.To, rest)
		}
	}
	return p
}

// cutDir reports whether p is dir or inside it, and returns p relative to dir.
func cutDir(p, dir string) (string, bool) {
	if p == dir {
		return "", true
	}
	if dir == "/" {
		return strings.TrimPrefix(p, "/"), strings.HasPrefix(p, "/")
	}
	if strings.HasPrefix(p, dir) && p[len(dir)] == filepath.Separator {
		return p[len(dir)+1:], true
	}
	return "", false
}

// resolveCache memoizes repository resolution per folder for one run.
type resolveCache struct {
	resolver Resolver
	byDir    map[string]resolved
}

type resolved struct {
	repo Repo
	ok   bool
}

func newResolveCache(r Resolver) *resolveCache {
	return &resolveCache{resolver: r, byDir: make(map[string]resolved)}
}

// repoOf returns the repository containing dir, resolving the nearest
// folder of dir that exists on this machine.
func (c *resolveCache) repoOf(ctx context.Context, dir string) (Repo, bool, error) {
	if c.resolver == nil || dir == "" || !filepath.IsAbs(dir) {
		return Repo{}, false, nil
	}
	dir = filepath.Clean(dir)
	if r, hit := c.byDir[dir]; hit {
		return r.repo, r.ok, nil
	}
	existing := dir
	for {
		if fi, err := os.Stat(existing); err == nil && fi.IsDir() {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			break
		}
		existing = parent
	}
	var r resolved
	if existing != dir {
		if hit, ok := c.byDir[existing]; ok {
			c.byDir[dir] = hit
			return hit.repo, hit.ok, nil
		}
	}
	repo, err := c.resolver.Resolve(ctx, existing)
	switch {
	case err == nil:
		r = resolved{repo: repo, ok: true}
	case errors.Is(err, ErrNotRepo):
	default:
		if ctx.Err() != nil {
			return Repo{}, false, ctx.Err()
		}
		// An unreadable folder or a broken repository attaches nothing.
	}
	c.byDir[dir] = r
	c.byDir[existing] = r
	return r.repo, r.ok, nil
}

// MergePathMaps adds maps to old; a map with the same From replaces the
// old one.
func MergePathMaps(old, add []PathMap) []PathMap {
	out := make([]PathMap, 0, len(old)+len(add))
	for _, m := range old {
		replaced := false
		for _, n := range add {
			if filepath.Clean(n.From) == filepath.Clean(m.From) {
				replaced = true
			}
		}
		if !replaced {
			out = append(out, m)
		}
	}
	return append(out, add...)
}
