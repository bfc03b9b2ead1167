package archive

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"hansard/transcripts"
)

// Side files: the files beside a source that its provider's Parse reads
// (transcripts.SideFiler, such as Claude Code's subagent meta.json) are
// retained too, each as last seen, raw (0600), at sidePath. Every parse
// hands them to the provider in Source.Side: read from disk while they are
// there (and retained when they changed), else from the retained copy, so
// that a rebuild after the agent deleted them reads what it read before.

// sidePath returns where the retained copy of a side file lives, beside
// the retained copies of transcripts.
func (a *Archive) sidePath(provider, path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(a.dir, "retained", provider, hex.EncodeToString(sum[:16])+".side")
}

// withSideFiles returns src with its side files, when its provider reads
// any.
func (a *Archive) withSideFiles(p transcripts.Provider, src transcripts.Source) (transcripts.Source, error) {
	sf, ok := p.(transcripts.SideFiler)
	if !ok {
		return src, nil
	}
	paths := sf.SideFiles(src)
	src.Side = make(map[string][]byte, len(paths))
	for _, path := range paths {
		kept := a.sidePath(src.Provider, path)
		b, err := readSideFile(path)
		if err == nil {
			if err := keepSideFile(kept, b); err != nil {
				return src, fmt.Errorf("retain %s: %w", path, err)
			}
			src.Side[path] = b
			continue
		}
		// Gone or unreadable: what was retained, if anything.
		b, err = readNoFollow(kept)
		switch {
		case err == nil:
			src.Side[path] = b
		case !errors.Is(err, fs.ErrNotExist):
			return src, fmt.Errorf("retained copy of %s: %w", path, err)
		}
	}
	return src, nil
}

// readSideFile reads at most transcripts.MaxSideBytes of a regular file,
// not following a symbolic link.
func readSideFile(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	// Without following a link or waiting on a FIFO put there meanwhile.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(fi, opened) {
		return nil, fmt.Errorf("%s: replaced while opened", path)
	}
	return io.ReadAll(io.LimitReader(f, transcripts.MaxSideBytes))
}

// keepSideFile makes the retained copy at kept hold b.
func keepSideFile(kept string, b []byte) error {
	if old, err := readNoFollow(kept); err == nil && bytes.Equal(old, b) {
		return nil
	}
	if err := mkdirFor(kept); err != nil {
		return err
	}
	return replaceFile(kept, bytes.NewReader(b))
}
