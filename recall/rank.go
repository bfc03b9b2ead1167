package recall

import (
	"context"
	"sort"

	"hansard/archive"
	"hansard/transcripts"
)

// candidate is a matched message or tool result with the query terms it holds.
type candidate struct {
	archive.TextHit
	terms []int // positions in Query.Terms
}

// candidates returns rows matching the query, best first: rows holding
// more of the query's terms first; at equal coverage, what was said (user,
// assistant and system messages) before what a tool printed (tool
// messages and tool results); then by BM25. It reads, in order, stopping
// once it has wantSessions sessions: messages holding every term (FTS5
// AND); tool results holding every term, unless what was said already
// fills the page; then messages and results holding any term (OR, those
// found before skipped), whose terms are counted one query per term. The
// filter's bounds (see archive.SearchMessages) keep each read cheap.
func (s *Service) candidates(ctx context.Context, q Query, f archive.SearchFilter, wantSessions int) ([]candidate, error) {
	every := make([]int, len(q.Terms))
	for i := range every {
		every[i] = i
	}
	msgs, err := s.Archive.SearchMessages(ctx, q.MatchAll(), f)
	if err != nil {
		return nil, internal("search", err)
	}
	out := make([]candidate, 0, len(msgs))
	for _, h := range msgs {
		out = append(out, candidate{TextHit: h, terms: every})
	}
	orderCandidates(out)
	if countSessions(out, said) >= wantSessions {
		return out, nil
	}
	res, err := s.Archive.SearchResults(ctx, q.MatchAll(), f)
	if err != nil {
		return nil, internal("search", err)
	}
	for _, h := range res {
		out = append(out, candidate{TextHit: h, terms: every})
	}
	orderCandidates(out)
	if len(q.Terms) < 2 || countSessions(out, nil) >= wantSessions {
		return out, nil
	}
	// OR, not "OR NOT AND": the NOT makes FTS5 evaluate every term twice;
	// rows already found above are skipped instead.
	some := q.MatchAny()
	msgs, err = s.Archive.SearchMessages(ctx, some, f)
	if err != nil {
		return nil, internal("search", err)
	}
	res, err = s.Archive.SearchResults(ctx, some, f)
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
	extra := make([]candidate, len(partial))
	for i, h := range partial {
		extra[i] = candidate{TextHit: h}
	}
	for ti, t := range q.Terms {
		has, err := s.Archive.MatchingHits(ctx, t.Expr(), partial)
		if err != nil {
			return nil, internal("search", err)
		}
		for i := range extra {
			if has[i] {
				extra[i].terms = append(extra[i].terms, ti)
			}
		}
	}
	orderCandidates(extra)
	return append(out, extra...), nil
}

// orderCandidates sorts by the number of terms held (more first), then
// what was said before what a tool printed, then by BM25 rank (lower first).
func orderCandidates(c []candidate) {
	sort.SliceStable(c, func(i, j int) bool {
		if len(c[i].terms) != len(c[j].terms) {
			return len(c[i].terms) > len(c[j].terms)
		}
		if said(c[i]) != said(c[j]) {
			return said(c[i])
		}
		return c[i].Rank < c[j].Rank
	})
}

// said reports whether a row is what someone said rather than tool output.
func said(c candidate) bool { return c.Role != transcripts.RoleTool }

// score agrees with orderCandidates: the number of terms held, plus one
// half for what was said, plus the BM25 relevance mapped into [0, 0.5).
func score(c candidate) float64 {
	x := -c.Rank
	if x < 0 {
		x = 0
	}
	v := float64(len(c.terms)) + 0.5*x/(1+x)
	if said(c) {
		v += 0.5
	}
	return v
}

// countSessions counts the sessions of the rows that keep passes (all when nil).
func countSessions(c []candidate, keep func(candidate) bool) int {
	seen := make(map[string]bool)
	for _, x := range c {
		if keep == nil || keep(x) {
			seen[x.SessionID] = true
		}
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
