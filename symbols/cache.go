package symbols

import (
	"container/list"
	"crypto/sha1"
	"encoding/hex"
	"strconv"
	"sync"
)

// Version is the version of what parsing extracts. A cache kept across
// runs (in the archive) stores it with each entry and drops entries of
// another version.
const Version = 1

// Key names a parse result: the content's git blob id and the language it
// was read as (the same content is a different tree as .ts and .tsx).
type Key struct {
	Blob     string
	Language Language
}

// BlobID is git's object id of content as a blob (SHA-1), so a result
// cached by content is found again by the id git gives the same blob.
func BlobID(content []byte) string {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(content)) + "\x00"))
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

// Cache keeps parse results by key. Implementations are safe for
// concurrent use; a File handed to Put or returned by Get is read-only.
type Cache interface {
	Get(Key) (*File, bool)
	Put(Key, *File)
}

// LRU is a Cache in memory that keeps the most recently used entries, up
// to a count.
type LRU struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *lruEntry, most recent first
	items map[Key]*list.Element
}

type lruEntry struct {
	key  Key
	file *File
}

// NewLRU returns a cache of at most n entries (at least 1).
func NewLRU(n int) *LRU {
	return &LRU{max: max(n, 1), order: list.New(), items: map[Key]*list.Element{}}
}

// Get returns the entry for k and marks it recently used.
func (c *LRU) Get(k Key) (*File, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[k]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry).file, true
}

// Put stores f for k, dropping the least recently used entry when full.
func (c *LRU) Put(k Key, f *File) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		e.Value.(*lruEntry).file = f
		c.order.MoveToFront(e)
		return
	}
	c.items[k] = c.order.PushFront(&lruEntry{k, f})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry).key)
	}
}

// Len is the number of entries held.
func (c *LRU) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
