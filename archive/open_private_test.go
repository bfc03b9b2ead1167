package archive

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// An existing archive whose modes were loosened is tightened on open.
func TestOpenTightensExistingModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "archive")
	ctx := context.Background()
	a, err := Open(ctx, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(a.Path(), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Open(ctx, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for path, want := range map[string]os.FileMode{dir: 0o700, b.Path(): 0o600} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %v, want %v", path, got, want)
		}
	}
}

// A database path that is a folder is an error, not an archive.
func TestOpenRefusesFolderAsDatabase(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, DBName), 0o700); err != nil {
		t.Fatal(err)
	}
	if a, err := Open(context.Background(), Options{Dir: dir}); err == nil {
		a.Close()
		t.Fatal("opened a folder as the database")
	}
}

// Open fails, and leaves nothing open, on a folder it cannot use.
func TestOpenBadFolders(t *testing.T) {
	for name, dir := range map[string]func(t *testing.T) string{
		"no folder": func(*testing.T) string { return "" },
		"a file": func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "file")
			if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
				t.Fatal(err)
			}
			return path
		},
		"not a database": func(t *testing.T) string {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, DBName), []byte("not SQLite, not empty either"), 0o600); err != nil {
				t.Fatal(err)
			}
			return dir
		},
	} {
		t.Run(name, func(t *testing.T) {
			if a, err := Open(context.Background(), Options{Dir: dir(t)}); err == nil {
				a.Close()
				t.Fatal("opened")
			}
		})
	}
}
