package symbols

import (
	"os"
	"path/filepath"
	"reflect"
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
	stale := appendString([]byte(cacheMagic), "symbols 0")
	stale = appendString(appendString(stale, ka.Blob), string(ka.Language))
	stale = appendBytes(stale, encodeFile(nil, &File{Package: "stale"}))
	if err := os.WriteFile(path, stale, 0o600); err != nil {
		t.Fatal(err)
	}
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

// An entry reads back as it was written, symbols and imports included; a
// damaged one is an error, and a damaged entry of a cache file a miss.
func TestFileCacheEntriesRoundTrip(t *testing.T) {
	t.Parallel()
	f := &File{Language: Python, Package: "p", ErrorShare: 0.125,
		Imports: []Import{{Path: "a.b", Names: []string{"c", "d"}, Line: 2}, {Path: "os", Line: 1}},
		Symbols: []Symbol{{Name: "C", Qualified: "C", Kind: KindClass, StartLine: 3, EndLine: 9, NameLine: 3, DocLine: 2, Shape: 1 << 63, Parent: -1},
			{Name: "m", Qualified: "C.m", Kind: KindMethod, Receiver: "", StartLine: 4, EndLine: 5, NameLine: 4, DocLine: 4, Shape: 7, Parent: 0}}}
	b := encodeFile(nil, f)
	got, err := decodeFile(string(b))
	if err != nil || !reflect.DeepEqual(got, f) {
		t.Fatalf("decoded %+v, %v; want %+v", got, err, f)
	}
	for _, bad := range [][]byte{b[:len(b)-1], append(append([]byte{}, b...), 0), {0xff}} {
		if _, err := decodeFile(string(bad)); err == nil {
			t.Errorf("a damaged entry (%d bytes) decoded", len(bad))
		}
	}
	path := filepath.Join(t.TempDir(), "symbols.cache")
	file := appendString([]byte(cacheMagic), CacheVersion())
	file = appendString(appendString(file, "blob"), string(Python))
	file = appendBytes(file, b[:len(b)-2])
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok := NewFileCache(path, 10).Get(Key{"blob", Python}); ok {
		t.Error("a damaged entry of the file was a hit")
	}
}
