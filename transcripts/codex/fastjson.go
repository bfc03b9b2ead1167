package codex

import (
	"bytes"
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// Rollout lines are large (tool outputs, diffs) and most of their bytes are
// skipped or copied once. These helpers spare the full-line passes of
// encoding/json on the common shapes; anything unusual falls back to it.

var (
	envTimestamp = []byte(`{"timestamp":"`)
	envType      = []byte(`","type":"`)
	envPayload   = []byte(`","payload":`)
	typePrefix   = []byte(`{"type":"`)
)

// splitEnvelope reads {"timestamp":"…","type":"…","payload":{…}} written
// in that order, as Codex does. It reports false for any other layout; the
// payload's own validity is left to its decoder.
func splitEnvelope(b []byte) (ts, typ string, payload []byte, ok bool) {
	if !bytes.HasPrefix(b, envTimestamp) || b[len(b)-1] != '}' {
		return "", "", nil, false
	}
	rest := b[len(envTimestamp):]
	i := bytes.IndexByte(rest, '"')
	if i < 0 || bytes.IndexByte(rest[:i], '\\') >= 0 {
		return "", "", nil, false
	}
	ts, rest = string(rest[:i]), rest[i:]
	if !bytes.HasPrefix(rest, envType) {
		return "", "", nil, false
	}
	rest = rest[len(envType):]
	i = bytes.IndexByte(rest, '"')
	if i < 0 || bytes.IndexByte(rest[:i], '\\') >= 0 {
		return "", "", nil, false
	}
	typ, rest = string(rest[:i]), rest[i:]
	if !bytes.HasPrefix(rest, envPayload) {
		return "", "", nil, false
	}
	payload = bytes.TrimSpace(rest[len(envPayload) : len(rest)-1])
	if len(payload) == 0 || payload[0] != '{' {
		return "", "", nil, false
	}
	return ts, typ, payload, true
}

// peekType returns the payload's "type": quickly when it is the first key,
// as Codex writes it, else by scanning the top-level keys. It returns ""
// when there is none or the payload is not a well-formed object.
func peekType(payload []byte) string {
	if bytes.HasPrefix(payload, typePrefix) {
		rest := payload[len(typePrefix):]
		if i := bytes.IndexByte(rest, '"'); i >= 0 && bytes.IndexByte(rest[:i], '\\') < 0 {
			return string(rest[:i])
		}
	}
	var typ string
	scanObject(payload, func(key string, val []byte) {
		if key == "type" && typ == "" {
			_ = json.Unmarshal(val, &typ)
		}
	})
	return typ
}

// text is a field that is usually a JSON string (a tool's arguments, input
// or output) but may be an array or object in some versions. A string is
// decoded in one pass; anything else is kept raw.
type text struct {
	Str   string
	Raw   json.RawMessage // the value when it is not a string
	IsStr bool
}

func (t *text) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		s, err := unquote(b)
		if err != nil {
			return err
		}
		t.Str, t.IsStr = s, true
		return nil
	}
	if string(b) != "null" {
		t.Raw = bytes.Clone(b)
	}
	return nil
}

// String returns the decoded string, or the raw JSON of another value.
func (t text) String() string {
	if t.IsStr {
		return t.Str
	}
	return string(t.Raw)
}

// JSON returns the value as compact JSON.
func (t text) JSON() json.RawMessage {
	if t.IsStr {
		return marshalString(t.Str)
	}
	if len(t.Raw) == 0 {
		return marshalString("")
	}
	return compactJSON(t.Raw)
}

// unquote decodes a JSON string literal (quotes included) that the decoder
// has already validated, exactly as encoding/json does.
func unquote(b []byte) (string, error) {
	inner := b[1 : len(b)-1]
	if !utf8.Valid(inner) {
		return slowUnquote(b)
	}
	i := bytes.IndexByte(inner, '\\')
	if i < 0 {
		return string(inner), nil
	}
	out := make([]byte, 0, len(inner))
	for {
		out = append(out, inner[:i]...)
		inner = inner[i:]
		if len(inner) < 2 {
			return slowUnquote(b)
		}
		switch c := inner[1]; c {
		case '"', '\\', '/':
			out = append(out, c)
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'u':
			r, n := hexRune(inner)
			if n == 0 {
				return slowUnquote(b)
			}
			out = utf8.AppendRune(out, r)
			inner = inner[n:]
			goto next
		default:
			return slowUnquote(b)
		}
		inner = inner[2:]
	next:
		i = bytes.IndexByte(inner, '\\')
		if i < 0 {
			return string(append(out, inner...)), nil
		}
	}
}

// hexRune decodes \uXXXX (and a following low surrogate) at the start of
// s, returning the rune and the bytes used, or n == 0.
func hexRune(s []byte) (r rune, n int) {
	r1, ok := hex4(s)
	if !ok {
		return 0, 0
	}
	if utf16.IsSurrogate(r1) {
		if r2, ok := hex4(s[6:]); ok && len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
			if dec := utf16.DecodeRune(r1, r2); dec != utf8.RuneError {
				return dec, 12
			}
		}
		return utf8.RuneError, 6
	}
	return r1, 6
}

func hex4(s []byte) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r*16 + rune(c)
	}
	return r, true
}

func slowUnquote(b []byte) (string, error) {
	var s string
	err := json.Unmarshal(b, &s)
	return s, err
}
