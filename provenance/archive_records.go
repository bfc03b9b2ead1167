package provenance

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// The records of kept answers (encodeMatches) are flat JSON objects of
// strings, integers and lists of integers that this package wrote itself.
// decodeRecord reads them without encoding/json's reflection, a third of
// the cost of a whole file's answers read in a new process; a record it
// does not read exactly (a key or a value of another form, a number that
// is not a plain integer, malformed JSON) goes to json.Unmarshal, so the
// result, an error included, is json.Unmarshal's.

// decodeRecord decodes rec into v, one of *matchLine, *EditRef and
// *CommitInfo (and whatever json.Unmarshal decodes otherwise).
func decodeRecord(rec []byte, v any) error {
	ok := false
	switch v := v.(type) {
	case *matchLine:
		var l matchLine
		if ok = readRecord(rec, l.field); ok {
			*v = l
		}
	case *EditRef:
		var e EditRef
		if ok = readRecord(rec, e.field); ok {
			*v = e
		}
	case *CommitInfo:
		var c CommitInfo
		if ok = readRecord(rec, c.field); ok {
			*v = c
		}
	}
	if ok {
		return nil
	}
	return json.Unmarshal(rec, v)
}

func (l *matchLine) field(key string, r *recordReader) bool {
	switch key {
	case "p":
		l.Path = r.str()
	case "n":
		l.Line = r.int()
	case "t":
		l.Text = r.str()
	case "s":
		l.Status = r.str()
	case "r":
		l.Reason = r.str()
	case "c":
		l.Commit = r.int()
	case "e":
		l.Edit = r.int()
	case "k":
		l.Candidates = r.ints()
	case "h":
		l.Chain = r.ints()
	default:
		return false
	}
	return r.ok
}

func (e *EditRef) field(key string, r *recordReader) bool {
	switch key {
	case "session_id":
		e.SessionID = r.str()
	case "provider":
		e.Provider = r.str()
	case "session_title":
		e.SessionTitle = r.str()
	case "session_started":
		e.SessionStarted = r.str()
	case "message_index":
		e.MessageIndex = r.int()
	case "tool":
		e.Tool = r.str()
	case "tool_call_id":
		e.ToolCallID = r.str()
	case "seq":
		e.Seq = r.int()
	case "path":
		e.Path = r.str()
	case "time_local":
		e.TimeLocal = r.str()
	case "prompt_excerpt":
		e.PromptExcerpt = r.str()
	case "source":
		e.Source = r.str()
	case "open":
		e.Open = r.str()
	case "said":
		e.Said = r.str()
	case "diff":
		e.Diff = r.str()
	default:
		return false
	}
	return r.ok
}

func (c *CommitInfo) field(key string, r *recordReader) bool {
	switch key {
	case "sha":
		c.SHA = r.str()
	case "author":
		c.Author = r.str()
	case "time":
		c.Time = r.str()
	case "summary":
		c.Summary = r.str()
	default:
		return false
	}
	return r.ok
}

// recordReader reads a flat JSON object; ok turns false at the first
// thing it does not read exactly.
type recordReader struct {
	b  []byte
	i  int
	ok bool
}

// readRecord reads the object rec, calling field with each key to read
// its value; false when rec is not an object it reads exactly.
func readRecord(rec []byte, field func(string, *recordReader) bool) bool {
	r := &recordReader{b: rec, ok: true}
	if !r.next('{') {
		return false
	}
	if !r.next('}') {
		for {
			r.space()
			key, plain := r.token()
			if !r.ok || !plain || !r.next(':') {
				return false
			}
			r.space()
			if !field(string(key[1:len(key)-1]), r) {
				return false
			}
			if r.next(',') {
				continue
			}
			if !r.next('}') {
				return false
			}
			break
		}
	}
	r.space()
	return r.ok && r.i == len(r.b)
}

// space passes over JSON's white space.
func (r *recordReader) space() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// next passes over white space and c, when c comes next (else false,
// without failing: the caller says whether that is wrong).
func (r *recordReader) next(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// token reads a string token, quotes included; plain when it has no
// escape and is valid UTF-8 (its bytes are then the string's).
func (r *recordReader) token() (tok []byte, plain bool) {
	if r.i >= len(r.b) || r.b[r.i] != '"' {
		r.ok = false
		return nil, false
	}
	start, plain := r.i, true
	for r.i++; r.i < len(r.b); r.i++ {
		switch c := r.b[r.i]; {
		case c == '"':
			r.i++
			tok = r.b[start:r.i]
			return tok, plain && utf8.Valid(tok)
		case c == '\\':
			plain = false
			r.i++ // the escaped byte; json.Unmarshal checks the escape
		case c < 0x20:
			r.ok = false
			return nil, false
		}
	}
	r.ok = false
	return nil, false
}

// str reads a string value; one with escapes is unquoted by
// json.Unmarshal.
func (r *recordReader) str() string {
	tok, plain := r.token()
	if !r.ok {
		return ""
	}
	if plain {
		return string(tok[1 : len(tok)-1])
	}
	var s string
	if json.Unmarshal(tok, &s) != nil {
		r.ok = false
	}
	return s
}

// int reads an integer written as JSON writes one: -?(0|[1-9][0-9]*).
func (r *recordReader) int() int {
	start := r.i
	if r.i < len(r.b) && r.b[r.i] == '-' {
		r.i++
	}
	digits := r.i
	for r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9' {
		r.i++
	}
	if r.i == digits || r.b[digits] == '0' && r.i > digits+1 {
		r.ok = false
		return 0
	}
	if r.i < len(r.b) {
		switch r.b[r.i] {
		case '.', 'e', 'E':
			r.ok = false
			return 0
		}
	}
	n, err := strconv.Atoi(string(r.b[start:r.i]))
	if err != nil {
		r.ok = false
	}
	return n
}

// ints reads a list of integers.
func (r *recordReader) ints() []int {
	if !r.next('[') {
		r.ok = false
		return nil
	}
	out := []int{}
	if r.next(']') {
		return out
	}
	for r.ok {
		r.space()
		out = append(out, r.int())
		if r.next(',') {
			continue
		}
		if !r.next(']') {
			r.ok = false
		}
		break
	}
	return out
}
