package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An existing archive whose files' modes were loosened has them tightened
// on open; its folder keeps the mode it was given.
func TestOpenTightensExistingModes(t *testing.T) {
	t.Parallel()
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
	for path, want := range map[string]os.FileMode{dir: 0o755, b.Path(): 0o600} {
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
	t.Parallel()
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
	t.Parallel()
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

// An existing folder others can write to (a shared 1777 folder, a 0777
// one) is refused and left as it was; a folder of the user's that others
// can only read is used as it is.
func TestOpenRefusesSharedFolder(t *testing.T) {
	t.Parallel()
	for _, mode := range []os.FileMode{0o777 | os.ModeSticky, 0o777, 0o775} {
		dir := t.TempDir()
		if err := os.Chmod(dir, mode); err != nil {
			t.Fatal(err)
		}
		a, err := Open(context.Background(), Options{Dir: dir})
		if err == nil {
			a.Close()
			t.Fatalf("%v: opened a shared folder", mode)
		}
		if !strings.Contains(err.Error(), "not private") || !strings.Contains(err.Error(), "HANSARD_HOME") {
			t.Errorf("%v: unclear error %q", mode, err)
		}
		if got := modeOf(t, dir); got != mode {
			t.Errorf("mode %v became %v", mode, got)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v: wrote %d files into a folder it refused", mode, len(entries))
		}
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	a, err := Open(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if got := modeOf(t, dir); got != 0o755 {
		t.Errorf("the user's folder became %v", got)
	}
	if got := modeOf(t, a.Path()); got != 0o600 {
		t.Errorf("database %v", got)
	}
}

func modeOf(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode() & (os.ModePerm | os.ModeSticky)
}
