package archive

import (
	"bytes"
	"errors"
	"io"
	"os"
)

// tailBytes is how much of the end of what was read is fingerprinted: a
// file rewritten in place behind an unchanged head and size is told from
// one that only grew by the bytes just before where reading stopped.
const tailBytes = 4096

// readTail returns the bytes f holds where the stored tail fingerprint of
// row was taken (the tailLen bytes before retainedRaw), or nil when f is
// shorter than that.
func readTail(f *os.File, row sourceRow, size int64) ([]byte, error) {
	if row.tailLen == 0 || size < row.retainedRaw {
		return nil, nil
	}
	buf := make([]byte, row.tailLen)
	n, err := f.ReadAt(buf, row.retainedRaw-int64(row.tailLen))
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}

// sameTail reports whether tail (from readTail) is the stored tail of the
// source; a source stored without one matches.
func sameTail(row sourceRow, tail []byte) bool {
	if row.tailLen == 0 {
		return true
	}
	return len(tail) == row.tailLen && bytes.Equal(hashHead(tail), row.tailHash)
}

// tailWriter keeps the last tailBytes bytes written to it.
type tailWriter struct{ buf []byte }

func (t *tailWriter) Write(p []byte) (int, error) {
	if len(p) >= tailBytes {
		t.buf = append(t.buf[:0], p[len(p)-tailBytes:]...)
		return len(p), nil
	}
	if over := len(t.buf) + len(p) - tailBytes; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return len(p), nil
}
