package provenance

// rivals returns the lines outside the selection that may claim what a
// selected line's edit introduced: the other lines of the file with the
// text of the matched introduced line (for a common line, of the
// substantive lines the edit introduced around it). An introduced line
// explains one line of the file only (resolveClaims), so they are weighed
// with the selected lines: asked alone, a line is answered as it is when
// the whole file is asked.
func (f *fileState) rivals() []int {
	keys := map[string]bool{}
	for i, l := range f.lines {
		d := f.decisions[i]
		if !l.wanted || d.entry < 0 || d.match < 0 || f.entries[d.entry].ReplaceAll {
			continue
		}
		lines := f.entries[d.entry].Lines
		if !lines[d.match].Trivial {
			keys[lines[d.match].Key] = true
			continue
		}
		for k := max(0, d.match-maxWalk); k < min(len(lines), d.match+maxWalk+1); k++ {
			if !lines[k].Trivial {
				keys[lines[k].Key] = true
			}
		}
	}
	if len(keys) == 0 {
		return nil
	}
	var out []int
	for i, l := range f.lines {
		if !l.needed && keys[l.key] {
			out = append(out, i)
		}
	}
	return out
}

// withRivals marks the blocks of the selected lines and of their rivals as
// needed: every line of them is decided, so that claims are resolved with
// the agreement of whole blocks.
func (f *fileState) withRivals(rivals []int) {
	mark := func(i int) {
		for _, k := range f.groups[f.lines[i].group] {
			f.lines[k].needed = true
		}
	}
	for i, l := range f.lines {
		if l.wanted {
			mark(i)
		}
	}
	for _, i := range rivals {
		mark(i)
	}
}
