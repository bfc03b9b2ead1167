package provenance

import (
	"time"

	"hansard/provenance/gitrepo"
)

// lineageOf returns the paths of a file's lineage: path and every path of
// its history (newest first), each with the latest time an edit to it may
// have to count for the file. A path the file had before a rename or copy
// counts only for edits up to that commit (its committer time plus the
// clock slack): after a copy, the source lives on as another file, and
// what is written to it later is not in this one. The paths of the file
// since its latest rename or copy count at any time (a zero time).
func lineageOf(path string, history []gitrepo.PathChange, slack time.Duration) map[string]time.Time {
	out := map[string]time.Time{path: {}}
	add := func(p string, until time.Time) {
		if p == "" {
			return
		}
		if cur, ok := out[p]; ok && (cur.IsZero() || (!until.IsZero() && !until.After(cur))) {
			return
		}
		out[p] = until
	}
	var until time.Time
	for _, h := range history {
		add(h.Path, until)
		if h.Status == 'R' || h.Status == 'C' {
			until = time.Unix(h.CommitTime, 0).UTC().Add(slack)
			add(h.OldPath, until)
		}
	}
	return out
}

// inLineage reports whether entry e, as an edit to its path at its time,
// may explain line i: its path is of the file's lineage (up to the path's
// time bound), or the path git found the line moved or copied from.
func (f *fileState) inLineage(i, e int) bool {
	x := f.entries[e]
	if until, ok := f.lineage[x.Path]; ok {
		return until.IsZero() || !x.Time.After(until)
	}
	return x.Path == f.lines[i].bl.OrigPath
}
