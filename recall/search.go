package recall

import (
	"context"
	"sort"

	"hansard/archive"
	"hansard/transcripts"
)

// maxHitTextChars bounds the text loaded to cut an excerpt from.
const maxHitTextChars = 65536

// Search finds past conversations. With query words it returns one hit per
// conversation, best first (see candidates); without, it lists the
// conversations matching the filters, newest first.
func (s *Service) Search(ctx context.Context, req SearchRequest) (SearchResponse, error) {
	p, err := req.validate(s.loc(), s.now())
	if err != nil {
		return SearchResponse{}, err
	}
	resp := SearchResponse{
		Hits:    []Hit{},
		Mode:    p.mode,
		Terms:   p.query.TermTexts(),
		Notices: p.notices,
		Notice:  EvidenceNotice,
	}
	built, paused, err := s.Archive.IndexState(ctx)
	if err != nil {
		return SearchResponse{}, internal("read index state", err)
	}
	resp.IndexBuiltAt, resp.IndexingPaused = LocalTime(built, s.loc()), paused
	f, none, err := s.archiveFilter(ctx, p)
	if err != nil || none {
		return resp, err
	}
	switch {
	case p.query.Blank():
		listed(&resp, p)
		return s.list(ctx, p, f, resp)
	case p.query.Empty():
		resp.Notices = append(resp.Notices, "the query holds no searchable words")
		return resp, nil
	}
	want := p.limit + 1 // one more session tells whether a next page exists
	f.PerSession = max(searchMinPerSession, 4*p.hitsPerSession)
	f.Scan = s.scanLimit()
	if len(p.seen) > 0 {
		f.SkipSession = func(id string) bool { return p.seen[sessionHash(id)] }
	}
	run, err := s.ranked(ctx, p, f, want, &resp)
	if err != nil {
		return SearchResponse{}, err
	}
	resp.Expansions = run.suggest
	groups := groupBySession(run.out)
	if len(groups) > p.limit {
		groups = groups[:p.limit]
		seen := append([]string(nil), p.seenList...)
		for _, g := range groups {
			seen = append(seen, sessionHash(g.id))
		}
		resp.Next = encodeSearchCursor(searchCursor{Seen: seen}, req)
	}
	resp.Hits, err = s.buildHits(ctx, p, groups)
	return resp, err
}

// listed names the listing a blank query runs as the mode that ran, with
// the mode asked for when one was, and why meaning search did not run.
func listed(resp *SearchResponse, p searchPlan) {
	resp.Mode = ModeList
	if p.req.Mode == "" {
		return
	}
	resp.RequestedMode = p.mode
	if p.mode != ModeKeyword {
		resp.ModeNotice = p.mode + " search skipped: the query is blank, so the sessions matching the filters are listed, newest first"
	}
}

// buildHits loads what the page's hits show: session details, texts and
// excerpts, revision groups and extra hits.
func (s *Service) buildHits(ctx context.Context, p searchPlan, groups []*sessionRows) ([]Hit, error) {
	ids := make([]string, len(groups))
	for i, g := range groups {
		ids[i] = g.id
		// Keep the rows shown, and enough more to fold copies into them.
		n := p.hitsPerSession
		if p.req.GroupRevisions {
			n *= 4
		}
		if len(g.rows) > n {
			g.rows = g.rows[:n]
		}
	}
	infos, err := s.Archive.SessionHeads(ctx, ids)
	if err != nil {
		return nil, internal("load sessions", err)
	}
	// The texts of every session's rows, in one query.
	var rows []candidate
	for _, g := range groups {
		rows = append(rows, g.rows...)
	}
	texts, err := s.Archive.HitTexts(ctx, hitsOf(rows), maxHitTextChars)
	if err != nil {
		return nil, internal("load texts", err)
	}
	hits := make([]Hit, 0, len(groups))
	for _, g := range groups {
		shown := s.sessionMatches(p, g.rows, texts[:len(g.rows):len(g.rows)])
		texts = texts[len(g.rows):]
		info := infos[g.id]
		h := Hit{
			SessionID:       g.id,
			Title:           info.Title,
			Provider:        info.Provider,
			Repo:            info.RepoRoot,
			ParentSessionID: parentOf(info),
			StartedAtLocal:  LocalTime(info.StartedAt, s.loc()),
		}
		first := shown[0]
		h.MessageIndex, h.Role, h.Excerpt, h.Score = first.MessageIndex, first.Role, first.Excerpt, first.Score
		h.MatchedBy, h.Similarity = first.MatchedBy, first.Similarity
		h.MatchedIn, h.MatchedTerms, h.MessageAtLocal = first.MatchedIn, first.MatchedTerms, first.MessageAtLocal
		h.SubagentSessionID = first.SubagentSessionID
		h.Revisions, h.LatestRevision, h.Retracted = first.Revisions, first.LatestRevision, first.Retracted
		if len(shown) > 1 {
			h.MoreHits = shown[1:]
		}
		hits = append(hits, h)
	}
	return hits, nil
}

