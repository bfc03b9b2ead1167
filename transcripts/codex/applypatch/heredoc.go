package applypatch

import "strings"

// Heredoc is one shell here-document: the command line that opens it, split
// around the "<<" operator, and the body up to the delimiter line.
type Heredoc struct {
	Before string // command text before "<<" on the opening line, trimmed
	After  string // text after the delimiter word on the opening line, trimmed
	Delim  string // the delimiter word, unquoted
	Body   string // the lines between the opening line and the delimiter, each ending in "\n"
	// Closed is false when the delimiter line never came (the body then runs to the end).
	Closed bool
}

// ParseHeredoc finds the first here-document in script. The opening line
// must contain "<<" (or "<<-") followed by a delimiter that may be quoted
// with ' or ". It reports false when script has no here-document.
func ParseHeredoc(script string) (Heredoc, bool) {
	nl := strings.IndexByte(script, '\n')
	if nl < 0 {
		return Heredoc{}, false
	}
	first, rest := script[:nl], script[nl+1:]
	i := strings.Index(first, "<<")
	if i < 0 || strings.HasPrefix(first[i:], "<<<") {
		return Heredoc{}, false
	}
	h := Heredoc{Before: strings.TrimSpace(first[:i])}
	op := first[i+2:]
	stripTabs := strings.HasPrefix(op, "-")
	if stripTabs {
		op = op[1:]
	}
	op = strings.TrimLeft(op, " \t")
	delim, after, ok := heredocWord(op)
	if !ok {
		return Heredoc{}, false
	}
	h.Delim, h.After = delim, strings.TrimSpace(after)
	var body strings.Builder
	for rest != "" {
		line := rest
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			line, rest = rest[:j], rest[j+1:]
		} else {
			rest = ""
		}
		check := strings.TrimRight(line, "\r")
		if stripTabs {
			check = strings.TrimLeft(check, "\t")
		}
		if check == delim {
			h.Closed = true
			break
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	h.Body = body.String()
	return h, true
}

// heredocWord reads the delimiter word at the start of s: 'EOF', "EOF" or
// EOF. It returns the word and what follows it.
func heredocWord(s string) (word, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	if q := s[0]; q == '\'' || q == '"' {
		end := strings.IndexByte(s[1:], q)
		if end <= 0 {
			return "", "", false
		}
		return s[1 : 1+end], s[2+end:], true
	}
	end := strings.IndexAny(s, " \t;&|><)")
	if end < 0 {
		end = len(s)
	}
	word = strings.Trim(s[:end], `\`)
	if word == "" {
		return "", "", false
	}
	return word, s[end:], true
}
