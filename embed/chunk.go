package embed

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Passage bounds of Chunk.
const (
	// PassageChars is the most characters (bytes) of one passage.
	PassageChars = 1200
	// PassageOverlap is how much of a passage's end the next one repeats.
	PassageOverlap = 200
	// MaxPassages is the most passages one text gives: the rest of a very
	// long text is not embedded.
	MaxPassages = 16
)

// Passage is a piece of a text: its byte offset and its text.
type Passage struct {
	Start int
	Text  string
}

// Chunk splits text into passages of at most size bytes, each repeating
// the last overlap bytes of the one before, cut at a line break or a space
// where one is near, and at most max of them. Blank text has none.
func Chunk(text string, size, overlap, max int) []Passage {
	if size <= 0 || overlap < 0 || overlap >= size {
		panic("embed.Chunk: bad size or overlap")
	}
	var out []Passage
	start := skipSpace(text, 0)
	for start < len(text) && len(out) < max {
		end := len(text)
		if end-start > size {
			end = cutPoint(text, start, start+size)
		}
		if t := strings.TrimRightFunc(text[start:end], unicode.IsSpace); t != "" {
			out = append(out, Passage{Start: start, Text: t})
		}
		if end == len(text) {
			break
		}
		next := end - overlap
		if next <= start {
			next = end
		}
		// Start the next passage on a word.
		for next < end && !isSpaceAt(text, next-1) {
			next++
		}
		start = skipSpace(text, next)
	}
	return out
}

// cutPoint returns where to end a passage that may not pass limit: after
// the last line break in its second half, else the last space, else at a
// character boundary.
func cutPoint(text string, start, limit int) int {
	half := start + (limit-start)/2
	if i := strings.LastIndexByte(text[half:limit], '\n'); i >= 0 {
		return half + i + 1
	}
	if i := strings.LastIndexAny(text[half:limit], " \t"); i >= 0 {
		return half + i + 1
	}
	for limit > start && !utf8.RuneStart(text[limit]) {
		limit--
	}
	return limit
}

func skipSpace(text string, i int) int {
	for i < len(text) && isSpaceAt(text, i) {
		i++
	}
	return i
}

func isSpaceAt(text string, i int) bool {
	if i < 0 || i >= len(text) {
		return true
	}
	c := text[i]
	return c == ' ' || c == '\n' || c == '\t' || c == '\r'
}
