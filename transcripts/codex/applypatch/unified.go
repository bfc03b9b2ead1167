package applypatch

import (
	"fmt"
	"strconv"
	"strings"

	"hansard/transcripts"
)

// ParseUnified reads the hunks of a unified diff: "@@ -a,b +c,d @@" headers
// followed by ' ', '-' and '+' lines. File headers ("---", "+++", "diff",
// "index") before a hunk and "\ No newline at end of file" markers are
// skipped. An empty line inside a hunk counts as an empty context line. A
// hunk cut short by the end of the text is kept and reported as an error.
func ParseUnified(diff string) ([]transcripts.Hunk, error) {
	var hunks []transcripts.Hunk
	lines := splitLines(diff)
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !strings.HasPrefix(line, "@@") {
			continue // file headers or stray text between hunks
		}
		h, err := parseHunkHeader(line)
		if err != nil {
			return hunks, fmt.Errorf("unified diff line %d: %w", i+1, err)
		}
		oldLeft, newLeft := h.OldLines, h.NewLines
		for oldLeft > 0 || newLeft > 0 {
			if i+1 >= len(lines) {
				hunks = append(hunks, h)
				return hunks, fmt.Errorf("unified diff line %d: hunk ends early", i+1)
			}
			i++
			l := lines[i]
			if l == "" {
				l = " "
			}
			switch l[0] {
			case ' ':
				oldLeft--
				newLeft--
			case '-':
				oldLeft--
			case '+':
				newLeft--
			case '\\':
				continue
			default:
				hunks = append(hunks, h)
				return hunks, fmt.Errorf("unified diff line %d: unexpected line in hunk", i+1)
			}
			h.Lines = append(h.Lines, l)
		}
		hunks = append(hunks, h)
	}
	return hunks, nil
}

// parseHunkHeader reads "@@ -a[,b] +c[,d] @@ optional section".
func parseHunkHeader(line string) (transcripts.Hunk, error) {
	var h transcripts.Hunk
	f := strings.Fields(line)
	if len(f) < 3 || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return h, fmt.Errorf("bad hunk header %q", clip(line))
	}
	var err error
	if h.OldStart, h.OldLines, err = parseRange(f[1][1:]); err != nil {
		return h, fmt.Errorf("bad hunk header %q: %w", clip(line), err)
	}
	if h.NewStart, h.NewLines, err = parseRange(f[2][1:]); err != nil {
		return h, fmt.Errorf("bad hunk header %q: %w", clip(line), err)
	}
	return h, nil
}

func parseRange(s string) (start, count int, err error) {
	a, b, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad start %q", a)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil || count < 0 || count > 1<<24 {
			return 0, 0, fmt.Errorf("bad count %q", b)
		}
	}
	return start, count, nil
}
