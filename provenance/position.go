package provenance

// decideTrivial answers the common lines (IsTrivial) of the selection. A
// common line is attributed only on positional evidence: walking from it
// through neighbouring lines of the same commit, the nearest substantive
// line was attributed to a single edit, and every line on the way, the
// common line included, is the next line of that edit's contiguous run of
// introduced lines.
func (f *fileState) decideTrivial() {
	for i, l := range f.lines {
		if l.needed && l.trivial {
			f.decisions[i] = f.decideCommon(i)
		}
	}
}

// decideCommon answers common line i from its neighbours' answers.
func (f *fileState) decideCommon(i int) decision {
	l := f.lines[i]
	d := decision{status: StatusNone, entry: -1, match: -1, reason: reasonCommonNone}
	bestDist := 0
	for _, dir := range []int{-1, 1} {
		k, dist, ok := f.anchor(i, dir)
		if !ok || (bestDist > 0 && dist >= bestDist) {
			continue
		}
		a := f.decisions[k]
		if a.status == StatusConflicting {
			if c, ok := f.conflictingByPosition(i, k, dir, dist, a); ok {
				d, bestDist = c, dist
			}
			continue
		}
		j, ok := f.contiguous(k, a.entry, a.match, dir, dist)
		if !ok {
			continue
		}
		bestDist = dist
		c := cand{e: a.entry, match: j, exact: f.entries[a.entry].Lines[j].Text == l.bl.Text, late: f.isLate(i, a.entry)}
		d = decision{entry: a.entry, match: j, exact: c.exact}
		d.status, d.reason = f.status(i, c)
		d.reason = reasonCommonPrefix + d.reason
	}
	return d
}

// conflictingByPosition makes common line i conflicting like its anchor k
// when every candidate of the anchor introduced the lines between as one
// contiguous run.
func (f *fileState) conflictingByPosition(i, k, dir, dist int, a decision) (decision, bool) {
	d := decision{status: StatusConflicting, entry: -1, match: -1, candidates: a.candidates, chain: a.chain,
		reason: reasonCommonConflicting}
	for n, e := range a.candidates {
		if _, ok := f.contiguous(k, e, a.candMatch[n], dir, dist); !ok {
			return decision{}, false
		}
	}
	return d, len(a.candidates) > 0
}

func (f *fileState) isLate(i, e int) bool {
	c := f.lines[i].bl.Commit
	return !c.Uncommitted() && f.entries[e].Time.After(c.CommitTime)
}

// anchor looks from common line i in direction dir for the nearest
// substantive line through contiguous lines of the same commit, and returns
// it if it was attributed (to one edit, or conflicting) and its distance.
func (f *fileState) anchor(i, dir int) (k, dist int, ok bool) {
	if k, dist, ok = f.nearestSubstantive(i, dir); !ok {
		return 0, 0, false
	}
	d := f.decisions[k]
	return k, dist, d.entry >= 0 || d.status == StatusConflicting
}

// nearestSubstantive walks from line i toward dir through consecutive
// lines of its commit, at most maxWalk, to the first substantive one.
func (f *fileState) nearestSubstantive(i, dir int) (k, dist int, ok bool) {
	l := f.lines[i]
	for dist = 1; dist <= maxWalk; dist++ {
		k = i + dir*dist
		if k < 0 || k >= len(f.lines) {
			return 0, 0, false
		}
		n := f.lines[k]
		if n.group != l.group || n.bl.FinalLine != l.bl.FinalLine+dir*dist {
			return 0, 0, false
		}
		if !n.trivial {
			return k, dist, true
		}
	}
	return 0, 0, false
}

// contiguous checks that edit e, whose line match explains anchor line k,
// introduced the dist lines from k back toward direction -dir as one
// contiguous run, key for key, and returns the edit's line for the last.
func (f *fileState) contiguous(k, e, match, dir, dist int) (int, bool) {
	lines := f.entries[e].Lines
	for t := 1; t <= dist; t++ {
		x := match - dir*t
		if x < 0 || x >= len(lines) || lines[x].Pos != lines[match].Pos-dir*t || lines[x].Key != f.lines[k-dir*t].key {
			return 0, false
		}
	}
	return match - dir*dist, true
}
