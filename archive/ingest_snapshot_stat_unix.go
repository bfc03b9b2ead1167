//go:build linux || darwin

package archive

import (
	"errors"
	"os"
	"syscall"
)

// The shortcut stats hundreds of files: it calls stat(2) into one buffer
// rather than os.Stat, which allocates a FileInfo for each.

// statDir stats a folder as recorded: roots through symbolic links (as
// discovery opens them), the folders under them not. A missing root is
// recorded as missing.
func statDir(path string, followsLink bool) (snapDir, error) {
	d := snapDir{path: path, followsLink: followsLink}
	var st syscall.Stat_t
	err := statRetry(path, followsLink, &st)
	if errors.Is(err, syscall.ENOENT) && followsLink {
		return d, nil
	}
	if err != nil {
		return d, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	d.dev, d.ino = uint64(st.Dev), uint64(st.Ino)
	d.mtimeNS, d.ctimeNS = mtimeNS(&st), ctimeNS(&st)
	d.exists = true
	return d, nil
}

// fileUnchanged reports whether f is still of the size and mtime recorded
// (what plan compares, see statFile); a file gone or no longer regular is
// an error.
func fileUnchanged(f snapFile) (bool, error) {
	var st syscall.Stat_t
	if err := statRetry(f.path, true, &st); err != nil {
		return false, &os.PathError{Op: "stat", Path: f.path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return false, errNotRegular
	}
	return st.Size == f.size && stampNS(&st) == f.mtime, nil
}

// fileStamp is what tells a file changed besides its size: the later of
// its modification and change times. The change time moves with every
// write and cannot be set back, so a rewrite that keeps the size and sets
// the modification time back is still noticed.
func fileStamp(fi os.FileInfo) int64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return stampNS(st)
	}
	return fi.ModTime().UnixNano()
}

func stampNS(st *syscall.Stat_t) int64 { return max(mtimeNS(st), ctimeNS(st)) }

var errNotRegular = errors.New("not a regular file")

func statRetry(path string, follow bool, st *syscall.Stat_t) error {
	for {
		var err error
		if follow {
			err = syscall.Stat(path, st)
		} else {
			err = syscall.Lstat(path, st)
		}
		if err != syscall.EINTR {
			return err
		}
	}
}
