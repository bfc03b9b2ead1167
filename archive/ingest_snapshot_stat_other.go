//go:build !linux && !darwin

package archive

import (
	"errors"
	"os"
)

// statDir: folder times are not read here, so the shortcut is never
// taken and every refresh lists the folders.
func statDir(path string, followsLink bool) (snapDir, error) {
	return snapDir{}, errors.New("refresh snapshot: folder times not supported")
}

func fileUnchanged(f snapFile) (bool, error) {
	size, mtime, err := statFile(f.path)
	return err == nil && size == f.size && mtime == f.mtime, err
}

// fileStamp is the modification time where the change time is not read.
func fileStamp(fi os.FileInfo) int64 { return fi.ModTime().UnixNano() }
