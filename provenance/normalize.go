package provenance

import (
	"strings"
	"unicode"
)

// NormalizeKey is the whitespace-normalized form lines are matched on: runs
// of whitespace collapse to one space and the ends are trimmed.
func NormalizeKey(line string) string {
	var b strings.Builder
	b.Grow(len(line))
	space := false
	for _, r := range line {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// minIdentChars is how many identifier characters a line must keep, once
// keywords and common literals are left out, to be substantive.
const minIdentChars = 4

// boilerWords are keywords, literals and names so common across languages
// that they say nothing about who wrote a line.
var boilerWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		return nil null none undefined true false else elif elsif end endif
		break continue pass default do then fi done esac try finally begin
		rescue ensure self this super var let const val func function fn def
		for foreach while loop case switch when in of new void int bool
		string error static public private protected import package from
		async await yield not and or is raise throw throws catch except with
		as mut pub struct type class interface go defer select chan map range
		unsafe impl where use mod crate module export require include using
		namespace extends implements abstract final override virtual inline
		local global begin end ok`) {
		boilerWords[w] = true
	}
}

// IsTrivial reports whether a line is too common to be attributed on its
// text alone: blank lines, lone punctuation (`}`, `)`, `*/`, `"""`, `});`),
// and lines with fewer than minIdentChars identifier characters outside
// keywords and common literals (`return nil`, `return err`, `} else {`,
// `end`, `break;`, `return x`, `i++`). `if err != nil {` is not trivial: it
// recurs, but context decides it like any other recurring line.
func IsTrivial(line string) bool {
	n := 0
	word := make([]rune, 0, 32)
	flush := func() {
		if len(word) > 0 && !boilerWords[strings.ToLower(string(word))] {
			n += len(word)
		}
		word = word[:0]
	}
	for _, r := range line {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			word = append(word, r)
			continue
		}
		flush()
	}
	flush()
	return n < minIdentChars
}
