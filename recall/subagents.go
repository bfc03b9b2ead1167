package recall

import (
	"context"

	"hansard/archive"
)

// A search that leaves subagents' conversations out (the default) still
// reads their work, after the classes of text of the main conversations
// and below them: a match found only there is a hit on the conversation
// the subagent worked for, naming the subagent (matched_in subagent,
// subagent_session_id), so that the conversation a person remembers is
// found whichever of its agents said the word.

// MatchedInSubagent: the match is in the conversation of one of the hit's
// subagents, named by subagent_session_id, at message_index.
const MatchedInSubagent = "subagent"

// classGroup is the classes of text one read covers; sub reads them in
// subagents' sessions, for their main sessions (see foldSubagents).
type classGroup struct {
	classes []archive.TextClass
	sub     bool
}

// subagentGroup returns the group that reads the subagents' text for a
// search leaving them out: every class of classes but boilerplate. ok is
// false when the search includes them, or no class is left, and in the
// tiers that would walk much of the archive for matches ranked below
// what the subagents' own tiers find: the words near each other (the
// every-word tier's matches in subagents' work whose words stand near
// each other are promoted to it, see promoteNear) and some of the words.
func (r *searchRun) subagentGroup(t tier) (classGroup, bool) {
	if r.f.IncludeSubagents || t.level == levelNear || t.partial {
		return classGroup{}, false
	}
	g := classGroup{sub: true}
	for _, c := range r.classes {
		if c != archive.ClassBoiler {
			g.classes = append(g.classes, c)
		}
	}
	return g, len(g.classes) > 0
}

// mainOf returns the main session a session's matches count for: itself,
// or for a subagent whose main session is known, that session.
func (r *searchRun) mainOf(id string) string {
	if m := r.mains[id]; m != "" {
		return m
	}
	return id
}

// foldSubagents turns matches read in subagents' sessions into matches of
// their main sessions, returning the subagents' ids by position. It leaves
// out the matches of subagents whose main session the archive does not
// hold, and of those whose main session an earlier page showed.
func (r *searchRun) foldSubagents(ctx context.Context, hits []archive.TextHit) ([]archive.TextHit, []string, error) {
	var ask []string
	asked := make(map[string]bool)
	for _, h := range hits {
		if _, ok := r.mains[h.SessionID]; !ok && !asked[h.SessionID] {
			asked[h.SessionID] = true
			ask = append(ask, h.SessionID)
		}
	}
	if len(ask) > 0 {
		mains, err := r.s.Archive.MainSessions(ctx, ask)
		if err != nil {
			return nil, nil, internal("search", err)
		}
		for _, id := range ask {
			r.mains[id] = mains[id] // "" when none is known
		}
	}
	out, subs := hits[:0], make([]string, 0, len(hits))
	for _, h := range hits {
		m := r.mains[h.SessionID]
		if m == "" || m == h.SessionID || r.skip != nil && r.skip(m) {
			continue
		}
		subs = append(subs, h.SessionID)
		h.SessionID = m
		out = append(out, h)
	}
	return out, subs, nil
}
