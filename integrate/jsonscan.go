package integrate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ErrCommentedJSON is returned for a JSON file with comments (JSONC):
// rewriting it would lose them, so hansard leaves it alone.
var ErrCommentedJSON = errors.New("the file has comments (JSON with comments), which hansard does not rewrite")

// jsonObject is where an object and its members lie in a JSON text.
type jsonObject struct {
	open, close int // offsets of '{' and '}'
	members     []jsonMember
}

// jsonMember is one "key": value pair of an object.
type jsonMember struct {
	key        string
	start      int // offset of the key's opening quote
	valueStart int
	valueEnd   int // offset just after the value
}

// find returns the index of the last member called key (the one a reader
// keeps when a key repeats), or -1.
func (o jsonObject) find(key string) int {
	for i := len(o.members) - 1; i >= 0; i-- {
		if o.members[i].key == key {
			return i
		}
	}
	return -1
}

// checkJSON refuses a text that is not one plain JSON value: commented
// JSON gets ErrCommentedJSON, anything else invalid a syntax error.
func checkJSON(data []byte) error {
	if hasJSONComment(data) {
		return ErrCommentedJSON
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("not valid JSON: %w", err)
	}
	return nil
}

// jsonStart returns the offset of the object data holds, refusing data
// that is not plain JSON (checkJSON) or holds another kind of value.
func jsonStart(data []byte) (int, error) {
	if err := checkJSON(data); err != nil {
		return 0, err
	}
	at := skip(data, 0, " \t\r\n")
	if data[at] != '{' {
		return 0, fmt.Errorf("the file holds a JSON %s, not an object", jsonKind(data[at]))
	}
	return at, nil
}

// hasJSONComment reports whether data holds a // or /* outside strings.
func hasJSONComment(data []byte) bool {
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == '/' && i+1 < len(data) && (data[i+1] == '/' || data[i+1] == '*'):
			return true
		}
	}
	return false
}

// scanObject reads the object that starts at offset at (a '{') in data,
// which checkJSON accepted.
func scanObject(data []byte, at int) (jsonObject, error) {
	dec := json.NewDecoder(bytes.NewReader(data[at:]))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return jsonObject{}, errors.New("not a JSON object")
	}
	o := jsonObject{open: at}
	for dec.More() {
		prev := at + int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return jsonObject{}, err
		}
		m := jsonMember{key: tok.(string), start: skip(data, prev, " \t\r\n,")}
		m.valueStart = skip(data, at+int(dec.InputOffset()), " \t\r\n:")
		if err := skipValue(dec); err != nil {
			return jsonObject{}, err
		}
		m.valueEnd = at + int(dec.InputOffset())
		o.members = append(o.members, m)
	}
	if _, err := dec.Token(); err != nil {
		return jsonObject{}, err
	}
	o.close = at + int(dec.InputOffset()) - 1
	return o, nil
}

// skipValue consumes one value from dec.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// skip returns the first offset from i whose byte is not in set.
func skip(data []byte, i int, set string) int {
	for i < len(data) && bytes.IndexByte([]byte(set), data[i]) >= 0 {
		i++
	}
	return i
}
