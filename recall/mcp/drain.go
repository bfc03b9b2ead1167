package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"
)

// drain lets the calls under way finish when the client closes its end:
// the protocol reader reports the end of input only once every request
// read has been answered (or ctx is done), so that a client that writes
// its requests and closes stdin still gets every answer.
type drain struct {
	ctx     context.Context
	in      io.Reader
	out     io.Writer
	mu      sync.Mutex
	pending map[string]bool // ids of requests read and not yet answered
	idle    chan struct{}   // closed and replaced whenever pending empties
	buf     []byte          // input not yet scanned for whole lines
	outBuf  []byte          // output not yet scanned for whole lines
}

func newDrain(ctx context.Context, in io.Reader, out io.Writer) *drain {
	return &drain{ctx: ctx, in: in, out: out, pending: map[string]bool{}, idle: make(chan struct{})}
}

// reader is the protocol's input.
func (d *drain) reader() io.Reader { return readerFunc(d.read) }

// writer is the protocol's output.
func (d *drain) writer() io.Writer { return writerFunc(d.write) }

func (d *drain) read(p []byte) (int, error) {
	n, err := d.in.Read(p)
	if n > 0 {
		d.scan(&d.buf, p[:n], d.request)
	}
	if errors.Is(err, io.EOF) {
		d.wait()
	}
	return n, err
}

func (d *drain) write(p []byte) (int, error) {
	n, err := d.out.Write(p)
	if n > 0 {
		d.scan(&d.outBuf, p[:n], d.response)
	}
	return n, err
}

// scan calls fn for every whole line that data completes. The lines data
// holds whole are read where they are: only the start of a line that a
// later call completes is copied into buf (an answer is written whole, so
// its tens of kilobytes are not copied).
func (d *drain) scan(buf *[]byte, data []byte, fn func([]byte)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		if len(*buf) > 0 {
			fn(append(*buf, data[:i]...))
			*buf = nil
		} else {
			fn(data[:i])
		}
		data = data[i+1:]
	}
	if len(data) > 0 {
		*buf = append(*buf, data...)
	}
}

// envelope is what drain reads of a JSON-RPC message.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func (d *drain) request(line []byte) {
	var e envelope
	if json.Unmarshal(line, &e) == nil && e.Method != "" && len(e.ID) > 0 && string(e.ID) != "null" {
		d.pending[string(e.ID)] = true
	}
}

func (d *drain) response(line []byte) {
	id, ok := responseID(line)
	if !ok {
		var e envelope
		if json.Unmarshal(line, &e) != nil || e.Method != "" || len(e.ID) == 0 {
			return
		}
		id = e.ID
	}
	delete(d.pending, string(id))
	if len(d.pending) == 0 {
		close(d.idle)
		d.idle = make(chan struct{})
	}
}

// responsePrefix starts every response the protocol library writes (a
// result or an error): the id comes next.
var responsePrefix = []byte(`{"jsonrpc":"2.0","id":`)

// responseID reads the id of a response from its first bytes, as the
// protocol library lays them out, without parsing the rest (a read's
// answer can be tens of kilobytes); ok is false when the line is laid out
// otherwise, and the caller parses it whole.
func responseID(line []byte) (id []byte, ok bool) {
	rest, found := bytes.CutPrefix(line, responsePrefix)
	if !found {
		return nil, false
	}
	end := bytes.IndexByte(rest, ',')
	if end <= 0 {
		return nil, false
	}
	id, rest = rest[:end], rest[end:]
	if !bytes.HasPrefix(rest, []byte(`,"result":`)) && !bytes.HasPrefix(rest, []byte(`,"error":`)) {
		return nil, false
	}
	if id[0] == '"' {
		if len(id) < 2 || id[len(id)-1] != '"' || bytes.IndexByte(id, '\\') >= 0 {
			return nil, false
		}
		return id, true
	}
	for _, c := range id {
		if (c < '0' || c > '9') && c != '-' {
			return nil, false
		}
	}
	return id, true
}

// wait returns once no request is pending, or ctx is done.
func (d *drain) wait() {
	for {
		d.mu.Lock()
		n, idle := len(d.pending), d.idle
		d.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-idle:
		case <-d.ctx.Done():
			return
		}
	}
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
