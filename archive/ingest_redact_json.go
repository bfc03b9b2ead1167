package archive

import (
	"bytes"
	"encoding/json"
	"strings"
)

// The archive keeps some JSON as it was recorded: a tool call's input and a
// provider's checkpoint state. Redacting such JSON as text finds secrets
// that need their key ("password": "…"), but the text of a string is
// encoded there: a line break before a token is `\n`, a slash may be `\/`,
// any letter may be `\u0061`. So JSON is redacted twice: as text, and then
// every string that holds an escape as the text it decodes to (a string
// that is itself JSON, as Codex call arguments are, as JSON again).

// maxJSONDepth bounds how deep JSON nested in strings is followed.
const maxJSONDepth = 3

// redactJSON redacts a JSON value's text and the decoded text of its
// strings, keeping its structure: strings redaction does not change keep
// their bytes, and so does everything outside strings.
func redactJSON(raw json.RawMessage, redact func(string) string) json.RawMessage {
	if len(raw) == 0 {
		return nil
	}
	s := string(raw) // copies
	if redact == nil {
		return json.RawMessage(s)
	}
	return json.RawMessage(redactJSONText(s, redact, 0))
}

func redactJSONText(s string, redact func(string) string, depth int) string {
	red := redact(s)
	if red != s && !json.Valid([]byte(red)) {
		// Redacting the encoded text broke the JSON (a secret next to an
		// escape): redact every string value on its own instead.
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			return red
		}
		b, err := marshalText(redactValue(v, redact))
		if err != nil {
			return red
		}
		return b
	}
	return redactEscaped(red, redact, depth)
}

// redactEscaped redacts the decoded text of every string of the JSON
// text js that holds an escape, and re-encodes those redaction changed.
func redactEscaped(js string, redact func(string) string, depth int) string {
	var b strings.Builder
	prev := 0
	for i := 0; i < len(js); {
		q := strings.IndexByte(js[i:], '"')
		if q < 0 {
			break
		}
		start := i + q
		end, escaped := start+1, false
		for end < len(js) && js[end] != '"' {
			if js[end] == '\\' {
				escaped = true
				end++
			}
			end++
		}
		if end >= len(js) {
			break
		}
		i = end + 1
		if !escaped {
			continue
		}
		var v string
		if json.Unmarshal([]byte(js[start:i]), &v) != nil {
			continue
		}
		r := redactDecoded(v, redact, depth)
		if r == v {
			continue
		}
		enc, err := marshalText(r)
		if err != nil {
			continue
		}
		b.WriteString(js[prev:start])
		b.WriteString(enc)
		prev = i
	}
	if prev == 0 {
		return js
	}
	b.WriteString(js[prev:])
	return b.String()
}

// redactDecoded redacts a string's decoded text, as JSON when it is JSON.
func redactDecoded(v string, redact func(string) string, depth int) string {
	if t := strings.TrimSpace(v); depth < maxJSONDepth && t != "" && (t[0] == '{' || t[0] == '[') && json.Valid([]byte(t)) {
		return redactJSONText(v, redact, depth+1)
	}
	return redact(v)
}

// marshalText encodes v as JSON without escaping <, > and &.
func marshalText(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func redactValue(v any, redact func(string) string) any {
	switch x := v.(type) {
	case string:
		return redact(x)
	case []any:
		for i := range x {
			x[i] = redactValue(x[i], redact)
		}
	case map[string]any:
		for k := range x {
			x[k] = redactValue(x[k], redact)
		}
	}
	return v
}
