// Package runs splits text into the runs of characters that a character
// class admits: the one loop behind every word splitter of hansard (the
// full-text index's words in recall, the local model's words in
// embed/local), which differ only in what a word character is.
package runs

import "iter"

// Of yields the start and end byte offsets of each longest run of runes
// of s that in admits, in order.
func Of(s string, in func(rune) bool) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		start := -1
		for i, r := range s {
			if in(r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 {
				if !yield(start, i) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield(start, len(s))
		}
	}
}
