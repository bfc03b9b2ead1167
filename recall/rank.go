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
// every term (FTS5 AND) by BM25, then rows holding only some (OR, minus
// the former) by the number of terms they hold, then BM25. The partial
// tier is only read when the full tier does not give wantSessions sessions.
func (s *Service) candidates(ctx context.Context, q Query, f archive.SearchFilter, rows, wantSessions int) ([]candidate, error) {
	all, err := s.Archive.SearchText(ctx, q.MatchAll(), f, rows)
	if err != nil {
		return nil, internal("search", err)
	}
	every := make([]int, len(q.Terms))
	for i := range every {
		every[i] = i
	}
	out := make([]candidate, len(all))
	for i, h := range all {
		out[i] = candidate{TextHit: h, terms: every}
	}
	if len(q.Terms) < 2 || countSessions(out) >= wantSessions || len(all) >= rows {
		return dropMirrored(out), nil
	}
	partial, err := s.Archive.SearchText(ctx, "("+q.MatchAny()+") NOT ("+q.MatchAll()+")", f, rows)
	if err != nil {
		return nil, internal("search", err)
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

// orderCandidates sorts by the number of terms held (more first), then by
// BM25 rank (lower first).
func orderCandidates(c []candidate) {
	sort.SliceStable(c, func(i, j int) bool {
		if len(c[i].terms) != len(c[j].terms) {
			return len(c[i].terms) > len(c[j].terms)
		}
		return c[i].Rank < c[j].Rank
	})
}

// score is the number of terms held plus the BM25 relevance mapped into
// [0, 1), so that sorting by score agrees with orderCandidates.
func score(terms int, rank float64) float64 {
	x := -rank
	if x < 0 {
		x = 0
	}
	return float64(terms) + x/(1+x)
}

func countSessions(c []candidate) int {
	seen := make(map[string]bool)
	for _, x := range c {
		seen[x.SessionID] = true
	}
	return len(seen)
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
