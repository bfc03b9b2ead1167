package provenance

import (
	"testing"
	"time"

	"hansard/provenance/gitrepo"
)

// TestContextLooksAheadWithinTheEditsPositions: two lines next to each
// other in the file are context for each other only when the edit wrote
// them near each other too, not when it introduced the second one in
// another part of its text, far away.
func TestContextLooksAheadWithinTheEditsPositions(t *testing.T) {
	t.Parallel()
	c := &gitrepo.BlameCommit{Hash: "c1", CommitTime: time.Unix(2000, 0)}
	blame := []gitrepo.BlameLine{
		{FinalLine: 1, Commit: c, Text: "alpha := compute(1)"},
		{FinalLine: 2, Commit: c, Text: "beta := compute(alpha)"},
	}
	for _, tc := range []struct {
		name string
		pos  int // of the edit's second line
		want int
	}{{"adjacent", 1, 2}, {"a line apart", 2, 2}, {"far apart", 40, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFileState(&Attributor{}, FileBlame{Repo: "/r", Path: "a.go", Lines: blame})
			f.setEntries([]LedgerEntry{{Repo: "/r", Path: "a.go", SessionID: "s1", Time: time.Unix(1000, 0),
				Lines: []LedgerLine{NewLedgerLine("alpha := compute(1)", 0), NewLedgerLine("beta := compute(alpha)", tc.pos)}}})
			if got := f.contextScore(0, f.index(0)); got.score != tc.want || got.match != 0 {
				t.Errorf("score %d match %d, want %d and 0", got.score, got.match, tc.want)
			}
		})
	}
}
