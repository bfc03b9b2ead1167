package symbols

import (
	"context"
	"testing"
)

func TestBlobIDIsGitsObjectID(t *testing.T) {
	// git hash-object of "hello\n" and of an empty file.
	for content, want := range map[string]string{
		"hello\n": "ce013625030ba8dba906f756967f9e9ca394464a",
		"":        "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
	} {
		if got := BlobID([]byte(content)); got != want {
			t.Errorf("BlobID(%q) = %s, want %s", content, got, want)
		}
	}
}

func TestLRUDropsTheLeastRecentlyUsed(t *testing.T) {
	c := NewLRU(2)
	a, b, d := Key{"a", Go}, Key{"b", Go}, Key{"d", Go}
	c.Put(a, &File{Language: Go})
	c.Put(b, &File{Language: Go})
	if _, ok := c.Get(a); !ok { // a is now the most recent
		t.Fatal("a missing")
	}
	c.Put(d, &File{Language: Go})
	if _, ok := c.Get(b); ok {
		t.Error("b kept, though least recently used")
	}
	if _, ok := c.Get(a); !ok {
		t.Error("a dropped")
	}
	if _, ok := c.Get(Key{"a", Python}); ok {
		t.Error("the same blob read as another language hit")
	}
	if c.Len() != 2 {
		t.Errorf("Len %d, want 2", c.Len())
	}
}

// countingCache is a Cache that records its calls, as a persistent cache
// in the archive would be one.
type countingCache struct {
	m          map[Key]*File
	gets, puts int
}

func (c *countingCache) Get(k Key) (*File, bool) { c.gets++; f, ok := c.m[k]; return f, ok }
func (c *countingCache) Put(k Key, f *File)      { c.puts++; c.m[k] = f }

func TestParseUsesTheCacheByBlobID(t *testing.T) {
	cache := &countingCache{m: map[Key]*File{}}
	p := NewParser(Options{Cache: cache})
	src := []byte("package a\n\nfunc A() {}\n")
	first, err := p.Parse(context.Background(), "a/a.go", src)
	if err != nil {
		t.Fatal(err)
	}
	// The same content at another path is the same blob.
	second, err := p.Parse(context.Background(), "b/copy.go", src)
	if err != nil {
		t.Fatal(err)
	}
	if first != second {
		t.Error("the second parse of the same blob did not come from the cache")
	}
	if _, ok := cache.m[Key{Blob: BlobID(src), Language: Go}]; !ok {
		t.Error("nothing cached under the blob id")
	}
	st := p.Stats()
	if st.CacheHits != 1 || cache.puts != 1 {
		t.Errorf("cache hits %d, puts %d; want 1 and 1", st.CacheHits, cache.puts)
	}
	if Available() && (st.Parsed != 1 || st.Bytes != int64(len(src))) {
		t.Errorf("parsed %d files, %d bytes; want 1, %d", st.Parsed, st.Bytes, len(src))
	}
}
