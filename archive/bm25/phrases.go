package bm25

import "strings"

// phraseKeys names each phrase of an FTS5 match expression by what its
// count of rows depends on, "p\x00cols\x00phrase": its column filter and
// its text as written (quoted, with the '*' of a prefix), in the order
// FTS5 numbers the phrases (as they appear; FTS5's count of a phrase in
// a NEAR group or under NOT is of the phrase alone). Two expressions that
// share a phrase under the same filter share its count, so a new query of
// words asked before skips the walk of their doclists. ok is false for an expression of another
// form than the ones recall builds (a bareword phrase, phrases joined by
// '+', '^', a column filter other than one leading the whole expression):
// its counts are then kept for the expression alone.
//
// The forms read: an optional leading column filter ({a b} : or col :)
// over the rest; quoted phrases, each optionally followed by '*'; AND, OR,
// NOT; NEAR(… , N); parentheses.
func phraseKeys(match string) (keys []string, ok bool) {
	s := strings.TrimSpace(match)
	cols, rest, ok := leadingColumns(s)
	if !ok {
		return nil, false
	}
	s = rest
	nearDepth := 0 // depth of parentheses inside a NEAR group, 0 outside
	depth := 0
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			if depth != 0 {
				return nil, false
			}
			return keys, true
		}
		switch c := s[0]; {
		case c == '"':
			end := closingQuote(s)
			if end < 0 {
				return nil, false
			}
			phrase := s[:end+1]
			s = strings.TrimLeft(s[end+1:], " \t\n\r")
			if strings.HasPrefix(s, "*") {
				phrase += "*"
				s = s[1:]
			}
			keys = append(keys, "p\x00"+cols+"\x00"+phrase)
		case c == '(':
			depth++
			s = s[1:]
		case c == ')':
			if depth == 0 {
				return nil, false
			}
			if depth == nearDepth {
				nearDepth = 0
			}
			depth--
			s = s[1:]
		case c == ',':
			// Only inside NEAR, where the distance follows.
			if nearDepth == 0 || depth != nearDepth {
				return nil, false
			}
			s = strings.TrimLeft(s[1:], " \t\n\r")
			n := 0
			for n < len(s) && s[n] >= '0' && s[n] <= '9' {
				n++
			}
			if n == 0 {
				return nil, false
			}
			s = s[n:]
		default:
			word := bareword(s)
			switch word {
			case "AND", "OR", "NOT":
				s = s[len(word):]
			case "NEAR":
				s = strings.TrimLeft(s[len(word):], " \t\n\r")
				if !strings.HasPrefix(s, "(") || nearDepth != 0 {
					return nil, false
				}
				depth++
				nearDepth = depth
				s = s[1:]
			default:
				return nil, false
			}
		}
	}
}

// leadingColumns splits a leading column filter ({a b} : or col :) off s;
// cols is the filter as written ("" when there is none).
func leadingColumns(s string) (cols, rest string, ok bool) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return "", "", false
		}
		rest, found := strings.CutPrefix(strings.TrimLeft(s[end+1:], " \t\n\r"), ":")
		if !found {
			return "", "", false
		}
		return strings.Join(strings.Fields(s[1:end]), " "), rest, true
	}
	word := bareword(s)
	if word == "" || word == "NEAR" {
		return "", s, true
	}
	if rest, found := strings.CutPrefix(strings.TrimLeft(s[len(word):], " \t\n\r"), ":"); found {
		return word, rest, true
	}
	return "", s, true
}

// closingQuote is the index of the quote closing the string s starts
// ("" inside it is a quote), -1 if none.
func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i] != '"' {
			continue
		}
		if i+1 < len(s) && s[i+1] == '"' {
			i++
			continue
		}
		return i
	}
	return -1
}

// bareword is the FTS5 bareword s starts with: ASCII letters, digits and
// '_', and every byte of a non-ASCII character.
func bareword(s string) string {
	n := 0
	for n < len(s) {
		c := s[n]
		if c >= 0x80 || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			n++
			continue
		}
		break
	}
	return s[:n]
}
