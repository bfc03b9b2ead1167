package archive

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/klauspost/compress/gzip"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// Retained copies: every byte read from a transcript is appended, gzip
// compressed, to <Dir>/retained/<provider>/<sha256(path)[:32]>.jsonl.gz.
// Each refresh that reads new bytes adds one gzip member; gzip readers read
// the concatenation as one stream, which is the original file's first
// retained_raw bytes. The committed compressed length (retained_size) is
// stored with the checkpoint in one transaction, and an append first cuts
// the file back to it, so bytes written by an interrupted run are dropped.

// RetainedPath returns where the retained copy of a source file lives.
func (a *Archive) RetainedPath(provider, path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(a.dir, "retained", provider, hex.EncodeToString(sum[:16])+".jsonl.gz")
}

// retainWriter appends one gzip member to a retained copy, created lazily
// on the first byte so that a refresh with nothing new writes nothing.
type retainWriter struct {
	path    string // file written (a .tmp file when replacing)
	replace bool   // start a new copy instead of appending
	keep    int64  // committed length to cut back to before appending
	f       *os.File
	zw      *gzip.Writer
	raw     int64 // original bytes written in this member
	err     error
}

func (w *retainWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	if w.zw == nil {
		if w.err = w.open(); w.err != nil {
			return 0, w.err
		}
	}
	n, err := w.zw.Write(p)
	w.raw += int64(n)
	if err != nil {
		w.err = fmt.Errorf("retain %s: %w", w.path, err)
	}
	return n, w.err
}

func (w *retainWriter) open() error {
	if err := mkdirFor(w.path); err != nil {
		return err
	}
	var f *os.File
	var err error
	if w.replace {
		f, err = createExclusive(w.path)
	} else if f, err = openNoFollow(w.path, os.O_RDWR|os.O_CREATE, 0o600); err == nil {
		if err = f.Chmod(0o600); err != nil {
			f.Close()
		}
	}
	if err != nil {
		return fmt.Errorf("retain: %w", err)
	}
	if !w.replace {
		if err := f.Truncate(w.keep); err != nil {
			f.Close()
			return fmt.Errorf("retain %s: %w", w.path, err)
		}
		if _, err := f.Seek(w.keep, io.SeekStart); err != nil {
			f.Close()
			return fmt.Errorf("retain %s: %w", w.path, err)
		}
	}
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(f)
	w.f, w.zw = f, zw
	return nil
}

// gzipWriters recycles compressors: each holds about a megabyte of tables.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed) // a valid level cannot fail
	return zw
}}

// release returns the compressor to the pool.
func (w *retainWriter) release() {
	if w.zw != nil {
		gzipWriters.Put(w.zw)
	}
	w.f, w.zw = nil, nil
}

// finish closes the member and returns the copy's compressed length, or
// keep when nothing was written.
func (w *retainWriter) finish() (int64, error) {
	if w.err != nil {
		w.abort()
		return 0, w.err
	}
	if w.zw == nil {
		if w.replace {
			return 0, nil
		}
		return w.keep, nil
	}
	err := w.zw.Close()
	var size int64
	if err == nil {
		size, err = w.f.Seek(0, io.SeekCurrent)
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	w.release()
	if err != nil {
		return 0, fmt.Errorf("retain %s: %w", w.path, err)
	}
	return size, nil
}

// abort closes the file without committing anything.
func (w *retainWriter) abort() {
	if w.f != nil {
		w.f.Close()
		w.release()
	}
	if w.replace {
		os.Remove(w.path)
	}
}

// openRetained returns a reader of the first size bytes of a retained copy,
// decompressed.
func openRetained(path string, size int64) (io.ReadCloser, error) {
	f, err := openNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("open retained copy: %w", err)
	}
	zr, err := gzip.NewReader(io.LimitReader(f, size))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open retained copy %s: %w", path, err)
	}
	return &retainedReader{zr: zr, f: f}, nil
}

type retainedReader struct {
	zr *gzip.Reader
	f  *os.File
}

func (r *retainedReader) Read(p []byte) (int, error) { return r.zr.Read(p) }
func (r *retainedReader) Close() error {
	r.zr.Close()
	return r.f.Close()
}

// teeReader passes reads through and copies every byte at or beyond file
// offset from to w.
type teeReader struct {
	r    io.Reader
	pos  int64 // file offset of the next byte read
	from int64
	w    io.Writer
	add  func(int64)
}

func (t *teeReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if n > 0 {
		start, end := t.pos, t.pos+int64(n)
		if t.w != nil && end > t.from {
			skip := int64(0)
			if start < t.from {
				skip = t.from - start
			}
			if _, werr := t.w.Write(p[skip:n]); werr != nil {
				return n, werr
			}
		}
		t.pos = end
		if t.add != nil {
			t.add(int64(n))
		}
	}
	return n, err
}
