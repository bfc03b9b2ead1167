package devset

import (
	"bufio"
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
	note := func(r *provenance.EditRef) {
		if r == nil || seen[r.Key()] {
			return
		}
		seen[r.Key()] = true
		total[r.Provider]++
		if lineHolds(r.Source, r.ToolCallID) {
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

// lineHolds reports whether the line a file://…#LN link names holds s.
func lineHolds(link, s string) bool {
	u, err := url.Parse(link)
	if err != nil || u.Scheme != "file" || !strings.HasPrefix(u.Fragment, "L") {
		return false
	}
	n, err := strconv.Atoi(u.Fragment[1:])
	if err != nil {
		return false
	}
	f, err := os.Open(u.Path)
	if err != nil {
		return false
	}
	defer f.Close()
	r := bufio.NewReader(f)
	for i := 1; ; i++ {
		line, err := r.ReadString('\n')
		if i == n {
			return strings.Contains(line, s)
		}
		if err != nil {
			return false
		}
	}
}
