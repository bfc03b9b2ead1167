package integrate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// The JSON files are edited as text: only the bytes of hansard's member
// (and, when there was none, of the "mcpServers" member holding it) change,
// so every other member keeps its order, spacing and number spelling.

const jsonServersKey = "mcpServers"

// setJSONServer returns data with the server entry name set to value under
// the top-level "mcpServers" object. An empty data is a new file.
func setJSONServer(data []byte, name string, value any) ([]byte, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		out, err := marshalJSON(map[string]any{jsonServersKey: map[string]any{name: value}}, "", "  ")
		return append(out, '\n'), err
	}
	top, err := topObject(data)
	if err != nil {
		return nil, err
	}
	unit := indentUnit(data, top)
	i := top.find(jsonServersKey)
	if i < 0 {
		return insertMember(data, top, unit, jsonServersKey, map[string]any{name: value})
	}
	servers, err := serversObject(data, top.members[i])
	if err != nil {
		return nil, err
	}
	j := servers.find(name)
	if j < 0 {
		return insertMember(data, servers, unit, name, value)
	}
	m := servers.members[j]
	var old any
	if err := json.Unmarshal(data[m.valueStart:m.valueEnd], &old); err != nil {
		return nil, err
	}
	if jsonEqual(old, value) {
		return data, nil
	}
	text, err := formatMember(data, servers, m.start, unit, value)
	if err != nil {
		return nil, err
	}
	return splice(data, m.valueStart, m.valueEnd, text), nil
}

// removeJSONServer returns data without the server entry name, and without
// the "mcpServers" member when that leaves it empty.
func removeJSONServer(data []byte, name string) ([]byte, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return data, nil
	}
	top, err := topObject(data)
	if err != nil {
		return nil, err
	}
	i := top.find(jsonServersKey)
	if i < 0 {
		return data, nil
	}
	servers, err := serversObject(data, top.members[i])
	if err != nil {
		return nil, err
	}
	j := servers.find(name)
	if j < 0 {
		return data, nil
	}
	if len(servers.members) == 1 {
		return removeMember(data, top, i), nil
	}
	return removeMember(data, servers, j), nil
}

func topObject(data []byte) (jsonObject, error) {
	at, err := jsonStart(data)
	if err != nil {
		return jsonObject{}, err
	}
	return scanObject(data, at)
}

func serversObject(data []byte, m jsonMember) (jsonObject, error) {
	if data[m.valueStart] != '{' {
		return jsonObject{}, fmt.Errorf("%q is a JSON %s, not an object", jsonServersKey, jsonKind(data[m.valueStart]))
	}
	return scanObject(data, m.valueStart)
}

func jsonKind(c byte) string {
	switch c {
	case '[':
		return "array"
	case '"':
		return "string"
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	}
	return "number"
}

// insertMember adds "key": value as the last member of o, laid out like
// the member before it.
func insertMember(data []byte, o jsonObject, unit, key string, value any) ([]byte, error) {
	at := o.open
	if n := len(o.members); n > 0 {
		at = o.members[n-1].start
	}
	text, err := formatMember(data, o, at, unit, value)
	if err != nil {
		return nil, err
	}
	k, _ := marshalJSON(key, "", "")
	member := string(k) + ": " + string(text)
	if unit == "" {
		member = string(k) + ":" + string(text)
	}
	if n := len(o.members); n > 0 {
		sep := ","
		if unit != "" {
			sep += "\n" + lineIndent(data, o.members[n-1].start)
		}
		return splice(data, o.members[n-1].valueEnd, o.members[n-1].valueEnd, []byte(sep+member)), nil
	}
	if unit == "" {
		return splice(data, o.open+1, o.close, []byte(member)), nil
	}
	indent := lineIndent(data, o.open)
	return splice(data, o.open+1, o.close, []byte("\n"+indent+unit+member+"\n"+indent)), nil
}

// removeMember deletes member i of o with the separator that joined it to
// its neighbour, so that removing a member insertMember added gives back
// the bytes from before.
func removeMember(data []byte, o jsonObject, i int) []byte {
	m := o.members[i]
	switch {
	case len(o.members) == 1:
		return splice(data, o.open+1, o.close, nil)
	case i == len(o.members)-1:
		return splice(data, o.members[i-1].valueEnd, m.valueEnd, nil)
	default:
		return splice(data, m.start, o.members[i+1].start, nil)
	}
}

// formatMember formats value for a member whose key sits on the line of
// offset at: indented one unit deeper than that line, or compact when the
// file is written on one line.
func formatMember(data []byte, o jsonObject, at int, unit string, value any) ([]byte, error) {
	if unit == "" {
		return marshalJSON(value, "", "")
	}
	indent := lineIndent(data, at)
	if len(o.members) == 0 {
		indent = lineIndent(data, o.open) + unit
	}
	return marshalJSON(value, indent, unit)
}

// indentUnit returns one level of the file's indentation, read from the
// first member of the top-level object: "" for a file on one line, two
// spaces when the object is empty.
func indentUnit(data []byte, top jsonObject) string {
	if len(top.members) == 0 {
		return "  "
	}
	first := top.members[0].start
	if bytes.IndexByte(data[top.open:first], '\n') < 0 {
		return ""
	}
	return strings.TrimPrefix(lineIndent(data, first), lineIndent(data, top.open))
}

// lineIndent returns the white space that starts the line holding offset at.
func lineIndent(data []byte, at int) string {
	start := bytes.LastIndexByte(data[:at], '\n') + 1
	end := skip(data, start, " \t")
	if end > at {
		end = at
	}
	return string(data[start:end])
}

// marshalJSON encodes v without escaping <, > and &, indented when indent
// is set.
func marshalJSON(v any, prefix, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent(prefix, indent)
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// jsonEqual reports whether a decoded JSON value equals v once encoded.
func jsonEqual(decoded, v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		return false
	}
	var want any
	return json.Unmarshal(b, &want) == nil && reflect.DeepEqual(decoded, want)
}

// splice returns data with data[from:to] replaced by text, in a new slice.
func splice(data []byte, from, to int, text []byte) []byte {
	out := make([]byte, 0, len(data)-(to-from)+len(text))
	out = append(out, data[:from]...)
	out = append(out, text...)
	return append(out, data[to:]...)
}
