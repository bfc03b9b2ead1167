package recall

import "strings"

// Span is a byte range of a text where a query term matched.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
	Term  int `json:"term"` // index into Query.Terms
}

// matches returns every occurrence of the query's terms among toks, in text
// order; overlapping occurrences of different terms are all kept.
func (q Query) matches(toks []token) []Span {
	var spans []Span
	for i := range toks {
		for ti, t := range q.Terms {
			if n := len(t.Words); i+n <= len(toks) && t.matchAt(toks[i:i+n]) {
				spans = append(spans, Span{Start: toks[i].start, End: toks[i+n-1].end, Term: ti})
			}
		}
	}
	return spans
}

// matchAt reports whether the term stands at the start of toks: a prefix
// term's last word begins the token there, and a plain word also matches
// the identifiers it begins before a '_' (see termExpr).
func (t Term) matchAt(toks []token) bool {
	last := len(t.Words) - 1
	for k, w := range t.Words {
		switch tok := toks[k].text; {
		case k == last && t.Prefix:
			if !strings.HasPrefix(tok, w) {
				return false
			}
		case t.family():
			if tok != w && !(strings.HasPrefix(tok, w) && tok[len(w)] == '_') {
				return false
			}
		case tok != w:
			return false
		}
	}
	return true
}

// MatchSpans returns the byte ranges of text where the query's terms occur,
// in order and without overlaps (for highlighting).
func (q Query) MatchSpans(text string) []Span {
	all := q.matches(tokenize(text))
	var out []Span
	for _, s := range all {
		if n := len(out); n > 0 && s.Start < out[n-1].End {
			if s.End > out[n-1].End {
				out[n-1].End = s.End
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// Coverage returns how many distinct terms of the query occur in text.
func (q Query) Coverage(text string) int {
	return coverage(q.matches(tokenize(text)))
}

func coverage(spans []Span) int {
	seen := make(map[int]bool)
	for _, s := range spans {
		seen[s.Term] = true
	}
	return len(seen)
}
