package gitrepo

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
)

// Resolved names the repository a folder belongs to.
type Resolved struct {
	// Root is the main repository's root on this machine (a linked worktree
	// resolves to its main checkout).
	Root string
	// RemoteURL is the URL of the "origin" remote, "" when there is none.
	RemoteURL string
}

// Resolver maps folders to their repositories, remembering each answer
// (including "not a repository") for the life of the Resolver. It is safe
// for concurrent use.
type Resolver struct {
	mu    sync.Mutex
	cache map[string]resolverEntry
}

type resolverEntry struct {
	res Resolved
	err error
}

// NewResolver returns an empty Resolver.
func NewResolver() *Resolver { return &Resolver{cache: map[string]resolverEntry{}} }

// Resolve returns the repository that contains dir. dir need not exist any
// more (a transcript may name a folder since deleted): the nearest existing
// parent is used. A folder outside any repository is ErrNotRepository.
func (r *Resolver) Resolve(ctx context.Context, dir string) (Resolved, error) {
	if err := ctx.Err(); err != nil {
		return Resolved{}, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Resolved{}, fmt.Errorf("resolve %s: %w", dir, err)
	}
	key := nearestExisting(abs)
	r.mu.Lock()
	e, ok := r.cache[key]
	r.mu.Unlock()
	if ok {
		return e.res, e.err
	}
	e = resolve(key)
	r.mu.Lock()
	r.cache[key] = e
	r.mu.Unlock()
	return e.res, e.err
}

func resolve(dir string) resolverEntry {
	repo, err := Open(dir)
	if err != nil {
		return resolverEntry{err: err}
	}
	url, err := repo.RemoteURL("origin")
	if err != nil {
		return resolverEntry{err: fmt.Errorf("resolve %s: %w", dir, err)}
	}
	return resolverEntry{res: Resolved{Root: repo.Root, RemoteURL: url}}
}
