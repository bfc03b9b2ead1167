package recall

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// DefaultExcerptChars is the length of a search hit's excerpt, in characters.
const DefaultExcerptChars = 240

// Excerpt returns the passage of text around the query's terms, on one line
// (runs of white space become one space), at most max characters plus the
// ellipses that mark a cut. The passage is the window that holds the most
// distinct terms, earliest first; it is cut at character boundaries and,
// when one is near, at a space. Without a match it is the text's beginning.
func Excerpt(text string, q Query, max int) string {
	if max <= 0 {
		max = DefaultExcerptChars
	}
	text, before, after := narrow(text, q, max)
	flat := oneLine(text)
	runes := []rune(flat)
	if len(runes) <= max && !before && !after {
		return flat
	}
	spans := q.matches(tokenize(flat))
	start := 0
	if len(spans) > 0 {
		start = bestWindow(flat, spans, max)
	}
	end := start + max
	if end > len(runes) {
		end = len(runes)
		start = max0(end - max)
	}
	start, end = snapToSpaces(runes, start, end, min(16, max/8))
	var b strings.Builder
	if start > 0 || before {
		b.WriteString("…")
	}
	b.WriteString(strings.TrimSpace(string(runes[start:end])))
	if end < len(runes) || after {
		b.WriteString("…")
	}
	return b.String()
}

// narrow cuts a long text (a tool output of megabytes) down to a part that
// holds its excerpt, so that an excerpt costs what a page costs: it scans
// the text a chunk at a time until every term has been seen, and keeps a
// few excerpts' length around the chunk with the most terms. before and
// after say whether text was cut there.
func narrow(text string, q Query, max int) (part string, before, after bool) {
	chunk := max * 16 // bytes
	if len(text) <= 2*chunk {
		return text, false, false
	}
	seen := make(map[int]bool)
	best, bestCount := 0, 0
	for off := 0; off < len(text) && len(seen) < len(q.Terms); {
		end := min(len(text), off+chunk)
		for end < len(text) && isTokenRune(runeAt(text, end)) {
			end++ // do not split a word
		}
		here := make(map[int]bool)
		for _, sp := range q.matches(tokenize(text[off:end])) {
			here[sp.Term] = true
			seen[sp.Term] = true
		}
		if len(here) > bestCount {
			best, bestCount = off, len(here)
		}
		off = end
	}
	from := max0(best - chunk/2)
	to := min(len(text), best+chunk+chunk/2)
	for from > 0 && !utf8.RuneStart(text[from]) {
		from--
	}
	for to < len(text) && !utf8.RuneStart(text[to]) {
		to++
	}
	return text[from:to], from > 0, to < len(text)
}

func runeAt(s string, i int) rune {
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}

// bestWindow returns the rune offset where an excerpt of max runes should
// start to hold the most distinct terms.
func bestWindow(s string, spans []Span, max int) int {
	// Rune offsets of every span start and end.
	pos := make([][2]int, len(spans))
	ri, si := 0, 0
	byteToRune := func(b int) int { return ri + utf8.RuneCountInString(s[si:b]) }
	for i, sp := range spans {
		st := byteToRune(sp.Start)
		ri, si = st, sp.Start
		pos[i] = [2]int{st, st + utf8.RuneCountInString(s[sp.Start:sp.End])}
	}
	lead := max / 4
	best, bestCount := 0, -1
	for i := range spans {
		if i > 0 && pos[i][0] == pos[i-1][0] {
			continue
		}
		winStart := max0(pos[i][0] - lead)
		winEnd := winStart + max
		seen := make(map[int]bool)
		for j := i; j < len(spans) && pos[j][1] <= winEnd; j++ {
			seen[spans[j].Term] = true
		}
		if len(seen) > bestCount {
			best, bestCount = winStart, len(seen)
		}
	}
	return best
}

// snapToSpaces moves a cut inwards to the nearest space when one lies
// within reach characters, so that words are not split. The reach is
// shorter than the lead kept before the first match, so a cut never drops it.
func snapToSpaces(r []rune, start, end, reach int) (int, int) {
	if start > 0 && !unicode.IsSpace(r[start-1]) {
		for k := start; k < start+reach && k < end; k++ {
			if unicode.IsSpace(r[k]) {
				start = k + 1
				break
			}
		}
	}
	if end < len(r) && !unicode.IsSpace(r[end]) {
		for k := end - 1; k > end-reach && k > start; k-- {
			if unicode.IsSpace(r[k]) {
				end = k
				break
			}
		}
	}
	return start, end
}

// oneLine collapses runs of white space (newlines included) into one space.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func max0(n int) int {
	if n < 0 {
		return 0
	}
	return n
}
