package symbols

import (
	"bufio"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"sync"
)

// FileCache is a Cache kept in a file, so that a process and a restarted
// server reuse the parses of every blob another one read: the entries
// are loaded on first use and Save writes back the ones added since
// (merged with what the file holds by then). The file is tagged with
// CacheVersion: one written by another version (of what is extracted or
// of the grammars) is ignored, and replaced on the next Save. It holds at
// most max entries, the oldest dropped first. FileCache is safe for
// concurrent use; processes writing the same file at once lose nothing
// but each other's newest entries.
type FileCache struct {
	path string
	max  int

	mu      sync.Mutex
	loaded  bool
	entries map[Key]*File
	order   []Key // oldest first
	added   map[Key]bool
}

// NewFileCache returns the cache kept in the file at path, of at most max
// entries (at least 1).
func NewFileCache(path string, n int) *FileCache {
	return &FileCache{path: path, max: max(n, 1), entries: map[Key]*File{}, added: map[Key]bool{}}
}

// CacheVersion names what a cached parse depends on: Version, and the
// version of the grammars' module the binary was built with.
func CacheVersion() string {
	v := "symbols " + strconv.Itoa(Version)
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if m.Path == "github.com/smacker/go-tree-sitter" {
				v += " " + m.Version
				if m.Replace != nil {
					v += " => " + m.Replace.Path + " " + m.Replace.Version
				}
			}
		}
	}
	return v
}

// cacheFile is the file's layout.
type cacheFile struct {
	Version string
	Entries []cacheEntry // oldest first
}

type cacheEntry struct {
	Key  Key
	File *File
}

// Get returns the parse cached for k.
func (c *FileCache) Get(k Key) (*File, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	f, ok := c.entries[k]
	return f, ok
}

// Put caches f for k until Save writes it.
func (c *FileCache) Put(k Key, f *File) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	c.put(k, f)
	c.added[k] = true
}

func (c *FileCache) put(k Key, f *File) {
	if _, ok := c.entries[k]; !ok {
		c.order = append(c.order, k)
	}
	c.entries[k] = f
	for len(c.order) > c.max {
		delete(c.entries, c.order[0])
		delete(c.added, c.order[0])
		c.order = c.order[1:]
	}
}

// Len is the number of entries held.
func (c *FileCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	return len(c.entries)
}

// load reads the file once; a missing, unreadable or other version's file
// is an empty cache.
func (c *FileCache) load() {
	if c.loaded {
		return
	}
	c.loaded = true
	cf, err := readCacheFile(c.path)
	if err != nil {
		return
	}
	for _, e := range cf.Entries {
		if e.File != nil {
			c.put(e.Key, e.File)
		}
	}
}

func readCacheFile(path string) (cacheFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return cacheFile{}, err
	}
	defer f.Close()
	var cf cacheFile
	if err := gob.NewDecoder(bufio.NewReader(f)).Decode(&cf); err != nil {
		return cacheFile{}, err
	}
	if cf.Version != CacheVersion() {
		return cacheFile{}, errors.New("another version")
	}
	return cf, nil
}

// Save writes the entries added since the last Save into the file, with
// those the file holds now, through a temporary file renamed over it
// (0600, in a folder made 0700 when missing). Nothing added: nothing
// written.
func (c *FileCache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.added) == 0 {
		return nil
	}
	// Another process's entries are kept; a file unreadable or of
	// another version is replaced.
	if cf, err := readCacheFile(c.path); err == nil {
		for _, e := range cf.Entries {
			if _, ok := c.entries[e.Key]; !ok && e.File != nil {
				c.put(e.Key, e.File)
			}
		}
	}
	cf := cacheFile{Version: CacheVersion(), Entries: make([]cacheEntry, 0, len(c.order))}
	for _, k := range c.order {
		cf.Entries = append(cf.Entries, cacheEntry{k, c.entries[k]})
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o700); err != nil {
		return fmt.Errorf("symbol cache: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.path), ".symbols-*")
	if err != nil {
		return fmt.Errorf("symbol cache: %w", err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	err = gob.NewEncoder(w).Encode(cf)
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.path)
	}
	if err != nil {
		return fmt.Errorf("symbol cache: %w", err)
	}
	c.added = map[Key]bool{}
	return nil
}
