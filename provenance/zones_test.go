package provenance

import (
	"context"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
)

// TestCachedAnswersShowTheAskersZone: an answer kept in the cache under
// one time zone is shown in the zone of whoever asks next.
func TestCachedAnswersShowTheAskersZone(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	repo, err := gitrepo.Open(s.g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, q := range []Query{{Path: "app.go"}, {Path: "app.go", Start: 7}} {
		for _, zone := range []*time.Location{time.FixedZone("CET", 3600), time.FixedZone("PDT", -7*3600), time.UTC} {
			a := &Attributor{Ledger: s.store, Shell: s.store, Cache: s.store, Location: zone}
			out, err := a.Why(ctx, repo, q)
			if err != nil {
				t.Fatal(err)
			}
			want := time.Date(2026, 1, 1, 0, 0, 0, 0, zone).Format("Z07:00")
			l := lineOf(t, out, "strings.ToLower", 1)
			if l.Edit == nil || l.Commit == nil {
				t.Fatalf("line 7 = %+v", l)
			}
			for _, got := range []string{l.Commit.Time, l.Edit.TimeLocal} {
				if !strings.HasSuffix(got, want) {
					t.Errorf("asked in %s (lines %d-%d): time %s, want it in %s", zone, q.Start, q.End, got, want)
				}
			}
		}
	}
}
