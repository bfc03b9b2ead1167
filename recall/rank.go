package recall

import (
	"context"
	"sort"

	"hansard/archive"
)

// candidate is a matched message or tool result with the query terms it holds.
type candidate struct {
	archive.TextHit
	terms []int // positions in Query.Terms
}

// Row budgets of one search: enough rows to fill the page's sessions with
// their extra hits, bounded so that a very common word stays cheap.
const (
	minCandidateRows = 200
	maxCandidateRows = 5000
)

// candidates returns rows matching the query, best first: rows holding
// more of the query's terms first; at equal coverage, messages (what was
// said) before tool results (what a tool printed); then by BM25. It reads
// tiers in that order and stops once it has wantSessions sessions:
// messages holding every term (FTS5 AND), tool results holding every term,
// then messages and results holding any (OR; those found before skipped),
// whose terms are counted one query per term over those rows.
func (s *Service) candidates(ctx context.Context, q Query, f archive.SearchFilter, rows, wantSessions int) ([]candidate, error) {
	every := make([]int, len(q.Terms))
	for i := range every {
		every[i] = i
	}
	var out []candidate
	enough := func(last []archive.TextHit) bool {
		return len(last) >= rows || countSessions(out) >= wantSessions
	}
	for _, search := range []func(context.Context, string, archive.SearchFilter, int) ([]archive.TextHit, error){
		s.Archive.SearchMessages, s.Archive.SearchResults,
	} {
		hits, err := search(ctx, q.MatchAll(), f, rows)
		if err != nil {
			return nil, internal("search", err)
		}
		for _, h := range hits {
			out = append(out, candidate{TextHit: h, terms: every})
		}
		if enough(hits) {
			return dropMirrored(out), nil
		}
	}
	if len(q.Terms) < 2 {
		return dropMirrored(out), nil
	}
	// OR, not "OR NOT AND": the NOT makes FTS5 evaluate every term twice;
	// rows already found above are skipped instead.
	some := q.MatchAny()
	msgs, err := s.Archive.SearchMessages(ctx, some, f, rows)
	if err != nil {
		return nil, internal("search", err)
	}
	res, err := s.Archive.SearchResults(ctx, some, f, rows)
	if err != nil {
		return nil, internal("search", err)
	}
	type rowKey struct {
		inResult bool
		id       int64
	}
	found := make(map[rowKey]bool, len(out))
	for _, c := range out {
		found[rowKey{c.InResult, c.RowID}] = true
	}
	var partial []archive.TextHit
	for _, h := range append(msgs, res...) {
		if !found[rowKey{h.InResult, h.RowID}] {
			partial = append(partial, h)
		}
	}
	more := make([]candidate, len(partial))
	for i, h := range partial {
		more[i] = candidate{TextHit: h}
	}
	for ti, t := range q.Terms {
		has, err := s.Archive.MatchingHits(ctx, t.Expr(), partial)
		if err != nil {
			return nil, internal("search", err)
		}
		for i := range more {
			if has[i] {
				more[i].terms = append(more[i].terms, ti)
			}
		}
	}
	orderCandidates(more)
	return dropMirrored(append(out, more...)), nil
}

// orderCandidates sorts by the number of terms held (more first), then
// messages before tool results, then by BM25 rank (lower first).
func orderCandidates(c []candidate) {
	sort.SliceStable(c, func(i, j int) bool {
		if len(c[i].terms) != len(c[j].terms) {
			return len(c[i].terms) > len(c[j].terms)
		}
		if c[i].InResult != c[j].InResult {
			return !c[i].InResult
		}
		return c[i].Rank < c[j].Rank
	})
}

// score agrees with orderCandidates: the number of terms held, plus one
// half for a message, plus the BM25 relevance mapped into [0, 0.5).
func score(c candidate) float64 {
	x := -c.Rank
	if x < 0 {
		x = 0
	}
	v := float64(len(c.terms)) + 0.5*x/(1+x)
	if !c.InResult {
		v += 0.5
	}
	return v
}

func countSessions(c []candidate) int {
	seen := make(map[string]bool)
	for _, x := range c {
		seen[x.SessionID] = true
	}
	return len(seen)
}

// dropMirrored removes tool results that are also stored as a tool message
// (Claude Code records each result as a message of its own, on the same
// line): the message is the one to cite.
func dropMirrored(c []candidate) []candidate {
	type key struct {
		session string
		line    int
	}
	mirrored := make(map[key]bool)
	for _, x := range c {
		if !x.InResult && x.Role == "tool" && x.Line > 0 {
			mirrored[key{x.SessionID, x.Line}] = true
		}
	}
	if len(mirrored) == 0 {
		return c
	}
	out := c[:0]
	for _, x := range c {
		if !x.InResult || !mirrored[key{x.SessionID, x.Line}] {
			out = append(out, x)
		}
	}
	return out
}

// sessionRows groups candidates by session, sessions in order of their best row.
type sessionRows struct {
	id   string
	rows []candidate
}

func groupBySession(c []candidate) []*sessionRows {
	var out []*sessionRows
	by := make(map[string]*sessionRows)
	for _, x := range c {
		g := by[x.SessionID]
		if g == nil {
			g = &sessionRows{id: x.SessionID}
			by[x.SessionID] = g
			out = append(out, g)
		}
		g.rows = append(g.rows, x)
	}
	return out
}
