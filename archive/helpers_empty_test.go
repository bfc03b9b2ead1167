package archive

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// emptyDB is the database file of a new archive, made once by Open (the
// fresh schema, as every new archive gets it) and closed, which leaves no
// WAL beside it. Creating the schema is most of what opening a new
// archive costs, syncs included: the tests that need an empty archive and
// are not about how Open creates one start from a copy (see layEmpty),
// which Open finds current and migrates no further.
var emptyDB = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "hansard-empty-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	a, err := Open(context.Background(), Options{Dir: filepath.Join(dir, "archive")})
	if err != nil {
		return nil, err
	}
	if err := a.Close(); err != nil {
		return nil, err
	}
	if _, err := os.Lstat(a.Path() + "-wal"); !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("a new archive closed with a WAL beside it (%v)", err)
	}
	return os.ReadFile(a.Path())
})

// layEmpty writes a copy of emptyDB as the database of the archive folder
// dir, creating dir (0700) when it is missing. It never replaces a
// database already there.
func layEmpty(t *testing.T, dir string) {
	t.Helper()
	data, err := emptyDB()
	if err != nil {
		t.Fatalf("empty archive: %v", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, DBName), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// openEmpty opens an empty archive (a copy of emptyDB) in a folder of its
// own, set as opts.Dir, and closes it when the test ends.
func openEmpty(t *testing.T, opts Options) *Archive {
	t.Helper()
	opts.Dir = t.TempDir()
	layEmpty(t, opts.Dir)
	a, err := Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}
