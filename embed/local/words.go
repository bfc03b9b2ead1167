package local

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"hansard/internal/runs"
)

// maxWordLen is the longest word kept; longer runs are hashes, encodings
// and the like.
const maxWordLen = 32

// Words splits text into the lower-case words the model knows texts by: runs
// of letters and digits; an identifier (camelCase, snake_case,
// kebab-case) gives its pieces and, when it has several, itself whole.
// Stop words, single characters and numbers are left out.
func Words(text string, out []string) []string {
	for start, end := range runs.Of(text, isWordRune) {
		out = appendToken(out, text[start:end])
	}
	return out
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// appendToken appends the words of one run of letters, digits and
// underscores.
func appendToken(out []string, tok string) []string {
	if len(tok) > 3*maxWordLen {
		return out
	}
	n := len(out)
	start := 0
	prev := rune(0)
	for i, r := range tok {
		switch {
		case r == '_':
			out = appendWord(out, tok[start:i])
			start = i + 1
		case i > start && unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			out = appendWord(out, tok[start:i])
			start = i
		case i > start && unicode.IsLower(r) && unicode.IsUpper(prev) && i-utf8.RuneLen(prev) > start:
			// "HTTPServer": the last capital starts the next piece.
			j := i - utf8.RuneLen(prev)
			out = appendWord(out, tok[start:j])
			start = j
		}
		prev = r
	}
	out = appendWord(out, tok[start:])
	if len(out)-n > 1 {
		out = appendWord(out, strings.ReplaceAll(tok, "_", ""))
	}
	return out
}

// appendWord appends w in lower case unless it is left out.
func appendWord(out []string, w string) []string {
	if len(w) < 2 || len(w) > maxWordLen {
		return out
	}
	digits := true
	for _, r := range w {
		if !unicode.IsDigit(r) {
			digits = false
			break
		}
	}
	if digits {
		return out
	}
	w = strings.ToLower(w)
	if stopWords[w] {
		return out
	}
	return append(out, w)
}

// stopWords are English function words, which say nothing of a meaning.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be
		because been before being below between both but by can could did do does doing down during each
		few for from further had has have having he her here hers herself him himself his how i if in into
		is it its itself just let me more most my myself no nor not now of off on once only or other our
		ours ourselves out over own same she should so some such than that the their theirs them
		themselves then there these they this those through to too under until up very was we were what
		when where which while who whom why will with would you your yours yourself yourselves also
		ll ve re don doesn didn isn aren wasn won shouldn couldn wouldn it's i'm we're let's ok yes yeah
		please thanks thank sure okay`) {
		m[w] = true
	}
	return m
}()
