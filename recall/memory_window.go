package recall

import (
	"strings"
	"unicode/utf8"
)

// memoryExcerpt returns the lines of a section (its first line is
// lineStart) that hold the query's words: from the first line with one,
// up to three lines, as an excerpt of at most memoryExcerptChars
// characters and in full.
func memoryExcerpt(text string, lineStart int, words []string) (start, end int, excerpt, matched string) {
	lines := strings.Split(text, "\n")
	first := 0
	for i, l := range lines {
		if lineHasWord(strings.ToLower(l), words) {
			first = i
			break
		}
	}
	last := first
	for last+1 < len(lines) && last-first < 2 && strings.TrimSpace(lines[last+1]) != "" {
		last++
	}
	matched = strings.Join(lines[first:last+1], "\n")
	excerpt = matched
	if r := []rune(excerpt); len(r) > memoryExcerptChars {
		excerpt = string(r[:memoryExcerptChars]) + "…"
	}
	return lineStart + first, lineStart + last, excerpt, matched
}

func lineHasWord(line string, words []string) bool {
	for _, w := range words {
		if strings.Contains(line, w) {
			return true
		}
	}
	return false
}

// window is a part of a memory's text.
type window struct {
	text               string
	offset             int // characters before text
	lineStart, lineEnd int // 1-based lines it spans
	total              int // characters of the whole text
	next               int // offset of what follows, or -1
}

func (w window) nextOffset() *int {
	if w.next < 0 {
		return nil
	}
	n := w.next
	return &n
}

// memoryWindow cuts text to at most max characters: from offset when
// given; else whole lines centred on line when given; else from the
// start. A window ends at the end of a line unless its first line alone
// is longer than max.
func memoryWindow(text string, line, offset *int, max int) (window, error) {
	runes := []rune(text)
	total := len(runes)
	// starts[i] is the offset of line i+1.
	starts := []int{0}
	for i, r := range runes {
		if r == '\n' && i+1 < total {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(off int) int { // 1-based line holding off
		lo, hi := 0, len(starts)-1
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if starts[mid] <= off {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		return lo + 1
	}
	lineEndAt := func(n int) int { // offset just past line n (its newline included)
		if n < len(starts) {
			return starts[n]
		}
		return total
	}
	start := 0
	switch {
	case offset != nil:
		if *offset > total {
			return window{}, invalidArgf("offset", "offset %d is past the end of the memory (%d characters)", *offset, total)
		}
		start = *offset
	case line != nil:
		if *line > len(starts) {
			return window{}, invalidArgf("line", "line %d is past the end of the memory (%d lines)", *line, len(starts))
		}
		// Lines before line, as many as fit in half the budget.
		first := *line
		used := lineEndAt(*line) - starts[*line-1]
		for first > 1 {
			n := starts[first-1] - starts[first-2]
			if used+n > max/2+(lineEndAt(*line)-starts[*line-1]) {
				break
			}
			used += n
			first--
		}
		start = starts[first-1]
	}
	end := start
	for n := lineOf(start); ; n++ {
		e := lineEndAt(n)
		if e-start > max {
			break
		}
		end = e
		if e >= total {
			break
		}
	}
	if end == start && start < total {
		end = min(start+max, total) // one line longer than the budget
	}
	if line != nil && offset == nil && end == total {
		// Nothing follows: the budget left goes to the lines before.
		for first := lineOf(start); first > 1 && end-starts[first-2] <= max; first-- {
			start = starts[first-2]
		}
	}
	w := window{text: string(runes[start:end]), offset: start, total: total, next: -1}
	w.lineStart = lineOf(start)
	w.lineEnd = w.lineStart
	if end > start {
		w.lineEnd = lineOf(end - 1)
	}
	if end < total {
		w.next = end
	}
	if !utf8.ValidString(w.text) {
		w.text = strings.ToValidUTF8(w.text, "")
	}
	return w, nil
}
