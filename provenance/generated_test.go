package provenance

import (
	"context"
	"testing"

	"hansard/provenance/gitrepo"
)

// TestGeneratedHistoryAccuracy runs a small generated history (common lines
// recurring across sessions, human commits in between) and holds the
// accuracy targets.
func TestGeneratedHistoryAccuracy(t *testing.T) {
	t.Parallel()
	br := buildBenchRepo(t, genParams{sessions: 40, commits: 300, initial: 100, maxLines: 400})
	repo, err := gitrepo.Open(br.g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	out, err := (&Attributor{Ledger: br.store, Shell: br.store}).Why(context.Background(), repo, Query{Path: br.path})
	if err != nil {
		t.Fatal(err)
	}
	p, r, h, counts := br.score(out)
	t.Logf("%d lines: %v; precision %.4f recall %.4f, answers on human lines %d", len(out), counts, p, r, h)
	if p < 0.99 || r < 0.95 || h != 0 {
		t.Errorf("precision %.4f (want >= 0.99), recall %.4f (want >= 0.95), answers on human lines %d (want 0)", p, r, h)
	}
}
