package gitrepo

import (
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// commitCacheSize bounds the commits kept decoded per process.
const commitCacheSize = 8192

// commitCache keeps commit objects read by full id, per object store (the
// common git folder): a commit's content is its id, so an entry never
// goes stale. A long-running server asking about the same files again
// reads none of their commits twice.
var commitCache = struct {
	sync.Mutex
	m map[commitCacheKey]*commitObject
}{m: map[commitCacheKey]*commitObject{}}

type commitCacheKey struct {
	store string
	id    plumbing.Hash
}

func cachedCommit(store string, h plumbing.Hash) (*commitObject, bool) {
	commitCache.Lock()
	defer commitCache.Unlock()
	c, ok := commitCache.m[commitCacheKey{store, h}]
	return c, ok
}

func keepCommit(store string, c *commitObject) {
	commitCache.Lock()
	defer commitCache.Unlock()
	if len(commitCache.m) >= commitCacheSize {
		for k := range commitCache.m { // drop an arbitrary tenth
			delete(commitCache.m, k)
			if len(commitCache.m) < commitCacheSize*9/10 {
				break
			}
		}
	}
	commitCache.m[commitCacheKey{store, c.Hash}] = c
}
