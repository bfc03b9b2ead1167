// Package textdiff writes line diffs of texts in the unified format.
package textdiff

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// diffContext is how many unchanged lines a diff shows around a change.
const diffContext = 3

// Unified returns a unified diff of before and after, its header naming
// them oldName and newName; it is empty when they are equal.
func Unified(oldName, newName, before, after string) string {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(before, after)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)

	type line struct {
		op   diffmatchpatch.Operation
		text string
	}
	var all []line
	for _, d := range diffs {
		for _, t := range strings.SplitAfter(d.Text, "\n") {
			if t != "" {
				all = append(all, line{d.Type, t})
			}
		}
	}
	if before == after {
		return ""
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	oldNo, newNo := 1, 1
	for i := 0; i < len(all); {
		if all[i].op == diffmatchpatch.DiffEqual {
			i, oldNo, newNo = i+1, oldNo+1, newNo+1
			continue
		}
		// A hunk: from diffContext lines before this change to
		// diffContext lines after the last change that is closer than
		// twice that to the next.
		start := max(i-diffContext, 0)
		end := i
		for j := i; j < len(all); j++ {
			if all[j].op != diffmatchpatch.DiffEqual {
				end = j + 1
			} else if j-end >= 2*diffContext {
				break
			}
		}
		end = min(end+diffContext, len(all))
		o, n := oldNo-(i-start), newNo-(i-start)
		var body strings.Builder
		oc, nc := 0, 0
		for _, l := range all[start:end] {
			mark := " "
			switch l.op {
			case diffmatchpatch.DiffDelete:
				mark, oc = "-", oc+1
			case diffmatchpatch.DiffInsert:
				mark, nc = "+", nc+1
			default:
				oc, nc = oc+1, nc+1
			}
			body.WriteString(mark + l.text)
			if !strings.HasSuffix(l.text, "\n") {
				body.WriteString("\n\\ No newline at end of file\n")
			}
		}
		if oc == 0 { // an empty range starts at the line before it
			o--
		}
		if nc == 0 {
			n--
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n%s", o, oc, n, nc, body.String())
		for _, l := range all[i:end] {
			if l.op != diffmatchpatch.DiffInsert {
				oldNo++
			}
			if l.op != diffmatchpatch.DiffDelete {
				newNo++
			}
		}
		i = end
	}
	return out.String()
}
