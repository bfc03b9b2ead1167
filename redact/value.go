package redact

import "strings"

// assignedValue parses what follows a key ending at p: an optional closing
// quote, an assignment operator (=, :, :=, =>, or a space after a --flag),
// and the value, quoted or bare, and the style of the operator.
func assignedValue(s string, p int, flag bool) (vs, ve int, quoted bool, style opStyle, ok bool) {
	n := len(s)
	keyQuoted := false
	if q := quoteAt(s, p); q > 0 {
		p += q
		keyQuoted = true
	}
	sp := p
	for p < n && (s[p] == ' ' || s[p] == '\t') {
		p++
	}
	spaceBefore := p > sp
	if p >= n {
		return 0, 0, false, 0, false
	}
	switch {
	case s[p] == '=':
		if p+1 < n && (s[p+1] == '=' || s[p+1] == '~') {
			return 0, 0, false, 0, false
		}
		if p > 0 && (s[p-1] == '!' || s[p-1] == '<' || s[p-1] == '>') {
			return 0, 0, false, 0, false
		}
		p++
		if p < n && s[p] == '>' {
			p++
		}
	case s[p] == ':':
		if p+1 < n && s[p+1] == ':' {
			return 0, 0, false, 0, false
		}
		style = styleColon
		if p+1 < n && s[p+1] == '=' {
			p++
			style = styleCode
		}
		p++
	case flag && spaceBefore && !keyQuoted:
		// --password value
	default:
		return 0, 0, false, 0, false
	}
	op := p
	for p < n && (s[p] == ' ' || s[p] == '\t') {
		p++
	}
	if spaceBefore && p > op && op > 0 && s[op-1] == '=' {
		style = styleCode
	}
	if p >= n {
		return 0, 0, false, 0, false
	}
	// Quoted value: "…", '…', `…`, or \"…\" (\\\"…\\\" and so on) inside
	// JSON-escaped text.
	var closing string
	if q := quoteAt(s, p); q > 0 {
		closing = s[p : p+q]
		p += q
	} else if s[p] == '`' {
		closing = "`"
		p++
	}
	if closing != "" {
		limit := min(n, p+maxValue)
		i := p
		for i < limit {
			if strings.HasPrefix(s[i:], closing) {
				break
			}
			if s[i] == '\n' {
				return 0, 0, false, 0, false
			}
			if s[i] == '\\' && len(closing) == 1 {
				i += 2
				continue
			}
			i++
		}
		if i >= limit {
			return 0, 0, false, 0, false
		}
		return p, i, true, style, true
	}
	i := p
	limit := min(n, p+maxValue)
	for i < limit && !endsBare(s[i]) {
		i++
	}
	if i == p {
		return 0, 0, false, 0, false
	}
	if i < n && s[i] == '(' {
		return 0, 0, false, 0, false // a call: password = getPassword()
	}
	if style == styleColon && i < n && (s[i] == ',' || s[i] == ')' || s[i] == '}') && isIdentifier(strings.TrimLeft(s[p:i], "*&")) {
		return 0, 0, false, 0, false // a field set from a variable: Password: pw,
	}
	return p, i, false, style, true
}

// opStyle is the kind of assignment operator before a value.
type opStyle int

const (
	styleEq    opStyle = iota // NAME=value, --flag=value, --flag value, =>
	styleColon                // key: value (YAML, JSON, struct fields, prose)
	styleCode                 // name = value with spaces, name := value
)

// isWord reports a plain word or name: letters only ("required",
// "StartElement").
func isWord(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_') {
			return false
		}
	}
	return true
}

// quoteAt returns the length of the quote that starts at s[p:]: a double
// or single quote preceded by any number of backslashes (text escaped once
// or more), or 0.
func quoteAt(s string, p int) int {
	i := p
	for i < len(s) && i-p < 16 && s[i] == '\\' {
		i++
	}
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		return i - p + 1
	}
	return 0
}

// endsBare reports bytes that end an unquoted value.
func endsBare(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', ',', ';', '&', ')', '(', ']', '[', '}', '{', '<', '>', '\\', '|':
		return true
	}
	return false
}
