package recall

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"hansard/internal/runs"
)

// token is one word of a text as the archive's full-text index sees it:
// a run of letters, numbers, private-use characters and '_' (the FTS5
// unicode61 tokenizer with tokenchars '_'), folded to lower case.
type token struct {
	text       string // folded
	start, end int    // byte offsets in the source text
}

// isTokenRune reports whether r belongs to a word for the full-text index.
func isTokenRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Co, r)
}

// tokenize splits s into folded tokens with their byte offsets.
func tokenize(s string) []token {
	var toks []token
	for start, end := range runs.Of(s, isTokenRune) {
		toks = append(toks, token{text: fold(s[start:end]), start: start, end: end})
	}
	return toks
}

// words returns the folded tokens of s without offsets.
func words(s string) []string {
	toks := tokenize(s)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.text
	}
	return out
}

// fold lower-cases a word and removes the diacritics of Latin letters, as
// the unicode61 tokenizer does, so that highlighting agrees with matching.
func fold(w string) string {
	ascii := true
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(w)
	}
	bases := latinBase()
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range w {
		r = unicode.ToLower(r)
		if base, ok := bases[r]; ok {
			r = base
		}
		b.WriteRune(r)
	}
	return b.String()
}

// latinBase maps accented Latin letters (lower case) to their base letter.
// It is built on first use, not at package init.
var latinBase = sync.OnceValue(func() map[rune]rune {
	groups := map[rune]string{
		'a': "àáâãäåāăą", 'c': "çćĉċč", 'd': "ďđ", 'e': "èéêëēĕėęě",
		'g': "ĝğġģ", 'h': "ĥħ", 'i': "ìíîïĩīĭįı", 'j': "ĵ", 'k': "ķ",
		'l': "ĺļľŀł", 'n': "ñńņňŉ", 'o': "òóôõöøōŏő", 'r': "ŕŗř",
		's': "śŝşš", 't': "ţťŧ", 'u': "ùúûüũūŭůűų", 'w': "ŵ", 'y': "ýÿŷ", 'z': "źżž",
	}
	m := make(map[rune]rune)
	for base, accented := range groups {
		for _, r := range accented {
			m[r] = base
		}
	}
	return m
})
