package archive

import (
	"strings"

	"hansard/redact"
)

// redactDiffLines redacts the lines of a diff (a hunk's lines, or a patch
// split into lines) so that a secret spanning lines, such as a private key
// an edit added, is found: the old side (context and '-' lines) and the
// new side (context and '+' lines) are each redacted as one text, and
// other lines (headers such as "*** Add File:" or "@@ … @@") on their
// own. Every line keeps its prefix, and the diff its line count.
func redactDiffLines(lines []string, redactText func(string) string) []string {
	out := make([]string, len(lines))
	var oldSide, newSide []int // indexes of the lines of each side
	for i, l := range lines {
		switch {
		case l == "":
			out[i] = l
		case l[0] == ' ':
			oldSide = append(oldSide, i)
			newSide = append(newSide, i)
		case l[0] == '-' && !fileHeader(lines, i):
			oldSide = append(oldSide, i)
		case l[0] == '+' && !fileHeader(lines, i):
			newSide = append(newSide, i)
		default:
			out[i] = redactText(l)
		}
	}
	for _, side := range [][]int{oldSide, newSide} {
		bodies := make([]string, len(side))
		for k, i := range side {
			bodies[k] = lines[i][1:]
		}
		red := redact.LinesWith(bodies, redactText)
		for k, i := range side {
			// A context line is on both sides: keep what either redacted.
			if red[k] != bodies[k] || out[i] == "" {
				out[i] = lines[i][:1] + red[k]
			}
		}
	}
	return out
}

// fileHeader reports whether lines[i] is half of a unified diff's
// "--- a/path" and "+++ b/path" pair (a removed line "-- x" reads "--- x").
func fileHeader(lines []string, i int) bool {
	switch {
	case strings.HasPrefix(lines[i], "--- "):
		return i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ ")
	case strings.HasPrefix(lines[i], "+++ "):
		return i > 0 && strings.HasPrefix(lines[i-1], "--- ")
	}
	return false
}
