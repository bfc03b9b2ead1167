package provenance

// contextScore measures how well entry index x explains the block around
// line i: the number of substantive lines matched in order, line i
// included, within contextWindow lines of the commit's block on either
// side. It returns the best score over the entry's occurrences of the
// line's key, the matched line index, and whether that line's text is exact.
func (f *fileState) contextScore(i int, x *entryIndex) scored {
	l := f.lines[i]
	r := scored{match: -1}
	for _, j32 := range x.occ[l.kid] {
		j := int(j32)
		s := 1 + f.extend(i, x, j, 1, false) + f.extend(i, x, j, -1, false)
		ex := x.lines[j].Text == l.bl.Text
		if s > r.score || (s == r.score && ex && !r.exact) {
			r.score, r.match, r.exact = s, j, ex
		}
	}
	return r
}

// extend walks from line i (matched to entry line j) in direction dir
// through the commit's block and the entry's lines, matching greedily and
// allowing up to contextSkip unmatched lines in a row on either side (plus,
// on the edit's side, as many lines as other commits hold between two lines
// of the block). With collect, the matched lines are marked with f.stamp
// and appended to f.run.
func (f *fileState) extend(i int, x *entryIndex, j, dir int, collect bool) int {
	group := f.groups[f.lines[i].group]
	count, ej, misses, prev := 0, j, 0, i
	for step := 1; step <= contextWindow; step++ {
		gk := f.lines[i].gidx + dir*step
		if gk < 0 || gk >= len(group) {
			break
		}
		li := group[gk]
		if d := f.lines[li].bl.FinalLine - f.lines[i].bl.FinalLine; d > contextReach || d < -contextReach {
			break // past what a blame of the asked lines reads
		}
		kid := f.lines[li].kid
		// Lines of other commits between two lines of the block stand for
		// as many lines of the edit: look that much further.
		gap := f.lines[li].bl.FinalLine - f.lines[prev].bl.FinalLine
		if gap < 0 {
			gap = -gap
		}
		prev = li
		found := -1
		reach := min(gap, maxWalk) + contextSkip
		for d := 1; d <= reach; d++ {
			y := ej + dir*d
			if y < 0 || y >= len(x.kids) || abs(x.lines[y].Pos-x.lines[ej].Pos) > reach {
				// The edit's own positions bound the look ahead: its
				// introduced lines further away are another part of it.
				break
			}
			if x.kids[y] == kid {
				found = y
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
		if collect {
			f.mark[li] = f.stamp
			f.run = append(f.run, li)
		}
		if !f.lines[li].trivial {
			count++
		}
	}
	return count
}

// distinctive reports whether a single session introduced the key of line
// i, in any file and at any time.
func (f *fileState) distinctive(i int) bool {
	kid := f.lines[i].kid
	switch f.distinct[kid] {
	case 1:
		return true
	case -1:
		return false
	}
	d := int8(1)
	first := ""
	for _, e := range f.byKey[f.lines[i].key] {
		s := f.entries[e].SessionID
		if first == "" {
			first = s
		} else if s != first {
			d = -1
			break
		}
	}
	f.distinct[kid] = d
	return d == 1
}

// supported reports whether the match of line i to entry line match of x
// stands on more than recurring text: the lines it matches around i
// include a line only one session ever introduced, or they leave no
// substantive line of the commit's block within contextWindow lines of i
// unexplained.
func (f *fileState) supported(i int, x *entryIndex, match int) bool {
	f.stamp++
	f.mark[i] = f.stamp
	f.run = append(f.run[:0], i)
	f.extend(i, x, match, 1, true)
	f.extend(i, x, match, -1, true)
	for _, li := range f.run {
		if !f.lines[li].trivial && f.distinctive(li) {
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
			if !f.lines[k].trivial && f.mark[k] != f.stamp {
				return false
			}
		}
	}
	return true
}
