package symbols

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
)

// FileCache is a Cache kept in a file, so that a process and a restarted
// server reuse the parses of every blob another one read: the file is
// read on first use (each entry decoded when it is first asked for), and
// Save writes back the entries added since, with what the file holds by
// then. The file is tagged with CacheVersion: one written by another
// version (of what is extracted, or of the grammars) or that cannot be
// read is ignored, and replaced on the next Save. It holds at most max
// entries, the oldest dropped first. FileCache is safe for concurrent use;
// processes writing the same file at once lose nothing but each other's
// newest entries.
type FileCache struct {
	path string
	max  int

	mu      sync.Mutex
	loaded  bool
	entries map[Key]*cacheEntry
	order   []Key // oldest first
	added   bool
}

// cacheEntry is a parse, decoded (file) or as the file holds it (raw).
type cacheEntry struct {
	file *File
	raw  string
}

// cacheMagic opens the file, before CacheVersion.
const cacheMagic = "hansard symbols cache\n"

// NewFileCache returns the cache kept in the file at path, of at most n
// entries (at least 1).
func NewFileCache(path string, n int) *FileCache {
	return &FileCache{path: path, max: max(n, 1), entries: map[Key]*cacheEntry{}}
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

// Get returns the parse cached for k.
func (c *FileCache) Get(k Key) (*File, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	e, ok := c.entries[k]
	if !ok {
		return nil, false
	}
	if e.file == nil {
		f, err := decodeFile(e.raw)
		if err != nil { // a damaged entry: parsed again
			c.remove(k)
			return nil, false
		}
		e.file, e.raw = f, ""
	}
	return e.file, true
}

// Put caches f for k until Save writes it.
func (c *FileCache) Put(k Key, f *File) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	c.put(k, &cacheEntry{file: f})
	c.added = true
}

func (c *FileCache) put(k Key, e *cacheEntry) {
	if _, ok := c.entries[k]; !ok {
		c.order = append(c.order, k)
	}
	c.entries[k] = e
	if len(c.order) > c.max {
		for _, old := range c.order[:len(c.order)-c.max] {
			delete(c.entries, old)
		}
		c.order = append(c.order[:0:0], c.order[len(c.order)-c.max:]...)
	}
}

func (c *FileCache) remove(k Key) {
	delete(c.entries, k)
	for i, o := range c.order {
		if o == k {
			c.order = append(c.order[:i], c.order[i+1:]...)
			break
		}
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
	c.merge()
}

// merge adds the entries of the file that the cache does not hold.
func (c *FileCache) merge() {
	keys, raws, err := readCacheFile(c.path)
	if err != nil {
		return
	}
	for i, k := range keys {
		if _, ok := c.entries[k]; !ok {
			c.put(k, &cacheEntry{raw: raws[i]})
		}
	}
}

// readCacheFile returns the keys of the file's entries, oldest first, and
// their encodings.
func readCacheFile(path string) ([]Key, []string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	rest, ok := strings.CutPrefix(string(b), cacheMagic)
	if !ok {
		return nil, nil, errors.New("not a symbol cache")
	}
	r := &reader{s: rest}
	if r.string() != CacheVersion() || r.err != nil {
		return nil, nil, errors.New("another version's symbol cache")
	}
	var keys []Key
	var raws []string
	for len(r.s) > 0 {
		k := Key{Blob: r.string(), Language: Language(r.string())}
		raw := r.string()
		if r.err != nil {
			return keys, raws, nil // a torn end: the entries before it stand
		}
		keys, raws = append(keys, k), append(raws, raw)
	}
	return keys, raws, nil
}

// Save writes the entries added since the last Save into the file, with
// those the file holds now, through a temporary file renamed over it
// (0600, in a folder made 0700 when missing). Nothing added: nothing
// written.
func (c *FileCache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.added {
		return nil
	}
	c.merge() // another process's entries since
	b := appendString([]byte(cacheMagic), CacheVersion())
	var scratch []byte
	for _, k := range c.order {
		e := c.entries[k]
		b = appendString(b, k.Blob)
		b = appendString(b, string(k.Language))
		if e.file != nil {
			scratch = encodeFile(scratch[:0], e.file)
			b = appendBytes(b, scratch)
		} else {
			b = appendString(b, e.raw)
		}
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
	_, err = w.Write(b)
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
	c.added = false
	return nil
}
