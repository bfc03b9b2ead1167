package provenance

import "fmt"

// claim is one introduced line of one edit.
type claim struct{ e, j int }

// resolveClaims keeps every introduced line of an edit explaining at most
// one line of the file (unless the edit replaced all occurrences). When
// several lines of a commit's block claim the same introduced line (a
// person typed a copy of what the edit wrote, or common lines such as `}`
// and blank lines recur next to each other), the claimant whose position
// agrees best with the other lines the edit explains keeps it; on a tie
// none does.
func (f *fileState) resolveClaims() {
	by := map[claim][]int{}
	for i, d := range f.decisions {
		if f.lines[i].needed {
			if d.entry >= 0 && d.match >= 0 && !f.entries[d.entry].ReplaceAll {
				c := claim{d.entry, d.match}
				by[c] = append(by[c], i)
			}
		}
	}
	for c, ls := range by {
		if len(ls) < 2 {
			continue
		}
		winner, best, tie := -1, -1, false
		for _, i := range ls {
			n := f.agreement(i, c, by)
			switch {
			case n > best:
				winner, best, tie = i, n, false
			case n == best:
				tie = true
			}
		}
		for _, i := range ls {
			if i == winner && !tie {
				continue
			}
			d := &f.decisions[i]
			*d = decision{status: StatusNone, entry: -1, match: -1}
			if tie {
				d.reason = fmt.Sprintf("the edit introduced this text once but it appears on %d lines here", len(ls))
			} else {
				d.reason = fmt.Sprintf("the edit introduced this text once: line %d is its copy", f.lines[winner].bl.FinalLine)
			}
		}
	}
}

// agreement counts the lines of line i's block that the edit of claim c
// explains with a claim of their own, and whose order in the file agrees
// with their order in the edit relative to c.
func (f *fileState) agreement(i int, c claim, by map[claim][]int) int {
	n := 0
	for _, k := range f.groups[f.lines[i].group] {
		d := f.decisions[k]
		if k == i || d.entry != c.e || d.match < 0 || len(by[claim{d.entry, d.match}]) != 1 {
			continue
		}
		if (f.lines[k].bl.FinalLine < f.lines[i].bl.FinalLine) == (d.match < c.j) {
			n++
		}
	}
	return n
}
