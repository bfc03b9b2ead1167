package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// termSafe makes text from files, transcripts and git harmless to print
// on a terminal: control characters other than newline and tab (escape
// sequences could retitle the window, hide lines or move the cursor, and a
// carriage return could overwrite what was printed) become visible control
// pictures (␛, ␍) or \u escapes, and so do the bidirectional overrides and
// isolates that make code read differently from how it runs. Anything else
// is kept.
func termSafe(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20:
			b.WriteRune(0x2400 + r) // ␀ … ␟
		case r == 0x7f:
			b.WriteRune('␡')
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// needsEscape reports whether s holds a rune termSafe rewrites.
func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r) {
			return true
		}
		i += n
	}
	return false
}

// unsafeRune reports the C1 controls and the bidirectional formatting
// characters.
func unsafeRune(r rune) bool {
	return (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) ||
		r == 0x200e || r == 0x200f || r == 0x061c
}