// sessionMatches turns one session's rows (best first) into up to
// hits_per_session matches, folding copies of one message together when
// group_revisions is set.
func (s *Service) sessionMatches(p searchPlan, rows []candidate, texts []archive.HitText) []MoreHit {
	latest := make([]int, len(rows))
	for i := range latest {
		latest[i] = i
	}
	var members map[int][]int // group representative → members' positions
	if p.req.GroupRevisions {
		var items []revisionItem
		var pos []int
		for i, r := range rows {
			if !r.InResult && r.sub == "" { // a subagent's messages are not copies of the conversation's
				items = append(items, revisionItem{Index: r.MessageIndex, Role: r.Role, Human: texts[i].Human, Text: texts[i].Text, ParentUUID: texts[i].ParentUUID})
				pos = append(pos, i)
			}
		}
		members = make(map[int][]int)
		for k, l := range groupRevisions(items) {
			latest[pos[k]] = pos[l]
			members[pos[l]] = append(members[pos[l]], pos[k])
		}
	}
	var out []MoreHit
	used := make(map[int]bool) // groups already shown, by their latest copy
	for i, r := range rows {
		if len(out) == p.hitsPerSession {
			break
		}
		if used[latest[i]] {
			continue
		}
		used[latest[i]] = true
		m := MoreHit{
			MessageIndex:   r.MessageIndex,
			Role:           r.Role,
			Excerpt:        r.excerpt(texts[i].Text),
			Score:          score(r),
			MatchedBy:      r.matchedBy(),
			Similarity:     r.passageSimilarity(),
			MatchedIn:      MatchedInMessage,
			MessageAtLocal: LocalTime(texts[i].Timestamp, s.loc()),
			Retracted:      texts[i].Retracted,
			// A subagent's id, when the match is in its work.
			SubagentSessionID: r.sub,
		}
		m.MatchedIn = matchedIn(r)
		for _, t := range heldTerms(r, p.query) {
			m.MatchedTerms = append(m.MatchedTerms, p.query.Terms[t].Text)
		}
		if g := members[latest[i]]; len(g) > 1 {
			for _, k := range g {
				m.Revisions = append(m.Revisions, rows[k].MessageIndex)
			}
			sort.Ints(m.Revisions)
			l := rows[latest[i]].MessageIndex
			m.LatestRevision = &l
		}
		out = append(out, m)
	}
	return out
}

// matchedIn names where a hit's text was found.
func matchedIn(r candidate) string {
	switch {
	case r.sub != "":
		return MatchedInSubagent
	case r.class == archive.ClassBoiler:
		return MatchedInBoilerplate
	case !r.InResult:
		return MatchedInMessage
	case r.Field == archive.FieldInput:
		return MatchedInToolInput
	case r.Field == archive.FieldFullResult:
		return MatchedInFullOutput
	}
	return MatchedInToolResult
}

func hitsOf(c []candidate) []archive.TextHit {
	out := make([]archive.TextHit, len(c))
	for i, x := range c {
		out[i] = x.TextHit
	}
	return out
}

func parentOf(info archive.SessionInfo) string {
	if info.Class == transcripts.ClassSubagent || info.Relation != "" {
		return info.ParentID
	}
	return ""
}

// list answers a search without words: sessions matching the filters,
// newest first, each cited by its title.
func (s *Service) list(ctx context.Context, p searchPlan, f archive.SearchFilter, resp SearchResponse) (SearchResponse, error) {
	infos, err := s.Archive.ListSessions(ctx, f, p.limit+1, p.offset)
	if err != nil {
		return SearchResponse{}, internal("list sessions", err)
	}
	if len(infos) > p.limit {
		infos = infos[:p.limit]
		resp.Next = encodeSearchCursor(searchCursor{Offset: p.offset + p.limit}, p.req)
	}
	for _, info := range infos {
		resp.Hits = append(resp.Hits, Hit{
			SessionID:       info.ID,
			Title:           info.Title,
			Provider:        info.Provider,
			Repo:            info.RepoRoot,
			ParentSessionID: parentOf(info),
			Excerpt:         Excerpt(info.Title, Query{}, DefaultExcerptChars),
			MatchedBy:       MatchedByFilter,
			StartedAtLocal:  LocalTime(info.StartedAt, s.loc()),
		})
	}
	return resp, nil
}
