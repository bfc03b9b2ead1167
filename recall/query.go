package recall

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Query limits: longer input is cut, never rejected.
const (
	maxQueryTerms  = 12
	maxPhraseWords = 32
	minPrefixRunes = 2
)

// Term is one word or quoted phrase of a query.
type Term struct {
	// Text is the user's text for the term, without quotes and control
	// characters.
	Text string `json:"text"`
	// Words are the folded words the full-text index sees in Text.
	Words []string `json:"words"`
	// Phrase is true for a quoted phrase.
	Phrase bool `json:"phrase,omitempty"`
	// Prefix is true when the last word ends in '*' and matches any word it begins.
	Prefix bool `json:"prefix,omitempty"`

	// noFamily: the index holds no identifier the word begins before a
	// '_' (see Term.family).
	noFamily bool
}

// Query is user search text split into terms. Any input yields a valid
// Query: text that holds no searchable word yields no terms.
type Query struct {
	Raw   string `json:"raw"`
	Terms []Term `json:"terms"`
}

// ParseQuery splits text into terms: words separated by spaces, "quoted
// phrases" (an unterminated quote runs to the end), and word* prefixes of
// at least two letters.
// Bare AND, OR and NOT are dropped: ranking already prefers messages that
// hold every term. Duplicate terms are merged and at most 12 terms are kept.
func ParseQuery(text string) Query {
	q := Query{Raw: text}
	seen := make(map[string]bool)
	add := func(raw string, phrase bool) {
		if len(q.Terms) >= maxQueryTerms {
			return
		}
		raw = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || r == '"' {
				return ' '
			}
			return r
		}, raw)
		raw = strings.Join(strings.Fields(raw), " ")
		prefix := false
		if trimmed := strings.TrimRight(raw, "*"); trimmed != raw {
			prefix = trimmed != "" && isTokenRune(lastRune(trimmed))
			raw = trimmed
		}
		if !phrase && (raw == "AND" || raw == "OR" || raw == "NOT") {
			return
		}
		ws := words(raw)
		if len(ws) == 0 {
			return
		}
		if prefix && utf8.RuneCountInString(ws[len(ws)-1]) < minPrefixRunes {
			prefix = false // a one-letter prefix would expand to most of the vocabulary
		}
		if len(ws) > maxPhraseWords {
			ws = ws[:maxPhraseWords]
			raw = strings.Join(ws, " ")
		}
		key := strings.Join(ws, " ")
		if prefix {
			key += "*"
		}
		if seen[key] {
			return
		}
		seen[key] = true
		q.Terms = append(q.Terms, Term{Text: raw, Words: ws, Phrase: phrase, Prefix: prefix})
	}
	rest := text
	for rest != "" {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		if rest[0] == '"' {
			body, after, closed := strings.Cut(rest[1:], `"`)
			add(body, true)
			if !closed {
				break
			}
			rest = after
			continue
		}
		end := strings.IndexFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || r == '"' })
		if end < 0 {
			end = len(rest)
		}
		add(rest[:end], false)
		rest = rest[end:]
	}
	return q
}

func lastRune(s string) rune {
	r := []rune(s)
	return r[len(r)-1]
}

// Empty reports whether the query has no searchable term.
func (q Query) Empty() bool { return len(q.Terms) == 0 }

// Blank reports whether the user typed nothing but space.
func (q Query) Blank() bool { return strings.TrimSpace(q.Raw) == "" }

// TermTexts returns the terms as the user wrote them.
func (q Query) TermTexts() []string {
	out := make([]string, len(q.Terms))
	for i, t := range q.Terms {
		out[i] = t.Text
	}
	return out
}

// Expr returns the FTS5 expression of the term: the text in double quotes
// (so that FTS5 tokenizes it as it tokenized the archive, and nothing in it
// is syntax), followed by '*' for a prefix.
func (t Term) Expr() string {
	e := `"` + strings.ReplaceAll(t.Text, `"`, `""`) + `"`
	if t.Prefix {
		e += "*"
	}
	return e
}

// MatchAny returns an FTS5 expression matching text that holds any term.
func (q Query) MatchAny() string { return q.join(" OR ") }

// MatchAll returns an FTS5 expression matching text that holds every term.
func (q Query) MatchAll() string { return q.join(" AND ") }

func (q Query) join(op string) string {
	parts := make([]string, len(q.Terms))
	for i, t := range q.Terms {
		parts[i] = t.Expr()
	}
	return strings.Join(parts, op)
}
