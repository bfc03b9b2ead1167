package archive

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// A file that shrank to a prefix of what was read of it (truncated, or put
// back from an older copy) holds nothing new: the archive keeps what it
// read, the longer text, and the source waits until the file grows back
// past where reading stopped (then its tail tells whether it grew the same
// way) or changes otherwise (a new generation).

// retainedPrefix reports whether the first size bytes of f are those of
// the source's retained copy, which holds more.
func (a *Archive) retainedPrefix(j *job, f *os.File, size int64) (bool, error) {
	if j.row.retainedSize == 0 || size >= j.row.retainedRaw {
		return false, nil
	}
	rc, err := openRetained(a.RetainedPath(j.src.Provider, j.storedPath()), j.row.retainedSize)
	if err != nil {
		return false, err
	}
	defer rc.Close()
	file, kept := io.NewSectionReader(f, 0, size), io.LimitReader(rc, size)
	bufA, bufB := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		n, errA := io.ReadFull(file, bufA)
		m, errB := io.ReadFull(kept, bufB[:n])
		if m != n || !bytes.Equal(bufA[:n], bufB[:m]) {
			return false, nil
		}
		if errA != nil {
			if errors.Is(errA, io.EOF) || errors.Is(errA, io.ErrUnexpectedEOF) {
				return true, nil
			}
			return false, errA
		}
		if errB != nil && !errors.Is(errB, io.EOF) {
			return false, fmt.Errorf("read retained copy: %w", errB)
		}
	}
}

// holdShrunk finishes the job of a file that shrank to a prefix of what
// was read: everything stored stays, but its new size and mtime, so that
// the next refresh looks again only once it changes.
func holdShrunk(ctx context.Context, j *job, out chan<- *batch) error {
	r := j.row
	return send(ctx, out, &batch{job: j, begin: true, done: &jobDone{cp: r.cp, size: j.size, mtime: j.mtime,
		headLen: r.headLen, headHash: r.headHash, tailLen: r.tailLen, tailHash: r.tailHash,
		retainedRaw: r.retainedRaw, retainedSize: r.retainedSize, contentHash: r.contentHash, snapshotLens: r.snapshotLens}})
}
