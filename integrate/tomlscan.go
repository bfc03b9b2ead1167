package integrate

import (
	"strings"
)

// tomlLine is one line of a TOML file as the editor sees it.
type tomlLine struct {
	text string // with its line ending
	kind lineKind
	// key is a header's table key, or the key of a key/value pair that
	// starts on this line, its parts unquoted.
	key []string
}

type lineKind int

const (
	valueLine   lineKind = iota // a key/value pair, or a line inside a multi-line value
	blankLine                   // white space only
	commentLine                 // a comment only
	headerLine                  // [table] or [[array.of.tables]]
)

// scanTOML splits a TOML text into lines and tells headers, comments and
// blank lines apart. Lines that start inside a multi-line string or array
// are value lines, whatever they look like.
func scanTOML(text string) []tomlLine {
	var lines []tomlLine
	var st tomlState
	for len(text) > 0 {
		n := strings.IndexByte(text, '\n') + 1
		if n == 0 {
			n = len(text)
		}
		l := tomlLine{text: text[:n]}
		text = text[n:]
		trimmed := strings.Trim(l.text, " \t\r\n") // TOML's white space and line endings
		if st.top() {
			switch {
			case trimmed == "":
				l.kind = blankLine
			case trimmed[0] == '#':
				l.kind = commentLine
			case trimmed[0] == '[':
				if key, ok := parseHeader(trimmed); ok {
					l.kind, l.key = headerLine, key
					lines = append(lines, l)
					continue
				}
			default:
				if key, rest, ok := parseKey(trimmed); ok && strings.HasPrefix(rest, "=") {
					l.key = key
				}
			}
		}
		st.scan(l.text)
		lines = append(lines, l)
	}
	return lines
}

// tomlState is what is still open at the end of a line: a multi-line
// string, or arrays and inline tables of a value.
type tomlState struct {
	multi string // `"""` or `'''` while inside a multi-line string
	depth int
}

func (st *tomlState) top() bool { return st.multi == "" && st.depth == 0 }

// scan reads one line, updating what is open.
func (st *tomlState) scan(line string) {
	for i := 0; i < len(line); i++ {
		if st.multi != "" {
			if line[i] == '\\' && st.multi == `"""` {
				i++
			} else if strings.HasPrefix(line[i:], st.multi) {
				i += 2
				st.multi = ""
			}
			continue
		}
		switch c := line[i]; c {
		case '#':
			return
		case '"', '\'':
			if q := strings.Repeat(string(c), 3); strings.HasPrefix(line[i:], q) {
				st.multi = q
				i += 2
				continue
			}
			i = stringEnd(line, i)
		case '[', '{':
			st.depth++
		case ']', '}':
			st.depth--
		}
	}
}

// stringEnd returns the offset of the quote that closes the one-line
// string opening at line[i].
func stringEnd(line string, i int) int {
	q := line[i]
	for i++; i < len(line); i++ {
		switch {
		case q == '"' && line[i] == '\\':
			i++
		case line[i] == q:
			return i
		}
	}
	return len(line)
}

// parseHeader reads "[a.b]" or "[[a.b]]", with an optional comment after
// it, into its key parts.
func parseHeader(s string) ([]string, bool) {
	s = strings.TrimPrefix(s, "[")
	array := strings.HasPrefix(s, "[")
	s = strings.TrimPrefix(s, "[")
	key, s, ok := parseKey(s)
	if !ok {
		return nil, false
	}
	end := "]"
	if array {
		end = "]]"
	}
	if !strings.HasPrefix(s, end) {
		return nil, false
	}
	s = strings.TrimSpace(s[len(end):])
	return key, s == "" || s[0] == '#'
}

// parseKey reads a dotted key from the start of s and returns its parts
// and what follows it, white space trimmed.
func parseKey(s string) (key []string, rest string, ok bool) {
	for {
		part, r, ok := keyPart(strings.TrimLeft(s, " \t"))
		if !ok {
			return nil, "", false
		}
		key = append(key, part)
		s = strings.TrimLeft(r, " \t")
		if !strings.HasPrefix(s, ".") {
			return key, s, true
		}
		s = s[1:]
	}
}

// keyPart reads one bare, basic-quoted or literal-quoted key from the
// start of s.
func keyPart(s string) (part, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	switch s[0] {
	case '\'':
		end := strings.IndexByte(s[1:], '\'')
		if end < 0 {
			return "", "", false
		}
		return s[1 : end+1], s[end+2:], true
	case '"':
		end := stringEnd(s, 0)
		if end >= len(s) {
			return "", "", false
		}
		return unescapeBasic(s[1:end]), s[end+1:], true
	}
	n := 0
	for n < len(s) && isBareKeyByte(s[n]) {
		n++
	}
	return s[:n], s[n:], n > 0
}

func isBareKeyByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// unescapeBasic undoes the escapes a table name is likely to hold; a name
// with others simply does not compare equal to hansard's.
func unescapeBasic(s string) string {
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(s)
}

// hasPrefix reports whether key starts with the parts of prefix.
func hasPrefix(key []string, prefix ...string) bool {
	if len(key) < len(prefix) {
		return false
	}
	for i, p := range prefix {
		if key[i] != p {
			return false
		}
	}
	return true
}
