package redact

import "strings"

// Lines redacts lines as one text, so that a secret spanning several (a
// private key in a file or a diff) is found, and returns as many lines.
// When nothing is found lines itself is returned.
func (r *Redactor) Lines(lines []string) []string { return LinesWith(lines, r.String) }

// LinesWith is Lines for any redaction that, like String, replaces a
// secret spanning lines line by line (a memoized String, say). Should the
// count of lines still change, each line is redacted on its own.
func LinesWith(lines []string, redact func(string) string) []string {
	if len(lines) == 0 {
		return lines
	}
	for _, l := range lines {
		if strings.IndexByte(l, '\n') >= 0 {
			return eachLine(lines, redact)
		}
	}
	text := strings.Join(lines, "\n")
	red := redact(text)
	if red == text {
		return lines
	}
	if out := strings.Split(red, "\n"); len(out) == len(lines) {
		return out
	}
	return eachLine(lines, redact)
}

func eachLine(lines []string, redact func(string) string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = redact(l)
	}
	return out
}
