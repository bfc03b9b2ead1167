package provenance

import (
	"strings"
	"time"
)

// markRivals marks as needed the lines that may bear on the claims of the
// selected lines as decided: every line of the file whose text one of
// their edits introduced (a common line only next to a substantive one).
// It returns how many lines it marked. An introduced line explains one line
// of the file only (resolveClaims): the selected line keeps it when it
// agrees with the other lines the edit explains better than any other line
// with the same text, so those lines are decided with it, and a line asked
// alone is answered as it is when the whole file is asked.
func (f *fileState) markRivals() int {
	keys := f.claimedKeys()
	n := 0
	for i := range f.lines {
		// A common line is attributed by position only: it needs a
		// neighbour with the edits' text.
		if l := &f.lines[i]; !l.needed && keys[l.key] && (!l.trivial || f.nearText(i, keys)) {
			l.needed = true
			n++
		}
	}
	return n
}

// nearText reports whether the nearest substantive line on either side of
// common line i, through consecutive lines of its commit, has one of keys.
func (f *fileState) nearText(i int, keys map[string]bool) bool {
	for _, dir := range []int{-1, 1} {
		if k, _, ok := f.nearestSubstantive(i, dir); ok && keys[f.lines[k].key] {
			return true
		}
	}
	return false
}

// claimedKeys returns the keys of the lines that the edits of the selected
// lines, as decided, introduced.
func (f *fileState) claimedKeys() map[string]bool {
	keys := map[string]bool{}
	for i, l := range f.lines {
		d := f.decisions[i]
		if !l.wanted || d.entry < 0 || d.match < 0 || f.entries[d.entry].ReplaceAll {
			continue
		}
		for _, ll := range f.entries[d.entry].Lines {
			keys[ll.Key] = true
		}
	}
	return keys
}

// claimSince returns the time from which a line's commit may be recent
// enough for it to claim what the edits of the selected lines, as decided,
// introduced: the earliest of those edits less the clock slack (an edit
// later than a commit by more than the slack explains none of its lines).
func (f *fileState) claimSince() time.Time {
	var since time.Time
	for i, l := range f.lines {
		d := f.decisions[i]
		if !l.wanted || d.entry < 0 || d.match < 0 || f.entries[d.entry].ReplaceAll {
			continue
		}
		if t := f.entries[d.entry].Time; since.IsZero() || t.Before(since) {
			since = t
		}
	}
	return since.Add(-f.a.slack())
}

// rivalsOutside reports whether another line of the file (text, every
// line) may claim what the edit of a selected line introduced for it, so
// that only the whole file's blame tells which line keeps it: for a
// substantive line, a line with its text; for a common line, a line with
// the text of the edit's substantive line nearest to it on either side.
func (f *fileState) rivalsOutside(text []string) bool {
	keys := map[string]bool{}
	for i, l := range f.lines {
		d := f.decisions[i]
		if !l.wanted || d.entry < 0 || d.match < 0 || f.entries[d.entry].ReplaceAll {
			continue
		}
		lines := f.entries[d.entry].Lines
		if !l.trivial {
			keys[l.key] = true
			continue
		}
		for _, dir := range []int{-1, 1} {
			for k := d.match + dir; k >= 0 && k < len(lines); k += dir {
				if !lines[k].Trivial {
					keys[lines[k].Key] = true
					break
				}
			}
		}
	}
	if len(keys) == 0 {
		return false
	}
	seen := map[string]bool{}
	for _, t := range text {
		if IsTrivial(t) {
			continue
		}
		if k := NormalizeKey(strings.TrimSuffix(t, "\r")); keys[k] {
			if seen[k] {
				return true
			}
			seen[k] = true
		}
	}
	return false
}
