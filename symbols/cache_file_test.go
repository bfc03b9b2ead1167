package symbols

import (
	"encoding/gob"
	"os"
	"path/filepath"
	"testing"
)

// A FileCache's entries are found again by another FileCache of the same
// file (another process), the file is private, entries two processes add
// are both kept, and a file of another version or a broken one is an
// empty cache that the next Save replaces.
func TestFileCacheIsSharedThroughItsFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "archive", "symbols.cache")
	a := NewFileCache(path, 10)
	ka, kb := Key{"a", Go}, Key{"b", Python}
	a.Put(ka, &File{Language: Go, Package: "a", Imports: []Import{{Path: "fmt", Line: 3}}})
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("cache file: %v, %v", fi, err)
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("cache folder: %v, %v", fi, err)
	}
	b := NewFileCache(path, 10)
	f, ok := b.Get(ka)
	if !ok || f.Package != "a" || len(f.Imports) != 1 || f.Imports[0].Path != "fmt" {
		t.Fatalf("another process's cache: %+v, %v", f, ok)
	}
	b.Put(kb, &File{Language: Python})
	a.Put(Key{"c", Go}, &File{Language: Go})
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	if err := a.Save(); err != nil { // a did not see b's entry: kept all the same
		t.Fatal(err)
	}
	c := NewFileCache(path, 10)
	if c.Len() != 3 {
		t.Errorf("%d entries after both saved, want 3", c.Len())
	}

	// Another version's file: nothing read from it, replaced on Save.
	w, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := gob.NewEncoder(w).Encode(cacheFile{Version: "symbols 0", Entries: []cacheEntry{{ka, &File{Package: "stale"}}}}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	d := NewFileCache(path, 10)
	if _, ok := d.Get(ka); ok {
		t.Error("an entry of another version was read")
	}
	d.Put(kb, &File{Language: Python})
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	if e := NewFileCache(path, 10); e.Len() != 1 {
		t.Errorf("%d entries after replacing another version's file, want 1", e.Len())
	}

	// A broken file is an empty cache.
	if err := os.WriteFile(path, []byte("not a cache"), 0o600); err != nil {
		t.Fatal(err)
	}
	if n := NewFileCache(path, 10).Len(); n != 0 {
		t.Errorf("a broken file gave %d entries", n)
	}
}

// A FileCache holds at most its size, dropping the oldest entries, and
// Save without additions writes nothing.
func TestFileCacheIsBounded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "symbols.cache")
	c := NewFileCache(path, 2)
	for _, b := range []string{"a", "b", "c"} {
		c.Put(Key{b, Go}, &File{Language: Go})
	}
	if _, ok := c.Get(Key{"a", Go}); ok || c.Len() != 2 {
		t.Errorf("oldest kept or %d entries, want 2", c.Len())
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("Save with nothing added wrote the file: %v", err)
	}
}
