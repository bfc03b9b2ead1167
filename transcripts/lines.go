package transcripts

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"
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
	// Unterminated is set on a last line that has no newline but is one
	// complete JSON object: agents often leave a file's last record without
	// one for a long time. Such a line is always the last passed on and is
	// not counted in the offset and line count ReadLines returns, so it is
	// read again once the file grows: a provider takes the checkpoint state
	// it returns before handling the line, and emits the same records (same
	// keys) for it again next time.
	Unterminated bool
}

// bom is the UTF-8 byte-order mark some editors and tools write at the
// start of a file.
var bom = []byte{0xEF, 0xBB, 0xBF}

// ReadLines calls fn for every complete line of r, which is positioned at
// cp.Offset after cp.Line complete lines. A last line without a newline is
// passed on, with Unterminated set, only when it is one complete JSON
// object; any other is torn (still being written) and is read again next
// time. It returns the offset and line count after the last line that
// ended in a newline. A byte-order mark at the start of the file (offset
// 0) is not part of the first line.
func ReadLines(ctx context.Context, r io.Reader, cp Checkpoint, fn func(Line) error) (offset int64, lines int, err error) {
	br := readers.Get().(*bufio.Reader)
	br.Reset(r)
	defer func() {
		br.Reset(nil)
		readers.Put(br)
	}()
	offset, lines = cp.Offset, cp.Line
	var buf []byte
	g := longGate{}
	g.gate, _ = r.(LineGate)
	defer g.leave(&buf)
	for {
		if lines%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return offset, lines, err
			}
		}
		buf = buf[:0]
		n, oversized, complete, rerr := readLine(br, &buf, func() error { return g.enter(ctx) })
		text := bytes.TrimSuffix(buf, []byte{'\r'})
		if offset == 0 {
			text = bytes.TrimPrefix(text, bom)
		}
		if !complete {
			if rerr != nil && !errors.Is(rerr, io.EOF) {
				return offset, lines, rerr
			}
			if !oversized && isObject(text) {
				return offset, lines, fn(Line{Bytes: text, Number: lines + 1, Offset: offset, Unterminated: true})
			}
			return offset, lines, nil // torn or empty tail: left for the next refresh
		}
		lines++
		line := Line{Bytes: text, Number: lines, Offset: offset, Oversized: oversized}
		if oversized {
			line.Bytes = nil
		}
		offset += n
		if err := fn(line); err != nil {
			return offset, lines, err
		}
		g.leave(&buf)
	}
}

// readers are ReadLines' buffered readers of 256 KB, kept for the next
// call: a file read from its checkpoint is often a few lines (a refresh
// reads many such), and allocating and clearing a new buffer each time
// cost more than reading them.
var readers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 256<<10) }}

// readLine appends one line (without '\n') to buf unless it passes
// MaxLineBytes. It returns the bytes consumed including the newline and
// whether a newline ended the line. It calls long before the line passes
// LongLine bytes.
func readLine(br *bufio.Reader, buf *[]byte, long func() error) (n int64, oversized, complete bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		full := err == nil
		if full {
			chunk = chunk[:len(chunk)-1]
		}
		if !oversized {
			if len(*buf)+len(chunk) > LongLine {
				if err := long(); err != nil {
					return n, oversized, false, err
				}
			}
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

// isObject reports whether b is one complete JSON object.
func isObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 1 && b[0] == '{' && b[len(b)-1] == '}' && json.Valid(b)
}

// longGate passes ReadLines' long lines through the reader's LineGate.
type longGate struct {
	gate LineGate
	in   bool // inside a long line
}

func (g *longGate) enter(ctx context.Context) error {
	if g.gate == nil || g.in {
		return nil
	}
	if err := g.gate.EnterLong(ctx); err != nil {
		return err
	}
	g.in = true
	return nil
}

// leave lets the long line out, and drops the buffer that grew for it.
func (g *longGate) leave(buf *[]byte) {
	if !g.in {
		return
	}
	g.in = false
	g.gate.LeaveLong()
	if cap(*buf) > LongLine {
		*buf = nil
	}
}
