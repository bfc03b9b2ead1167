package archive

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// The archive folder is private: hansard creates it 0700, every file in
// it 0600 and every folder in it 0700, and it never follows a symbolic link
// inside it (a link placed where hansard keeps a file would have it write,
// or change the mode of, a file elsewhere). It changes the mode only of
// what it owns: an existing archive folder keeps its mode, and one that
// others can write to (a shared 1777 folder) or that is another user's is
// refused.

// errLink: a symbolic link where the archive keeps a file or folder.
var errLink = errors.New("is a symbolic link (hansard follows no link inside its archive folder)")

// sqliteSuffixes name the files SQLite keeps beside the database.
var sqliteSuffixes = []string{"-wal", "-shm", "-journal"}

// ensurePrivate makes sure the archive folder (see ensureFolder) and its
// database file (0600) exist, and that no file SQLite opens beside the
// database is a link or readable by others. An existing archive costs a
// stat per file.
//
// SQLite creates those files with the database file's mode whatever the
// umask, so only one left looser by an earlier run is opened, to change
// its mode: closing a descriptor of a file drops every POSIX lock the
// process holds on it, SQLite's too, and another process would then take
// the database, or its shared memory, for unused.
func ensurePrivate(dir, path string) error {
	if err := ensureFolder(dir); err != nil {
		return err
	}
	if err := ensureFile(path); err != nil {
		return err
	}
	for _, suffix := range sqliteSuffixes {
		fi, err := os.Lstat(path + suffix)
		switch {
		case err != nil:
		case fi.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("open archive: %s %w", path+suffix, errLink)
		case fi.Mode().IsRegular() && fi.Mode().Perm() != 0o600:
			if err := chmodPrivate(path + suffix); err != nil {
				return fmt.Errorf("open archive: %w", err)
			}
		}
	}
	return nil
}

// ensureFolder creates the archive folder 0700, or checks that an
// existing one is the user's and that no one else can write to it (others
// could plant files or links there). An existing folder keeps its mode:
// what hansard puts in it is private by itself.
func ensureFolder(dir string) error {
	fi, err := os.Stat(dir) // the folder itself may be reached through a link
	if errors.Is(err, fs.ErrNotExist) {
		return createFolder(dir)
	}
	if err != nil {
		return fmt.Errorf("archive folder: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("archive folder %s is not a folder", dir)
	}
	if fi.Mode().Perm()&0o022 == 0 && ownedByMe(fi) {
		return nil
	}
	why := fmt.Sprintf("other users can write to it (mode %04o)", octalMode(fi.Mode()))
	if !ownedByMe(fi) {
		why = "it belongs to another user"
	}
	return fmt.Errorf("archive folder %s is not private: %s; hansard keeps private conversations there and "+
		"changes the mode of no folder it did not create: set HANSARD_HOME to a folder of its own "+
		"(a path that does not exist yet is created 0700)", dir, why)
}

// octalMode is a mode as chmod takes it (1777).
func octalMode(m fs.FileMode) uint32 {
	o := uint32(m.Perm())
	if m&fs.ModeSticky != 0 {
		o |= 0o1000
	}
	return o
}

// createFolder creates dir and the missing folders above it, all 0700
// whatever the umask.
func createFolder(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	return nil
}

func ownedByMe(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || int(st.Uid) == os.Geteuid()
}

// ensureFile creates path 0600 when missing and otherwise makes sure it
// is a regular file, not a link, with mode 0600. Another process opening
// the archive may create it at the same time: what is there then is
// checked as an existing file, never removed.
func ensureFile(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		f, cerr := createNew(path)
		if cerr == nil {
			return f.Close()
		}
		if !errors.Is(cerr, fs.ErrExist) {
			return cerr
		}
		fi, err = os.Lstat(path)
	}
	switch {
	case err != nil:
		return fmt.Errorf("open archive: %w", err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("open archive: %s %w", path, errLink)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("open archive: %s is not a file", path)
	case fi.Mode().Perm() != 0o600:
		return chmodPrivate(path)
	}
	return nil
}

// chmodPrivate sets a file's mode to 0600 unless it is missing or a link.
func chmodPrivate(path string) error {
	f, err := openNoFollow(path, os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Chmod(0o600); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// openNoFollow opens a file of the archive folder, failing when it is a
// link. A file it creates is 0600.
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW, perm)
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("%s %w", path, errLink)
	}
	return f, err
}

// readNoFollow reads a file of the archive folder, failing when it is a
// link.
func readNoFollow(path string) ([]byte, error) {
	f, err := openNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// createExclusive creates path anew (0600, whatever the umask), replacing
// whatever was there, a link included, without following it.
func createExclusive(path string) (*os.File, error) {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return createNew(path)
}

// replaceFile makes path hold what r yields: written to path+".tmp",
// created anew (never through a file an interrupted run left), then
// renamed into place; the temporary file is removed on failure.
func replaceFile(path string, r io.Reader) error {
	tmp := path + ".tmp"
	f, err := createExclusive(tmp)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// createNew creates path (0600, whatever the umask), failing with
// fs.ErrExist when anything is there, a link included.
func createNew(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return f, nil
}

// mkdirIn makes sure the folders rel (one below the other) exist under the
// archive folder dir, 0700 and none of them a link.
func mkdirIn(dir string, rel ...string) error {
	path := dir
	for _, name := range rel {
		path = filepath.Join(path, name)
		if err := os.Mkdir(path, 0o700); err == nil {
			if err := os.Chmod(path, 0o700); err != nil {
				return fmt.Errorf("create %s: %w", path, err)
			}
			continue
		} else if !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("create %s: %w", path, err)
		}
		fi, err := os.Lstat(path)
		switch {
		case err != nil:
			return fmt.Errorf("create %s: %w", path, err)
		case fi.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s %w", path, errLink)
		case !fi.IsDir():
			return fmt.Errorf("create %s: not a folder", path)
		}
	}
	return nil
}

// mkdirFor makes sure the folders a retained file lives in
// (<Dir>/retained/<provider>, see RetainedPath) exist, 0700, neither a
// link.
func mkdirFor(path string) error {
	provider := filepath.Dir(path)
	retained := filepath.Dir(provider)
	return mkdirIn(filepath.Dir(retained), filepath.Base(retained), filepath.Base(provider))
}

// touchNoFollow sets a file's modification time (to the microsecond),
// creating it 0600 (or less, by the umask) when missing; it fails on a
// link.
func touchNoFollow(path string, t time.Time) error {
	f, err := openNoFollow(path, os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	tv := syscall.NsecToTimeval(t.UnixNano())
	err = syscall.Futimes(int(f.Fd()), []syscall.Timeval{tv, tv})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
