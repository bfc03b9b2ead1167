package archive

// Providers send a record again as it grows or gets its outcome (a tool
// call when it is made and again with its result, an edit or a command
// with its outcome, an assistant message joined from several lines), and
// Claude Code's tool results are also the text of their tool messages: the
// same text reaches redaction several times. A job's redactMemo remembers
// recent redactions so that each text is scanned once.
const (
	memoMinLen = 64      // shorter texts are redacted afresh (cheap, and many)
	memoBytes  = 8 << 20 // text remembered per job before the memo starts over
)

// redactMemo wraps a redaction function with a bounded memo of its
// results. It belongs to one goroutine.
type redactMemo struct {
	redact func(string) string
	seen   map[string]string
	bytes  int
}

// newRedactMemo returns the memoized redact, or nil when redact is nil.
func newRedactMemo(redact func(string) string) func(string) string {
	if redact == nil {
		return nil
	}
	m := &redactMemo{redact: redact, seen: make(map[string]string)}
	return m.string
}

func (m *redactMemo) string(s string) string {
	if len(s) < memoMinLen {
		return m.redact(s)
	}
	if out, ok := m.seen[s]; ok {
		return out
	}
	out := m.redact(s)
	if m.bytes+len(s) > memoBytes {
		clear(m.seen)
		m.bytes = 0
	}
	m.seen[s] = out
	m.bytes += len(s)
	return out
}
