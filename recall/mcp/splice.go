package mcp

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"strconv"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
)

// splicer writes the large parts of a tool's result (its structured
// content and text) into the answer as they were encoded once, instead
// of letting the protocol library encode them: it re-encodes and compacts
// every result, which costs more than reading a window. The result the
// library writes holds a placeholder for each part, a JSON string that
// writer replaces with the part's bytes; the answer is the same JSON as
// the library would have written.
type splicer struct {
	prefix []byte // `"` and the placeholders' start, unique to the splicer
	mu     sync.Mutex
	n      uint64
	parts  map[string][]byte // placeholder (quoted) → its JSON
}

func newSplicer() *splicer {
	return &splicer{prefix: []byte(`"hansard-part-` + rand.Text() + "-"), parts: map[string][]byte{}}
}

type spliceKey struct{}

// withSplicer returns ctx carrying sp, which the tools' results then hold
// parts of (see spliced).
func withSplicer(ctx context.Context, sp *splicer) context.Context {
	return context.WithValue(ctx, spliceKey{}, sp)
}

// result is a tool's result of structured content and text: spliced when
// the call came in through Serve, else as the protocol library encodes it.
func result(ctx context.Context, structured any, text string) *mcp.CallToolResult {
	if sp, ok := ctx.Value(spliceKey{}).(*splicer); ok {
		if res, err := sp.spliced(structured, text); err == nil {
			return res
		}
	}
	return mcp.NewToolResultStructured(structured, text)
}

// spliced is the result of structured content and text whose parts
// writer puts in; StructuredContent keeps the value for those who read
// it before it is written.
func (sp *splicer) spliced(structured any, text string) (*mcp.CallToolResult, error) {
	raw, err := json.Marshal(structured)
	if err != nil {
		return nil, err
	}
	quoted, err := json.Marshal(text)
	if err != nil {
		return nil, err
	}
	res := mcp.NewToolResultStructured(structured, sp.hold(quoted))
	res.RawStructuredContent = json.RawMessage(`"` + sp.hold(raw) + `"`)
	return res, nil
}

// hold keeps part for writer and returns the placeholder's text.
func (sp *splicer) hold(part []byte) string {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.n++
	key := string(strconv.AppendUint(sp.prefix, sp.n, 10)) + `"`
	sp.parts[key] = part
	return key[1 : len(key)-1]
}

// release drops the parts of a result that will not be written (a call
// answered by its time limit instead).
func (sp *splicer) release(res *mcp.CallToolResult) {
	if res == nil {
		return
	}
	keys := []string{string(res.RawStructuredContent)}
	for _, c := range res.Content {
		if t, ok := c.(mcp.TextContent); ok {
			keys = append(keys, `"`+t.Text+`"`)
		}
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	for _, k := range keys {
		delete(sp.parts, k)
	}
}

// releaseResult is release by the splicer of ctx, if any.
func releaseResult(ctx context.Context, res *mcp.CallToolResult) {
	if sp, ok := ctx.Value(spliceKey{}).(*splicer); ok {
		sp.release(res)
	}
}

// writer is w with the placeholders of each write replaced by their
// parts, written at once. The protocol library writes each answer whole,
// in one write.
func (sp *splicer) writer(w io.Writer) io.Writer {
	return writerFunc(func(p []byte) (int, error) {
		if !bytes.Contains(p, sp.prefix) {
			return w.Write(p)
		}
		if _, err := w.Write(sp.splice(p)); err != nil {
			return 0, err
		}
		return len(p), nil
	})
}

// splice returns p with the placeholder of every part held replaced by
// the part, which is dropped.
func (sp *splicer) splice(p []byte) []byte {
	type cut struct {
		from, to int
		part     []byte
	}
	var cuts []cut
	size := len(p)
	sp.mu.Lock()
	for at := 0; ; {
		i := bytes.Index(p[at:], sp.prefix)
		if i < 0 {
			break
		}
		from := at + i
		end := bytes.IndexByte(p[from+1:], '"')
		if end < 0 {
			break
		}
		to := from + end + 2
		if part, ok := sp.parts[string(p[from:to])]; ok {
			delete(sp.parts, string(p[from:to]))
			cuts = append(cuts, cut{from, to, part})
			size += len(part) - (to - from)
		}
		at = to
	}
	sp.mu.Unlock()
	out := make([]byte, 0, size)
	at := 0
	for _, c := range cuts {
		out = append(append(out, p[at:c.from]...), c.part...)
		at = c.to
	}
	return append(out, p[at:]...)
}
