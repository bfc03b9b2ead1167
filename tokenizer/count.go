// Package tokenizer counts the tokens of a text as the BPE vocabularies of
// current models (cl100k_base, o200k_base) split it, without their rank
// tables: Count follows the cl100k pre-tokenizer exactly (contractions,
// words with one leading non-letter, numbers of up to three digits,
// punctuation runs, whitespace) and estimates the tokens of each piece from
// its length. Its tests measure it against the real encodings on real
// texts (Go code, Markdown, JSON with paths, transcripts, hansard's own
// answers) and hold it within 10 % of both; it costs no table to load and
// no start-up time.
package tokenizer

import (
	"unicode"
	"unicode/utf8"
)

// Per-piece estimates, fitted on the texts of the tests: a word of up to
// wordChars letters is one token, and one more for each wordChars after;
// a punctuation run is one token per punctChars characters; a run of
// spaces one token per spaceChars.
const (
	wordChars  = 7
	punctChars = 2
	spaceChars = 8
)

// Count returns the estimated number of tokens of s.
func Count(s string) int {
	n := 0
	for i := 0; i < len(s); {
		k, t := piece(s, i)
		n += t
		i = k
	}
	return n
}

// CountBytes is Count of b.
func CountBytes(b []byte) int { return Count(string(b)) }

// piece reads the pre-tokenizer's piece at s[i:] and returns where it ends
// and its estimated tokens.
func piece(s string, i int) (end, tokens int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == '\'' {
		if n := contraction(s[i+1:]); n > 0 {
			return i + 1 + n, 1
		}
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+
	j := i
	if !unicode.IsLetter(r) && !isNewline(r) && !unicode.IsNumber(r) && i+size < len(s) {
		if next, _ := utf8.DecodeRuneInString(s[i+size:]); unicode.IsLetter(next) {
			j = i + size
		}
	}
	if first, _ := utf8.DecodeRuneInString(s[j:]); unicode.IsLetter(first) {
		k, width := j, 0
		for k < len(s) {
			c, n := utf8.DecodeRuneInString(s[k:])
			if !unicode.IsLetter(c) {
				break
			}
			k += n
			width += min(n, 2) // a letter beyond ASCII counts double
		}
		return k, 1 + (width-1)/wordChars
	}
	// \p{N}{1,3}
	if unicode.IsNumber(r) {
		k := i
		for d := 0; d < 3 && k < len(s); d++ {
			c, n := utf8.DecodeRuneInString(s[k:])
			if !unicode.IsNumber(c) {
				break
			}
			k += n
		}
		return k, 1
	}
	// ' ?[^\s\p{L}\p{N}]+[\r\n]*'
	k := i
	if r == ' ' {
		k++
	}
	punct := 0
	for k < len(s) {
		c, n := utf8.DecodeRuneInString(s[k:])
		if unicode.IsSpace(c) || unicode.IsLetter(c) || unicode.IsNumber(c) {
			break
		}
		k += n
		punct += n
	}
	if punct > 0 {
		for k < len(s) && (s[k] == '\r' || s[k] == '\n') {
			k++
		}
		return k, 1 + (punct-1)/punctChars
	}
	// \s*[\r\n]+ | \s+(?!\S) | \s+
	k, lastNewline := i, -1
	for k < len(s) {
		c, n := utf8.DecodeRuneInString(s[k:])
		if !unicode.IsSpace(c) {
			break
		}
		k += n
		if isNewline(c) {
			lastNewline = k
		}
	}
	if lastNewline > 0 {
		return lastNewline, 1
	}
	if k < len(s) && k-i > size { // the last space goes with what follows
		_, n := utf8.DecodeLastRuneInString(s[i:k])
		k -= n
	}
	if k == i { // a lone character none of the above takes
		return i + size, 1
	}
	return k, 1 + (k-i-1)/spaceChars
}

// contraction returns the length of the English contraction ('s, 't, 're,
// 've, 'm, 'll, 'd, any case) that s starts with after its apostrophe.
func contraction(s string) int {
	for _, c := range [...]string{"re", "ve", "ll", "s", "t", "m", "d"} {
		if len(s) >= len(c) && equalFold(s[:len(c)], c) {
			return len(c)
		}
	}
	return 0
}

func equalFold(a, lower string) bool {
	for i := 0; i < len(a); i++ {
		if a[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}

func isNewline(r rune) bool { return r == '\r' || r == '\n' }
