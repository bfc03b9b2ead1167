package recall

import (
	"context"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"hansard/archive"
)

// familyRe finds a case of a Go test family in tool output; bareRe a
// test's name standing alone (followed by no word character).
var (
	familyRe = regexp.MustCompile(`\b(Test[A-Za-z]+)_[A-Za-z]+\b`)
	bareRe   = regexp.MustCompile(`\b(Test[A-Za-z]+)(?:[^A-Za-z0-9_]|$)`)
)

// On the generated archive of real shape (realShape), whose failing
// tests are cases of families (TestQueueDrain_Timeout), a search for the
// family's name finds every conversation that ran one of its cases,
// though the name alone occurs in none of their words. Only such conversations count: one that also names
// the test alone would be found without the family.
//
//	go test ./recall -run TestSearchGeneratedTestFamilies -v
func TestSearchGeneratedTestFamilies(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and indexes an archive")
	}
	t.Parallel()
	ctx := context.Background()
	a := openRealShape(t)
	svc := &Service{Archive: a, Location: time.UTC}

	want := map[string]map[string]bool{} // family → sessions that ran a case, never naming it alone
	infos, err := a.ListSessions(ctx, archive.SearchFilter{}, 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, si := range infos {
		msgs, err := a.Messages(ctx, si.ID, 0, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		cases, bare := map[string]bool{}, map[string]bool{}
		for _, m := range msgs {
			for _, g := range familyRe.FindAllStringSubmatch(m.Text, -1) {
				cases[g[1]] = true
			}
			for _, g := range bareRe.FindAllStringSubmatch(m.Text, -1) {
				bare[g[1]] = true
			}
		}
		for f := range cases {
			if bare[f] {
				continue
			}
			if want[f] == nil {
				want[f] = map[string]bool{}
			}
			want[f][si.ID] = true
		}
	}
	if len(want) < 3 {
		t.Fatalf("the archive holds %d test families found only through their cases, want at least 3", len(want))
	}
	families := make([]string, 0, len(want))
	for f := range want {
		families = append(families, f)
	}
	sort.Strings(families)
	found, wanted := 0, 0
	for _, f := range families {
		resp, err := svc.Search(ctx, SearchRequest{Query: f, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, h := range resp.Hits {
			got[h.SessionID] = true
		}
		var missed []string
		for s := range want[f] {
			wanted++
			if got[s] {
				found++
			} else {
				missed = append(missed, s)
			}
		}
		if len(missed) > 0 {
			t.Errorf("%s: %d of %d sessions not found: %s", f, len(missed), len(want[f]), strings.Join(missed, " "))
		}
	}
	t.Logf("%d families: %d of %d sessions found", len(families), found, wanted)
}
