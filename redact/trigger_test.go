package redact

import (
	"slices"
	"strings"
	"testing"
)

// TestMatcherFindsEveryOccurrence compares the automaton, with its
// skipping of positions that cannot start a keyword, against a naive
// search on text dense with keyword pieces in mixed case.
func TestMatcherFindsEveryOccurrence(t *testing.T) {
	small := []string{"sk", "sk-ant-", "token", "key", "-----begin", "://", "@tcp(", "pass", "ghp_", "akia", "eyj", "hf_"}
	large := slices.Clone(small)
	for i := range 60 {
		large = append(large, strings.ToLower(fake(uint64(100+i), 6, "abcdefghijklmnopqrstuvwxyz")))
	}
	for _, keywords := range [][]string{small, large} {
		m := newMatcher(keywords)
		if (m.small != nil) != (len(keywords) == len(small)) {
			t.Fatalf("%d keywords: unexpected table size", len(keywords))
		}
		checkMatcher(t, m, keywords)
	}
}

func checkMatcher(t *testing.T, m *matcher, keywords []string) {
	pieces := append(slices.Clone(keywords), "S", "K", "-", "T", "o", "Ke", "x", " ", "_", "A", "\n", "P", "a", ":/", "@", "EYJ", "Tok")
	var b strings.Builder
	for i := range 20000 {
		p := pieces[int(fake(uint64(i), 1, alnum)[0])%len(pieces)]
		if i%3 == 0 {
			p = strings.ToUpper(p)
		}
		b.WriteString(p)
	}
	s := b.String()
	type hit struct{ id, at int }
	var got []hit
	m.scan(s, func(id, at int) { got = append(got, hit{id, at}) })
	ls := strings.ToLower(s)
	var want []hit
	for id, kw := range keywords {
		for off := 0; ; {
			i := strings.Index(ls[off:], kw)
			if i < 0 {
				break
			}
			want = append(want, hit{id, off + i})
			off += i + 1
		}
	}
	cmp := func(a, b hit) int {
		if a.at != b.at {
			return a.at - b.at
		}
		return a.id - b.id
	}
	slices.SortFunc(got, cmp)
	slices.SortFunc(want, cmp)
	if !slices.Equal(got, want) {
		t.Fatalf("automaton found %d hits, naive search %d", len(got), len(want))
	}
	if len(want) < 1000 {
		t.Fatalf("test text too sparse: %d hits", len(want))
	}
}

// The keyword set must fit the fast table (at most 256 states).
func TestKeywordSetUsesFastTable(t *testing.T) {
	if New().m.small == nil {
		t.Fatalf("the keyword automaton has %d states; the fast table holds 256", len(New().m.hasOut))
	}
}
