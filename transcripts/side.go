package transcripts

import (
	"io"
	"io/fs"
	"os"
)

// SideFiler is a Provider whose Parse of a source also reads files beside
// it (Claude Code's subagent meta.json). The archive retains them with the
// source's retained copy and hands them to Parse in Source.Side, so that a
// source re-parsed once its files are gone reads them as they were.
type SideFiler interface {
	// SideFiles returns the paths of the files Parse may read for src
	// through Source.ReadSide.
	SideFiles(src Source) []string
}

// MaxSideBytes bounds what is read of a side file.
const MaxSideBytes = 1 << 20

// ReadSide returns a side file of src (see SideFiler), at most MaxSideBytes
// of it: from src.Side when it is set (a path it lacks does not exist),
// else from disk.
func (src Source) ReadSide(path string) ([]byte, error) {
	if src.Side != nil {
		b, ok := src.Side[path]
		if !ok {
			return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
		}
		return b, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxSideBytes))
}
