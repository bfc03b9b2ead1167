package codex

import (
	"bytes"
	"encoding/json"
)

// The two record kinds that carry most of a rollout's bytes, command
// outputs (function_call_output, custom_tool_call_output) and
// exec_command_end (which repeats the output up to three times), are read
// by a scanner that walks the payload's top-level keys and skips values by
// their structure, finding string ends with bytes.IndexByte. Only the few
// values kept are decoded. The structure is checked (a torn or cut payload
// is rejected); the contents of skipped strings and numbers are not.

// scanObject calls fn for each key and raw value of the JSON object b. It
// reports false when b is not a well-formed object at the top level.
func scanObject(b []byte, fn func(key string, val []byte)) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return skipSpace(b, i+1) == len(b)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return false
		}
		end, ok := skipString(b, i)
		if !ok {
			return false
		}
		key := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		vend, ok := skipValue(b, i)
		if !ok {
			return false
		}
		fn(string(key), b[i:vend])
		i = skipSpace(b, vend)
		if i >= len(b) {
			return false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return skipSpace(b, i+1) == len(b)
		default:
			return false
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string literal starting at b[i].
func skipString(b []byte, i int) (int, bool) {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, false
		}
		q := j + k
		n := 0 // backslashes right before the quote
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1, true
		}
		j = q + 1
	}
}

// skipValue returns the index after the JSON value starting at b[i].
func skipValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		var stack [64]byte // expected closers
		depth := 0
		for j := i; j < len(b); j++ {
			switch c := b[j]; c {
			case '"':
				end, ok := skipString(b, j)
				if !ok {
					return 0, false
				}
				j = end - 1
			case '{', '[':
				if depth == len(stack) {
					return 0, false // deeper than any record Codex writes
				}
				stack[depth] = c + 2 // '{'+2 == '}', '['+2 == ']'
				depth++
			case '}', ']':
				if depth == 0 || stack[depth-1] != c {
					return 0, false
				}
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}
		return 0, false
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\n' && b[j] != '\t' && b[j] != '\r' {
		j++
	}
	if j == i {
		return 0, false
	}
	return j, json.Valid(b[i:j])
}

// scanOutput reads a function_call_output or custom_tool_call_output.
func scanOutput(payload []byte) (item, bool) {
	var it item
	var err error
	ok := scanObject(payload, func(key string, val []byte) {
		switch key {
		case "type":
			err = firstErr(err, json.Unmarshal(val, &it.Type))
		case "call_id":
			err = firstErr(err, json.Unmarshal(val, &it.CallID))
		case "output":
			err = firstErr(err, it.Output.UnmarshalJSON(val))
		}
	})
	return it, ok && err == nil
}

// scanExecEnd reads an exec_command_end event.
func scanExecEnd(payload []byte) (event, bool) {
	var ev event
	var err error
	ok := scanObject(payload, func(key string, val []byte) {
		switch key {
		case "type":
			err = firstErr(err, json.Unmarshal(val, &ev.Type))
		case "call_id":
			err = firstErr(err, json.Unmarshal(val, &ev.CallID))
		case "exit_code":
			err = firstErr(err, decode(val, &ev.ExitCode))
		case "command":
			ev.Command = bytes.Clone(val)
		case "cwd":
			err = firstErr(err, decode(val, &ev.CWD))
		}
	})
	return ev, ok && err == nil
}

func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
