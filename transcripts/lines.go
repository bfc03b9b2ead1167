package transcripts

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
)

// MaxLineBytes is the longest transcript line that is parsed. Longer lines
// are skipped without being held in memory and reported as ProblemOversized.
const MaxLineBytes = 32 << 20

// Line is one complete line of a transcript.
type Line struct {
	Bytes  []byte // without the trailing newline; valid until the next call
	Number int    // 1-based line number in the file
	Offset int64  // byte offset of the line's start in the file
	// Oversized is set (and Bytes is empty) when the line exceeded MaxLineBytes.
	Oversized bool
}

// ReadLines calls fn for every complete line of r, which is positioned at
// cp.Offset after cp.Line complete lines. A last line without a newline is
// not passed on: it is torn (still being written) and is read again next
// time. It returns the offset and line count after the last complete line.
func ReadLines(ctx context.Context, r io.Reader, cp Checkpoint, fn func(Line) error) (offset int64, lines int, err error) {
	br := bufio.NewReaderSize(r, 256<<10)
	offset, lines = cp.Offset, cp.Line
	var buf []byte
	for {
		if lines%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return offset, lines, err
			}
		}
		buf = buf[:0]
		n, oversized, complete, rerr := readLine(br, &buf)
		if !complete {
			if rerr != nil && !errors.Is(rerr, io.EOF) {
				return offset, lines, rerr
			}
			return offset, lines, nil // torn or empty tail: left for the next refresh
		}
		lines++
		line := Line{Bytes: bytes.TrimSuffix(buf, []byte{'\r'}), Number: lines, Offset: offset, Oversized: oversized}
		if oversized {
			line.Bytes = nil
		}
		offset += n
		if err := fn(line); err != nil {
			return offset, lines, err
		}
	}
}

// readLine appends one line (without '\n') to buf unless it passes
// MaxLineBytes. It returns the bytes consumed including the newline and
// whether a newline ended the line.
func readLine(br *bufio.Reader, buf *[]byte) (n int64, oversized, complete bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		full := err == nil
		if full {
			chunk = chunk[:len(chunk)-1]
		}
		if !oversized {
			if len(*buf)+len(chunk) > MaxLineBytes {
				oversized = true
				*buf = (*buf)[:0]
			} else {
				*buf = append(*buf, chunk...)
			}
		}
		switch {
		case full:
			return n, oversized, true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return n, oversized, false, err
		}
	}
}
