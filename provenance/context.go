package provenance

// contextScore measures how well entry e explains the block around line i:
// the number of substantive lines matched in order, line i included,
// within contextWindow lines of the commit's block on either side. It
// returns the best score over the entry's occurrences of the line's key,
// the matched line index, and whether that line's text is exact.
func (f *fileState) contextScore(i, e int) (score, match int, exact bool) {
	l := f.lines[i]
	match = -1
	for _, j := range f.occurrences(e, l.key) {
		s := 1 + f.extend(i, e, j, 1, nil) + f.extend(i, e, j, -1, nil)
		ex := f.entries[e].Lines[j].Text == l.bl.Text
		if s > score || (s == score && ex && !exact) {
			score, match, exact = s, j, ex
		}
	}
	return score, match, exact
}

// extend walks from line i (matched to entry line j) in direction dir
// through the commit's block and the entry's lines, matching greedily and
// allowing up to contextSkip unmatched lines in a row on either side (plus,
// on the edit's side, as many lines as other commits hold between two lines
// of the block). The
// matched lines are added to run when it is not nil.
func (f *fileState) extend(i, e, j, dir int, run map[int]bool) int {
	group := f.groups[f.lines[i].group]
	lines := f.entries[e].Lines
	count, ej, misses, prev := 0, j, 0, i
	for step := 1; step <= contextWindow; step++ {
		gk := f.lines[i].gidx + dir*step
		if gk < 0 || gk >= len(group) {
			break
		}
		li := group[gk]
		key := f.lines[li].key
		// Lines of other commits between two lines of the block stand for
		// as many lines of the edit: look that much further.
		gap := f.lines[li].bl.FinalLine - f.lines[prev].bl.FinalLine
		if gap < 0 {
			gap = -gap
		}
		prev = li
		found := -1
		for d := 1; d <= min(gap, maxWalk)+contextSkip; d++ {
			x := ej + dir*d
			if x < 0 || x >= len(lines) {
				break
			}
			if lines[x].Key == key {
				found = x
				break
			}
		}
		if found < 0 {
			if misses++; misses > contextSkip {
				break
			}
			continue
		}
		misses, ej = 0, found
		if run != nil {
			run[li] = true
		}
		if !f.lines[li].trivial {
			count++
		}
	}
	return count
}

// distinctive reports whether a single session introduced key, in any
// file and at any time.
func (f *fileState) distinctive(key string) bool {
	d, ok := f.distinct[key]
	if !ok {
		d = true
		first := ""
		for _, e := range f.byKey[key] {
			s := f.entries[e].SessionID
			if first == "" {
				first = s
			} else if s != first {
				d = false
				break
			}
		}
		f.distinct[key] = d
	}
	return d
}

// supported reports whether candidate c's match of line i stands on more
// than recurring text: the lines it matches around i include a line only
// one session ever introduced, or they leave no substantive line of the
// commit's block within contextWindow lines of i unexplained.
func (f *fileState) supported(i int, c cand) bool {
	run := map[int]bool{i: true}
	f.extend(i, c.e, c.match, 1, run)
	f.extend(i, c.e, c.match, -1, run)
	for li := range run {
		if !f.lines[li].trivial && f.distinctive(f.lines[li].key) {
			return true
		}
	}
	l := f.lines[i]
	group := f.groups[l.group]
	for _, dir := range []int{-1, 1} {
		for step := 1; step <= contextWindow; step++ {
			gk := l.gidx + dir*step
			if gk < 0 || gk >= len(group) {
				break
			}
			k := group[gk]
			if d := f.lines[k].bl.FinalLine - l.bl.FinalLine; d > contextWindow || d < -contextWindow {
				break
			}
			if !f.lines[k].trivial && !run[k] {
				return false
			}
		}
	}
	return true
}
