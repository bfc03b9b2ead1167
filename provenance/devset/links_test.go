package devset

import (
	"net/url"
	"os"
	"strconv"
	"strings"

	"hansard/provenance"
)

// linkHits counts the distinct edits named by the answers (the edit, its
// candidates and its chain) whose source link points at a transcript line
// holding the edit's tool call id, per provider.
func linkHits(w *world) (hits, total map[string]int) {
	hits, total = map[string]int{}, map[string]int{}
	seen := map[provenance.EditKey]bool{}
	files := transcriptLines{}
	note := func(r *provenance.EditRef) {
		if r == nil || seen[r.Key()] {
			return
		}
		seen[r.Key()] = true
		total[r.Provider]++
		if files.lineHolds(r.Source, r.ToolCallID) {
			hits[r.Provider]++
		}
	}
	for _, out := range w.answers {
		for i := range out {
			a := &out[i]
			note(a.Edit)
			for j := range a.Candidates {
				note(&a.Candidates[j])
			}
			for j := range a.Chain {
				note(&a.Chain[j])
			}
		}
	}
	return hits, total
}

// transcriptLines holds the lines of each transcript a link named, read
// once: path -> its lines, each with its newline (nil: unreadable).
type transcriptLines map[string][]string

// lineHolds reports whether the line a file://…#LN link names holds s.
func (tl transcriptLines) lineHolds(link, s string) bool {
	u, err := url.Parse(link)
	if err != nil || u.Scheme != "file" || !strings.HasPrefix(u.Fragment, "L") {
		return false
	}
	n, err := strconv.Atoi(u.Fragment[1:])
	if err != nil {
		return false
	}
	lines, ok := tl[u.Path]
	if !ok {
		if b, err := os.ReadFile(u.Path); err == nil {
			lines = strings.SplitAfter(string(b), "\n")
		}
		tl[u.Path] = lines
	}
	return n >= 1 && n <= len(lines) && strings.Contains(lines[n-1], s)
}
