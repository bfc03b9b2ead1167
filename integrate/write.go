package integrate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// newFileMode and newDirMode are the modes of files and folders hansard
// creates: agents' configurations can hold tokens.
const (
	newFileMode fs.FileMode = 0o600
	newDirMode  fs.FileMode = 0o700
)

// current is a file as it is before the change.
type current struct {
	path   string // symbolic links resolved, so that a linked file is edited in place
	data   []byte
	mode   fs.FileMode
	exists bool
}

// readCurrent reads path, which may not exist.
func readCurrent(path string) (current, error) {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		path = r
	}
	c := current{path: path, mode: newFileMode}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return c, err
	}
	c.data, c.mode, c.exists = data, fi.Mode().Perm(), true
	return c, nil
}

// writeAtomic replaces path by data with mode: a temporary file in the
// same folder is written, synced and renamed over it, so that a reader
// sees the old file or the new one and never a part. Missing folders are
// created 0700.
func writeAtomic(path string, data []byte, mode fs.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, newDirMode); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".hansard-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// backupSuffix names a backup: PATH.hansard-backup-20261201T230315Z.
const backupSuffix = ".hansard-backup-"

// writeBackup keeps data, the file at path before a change, next to it
// (0600), and returns the backup's path. A second backup in the same
// second gets a counter.
func writeBackup(path string, data []byte, now time.Time) (string, error) {
	base := path + backupSuffix + now.UTC().Format("20060102T150405Z")
	for n := 1; ; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, newFileMode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return name, err
	}
}
