package provenance

// decideTrivial answers the common lines (IsTrivial) of the selection. A
// common line is attributed only on positional evidence: walking from it
// through neighbouring lines of the same commit, the nearest substantive
// line was attributed to a single edit, and every line on the way, the
// common line included, is the next line of that edit's contiguous run of
// introduced lines.
func (f *fileState) decideTrivial() {
	for i, l := range f.lines {
		if !l.wanted || !l.trivial {
			continue
		}
		d := decision{status: StatusNone, entry: -1, match: -1,
			reason: "common line: attributed only inside a block that one edit introduced"}
		bestDist := 0
		for _, dir := range []int{-1, 1} {
			e, j, dist, ok := f.walk(i, dir)
			if !ok || (bestDist > 0 && dist >= bestDist) {
				continue
			}
			bestDist = dist
			c := cand{e: e, match: j, exact: f.entries[e].Lines[j].Text == l.bl.Text,
				lineage: f.lineage[f.entries[e].Path], late: f.isLate(i, e)}
			d = decision{entry: e, match: j, exact: c.exact}
			d.status, d.reason = f.status(i, c)
			d.reason = "common line inside a block this edit introduced; " + d.reason
		}
		f.decisions[i] = d
	}
}

func (f *fileState) isLate(i, e int) bool {
	c := f.lines[i].bl.Commit
	return !c.Uncommitted() && f.entries[e].Time.After(c.CommitTime)
}

// walk looks from common line i in direction dir for the nearest
// substantive line attributed to a single edit, through contiguous lines of
// the same commit, and checks that the edit introduced the lines between as
// one contiguous run. It returns the edit, the index of its line matching
// line i, and the distance walked.
func (f *fileState) walk(i, dir int) (e, j, dist int, ok bool) {
	l := f.lines[i]
	for dist = 1; dist <= maxWalk; dist++ {
		k := i + dir*dist
		if k < 0 || k >= len(f.lines) {
			return 0, 0, 0, false
		}
		n := f.lines[k]
		if n.group != l.group || n.bl.FinalLine != l.bl.FinalLine+dir*dist {
			return 0, 0, 0, false
		}
		if n.trivial {
			continue
		}
		d := f.decisions[k]
		if d.entry < 0 || d.status == StatusConflicting {
			return 0, 0, 0, false
		}
		e = d.entry
		lines := f.entries[e].Lines
		for t := 1; t <= dist; t++ {
			x := d.match - dir*t
			if x < 0 || x >= len(lines) || lines[x].Pos != lines[d.match].Pos-dir*t || lines[x].Key != f.lines[k-dir*t].key {
				return 0, 0, 0, false
			}
		}
		return e, d.match - dir*dist, dist, true
	}
	return 0, 0, 0, false
}
