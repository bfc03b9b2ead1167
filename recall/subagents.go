package recall

import (
	"context"

	"hansard/archive"
)

// A search that leaves subagents' conversations out (the default) still
// reads their work, in the same walks as the main conversations' answers
// and tool output, and ranks it below them: a match found only there is a
// hit on the conversation the subagent worked for, naming the subagent
// (matched_in subagent, subagent_session_id), so that the conversation a
// person remembers is found whichever of its agents said the word.

// MatchedInSubagent: the match is in the conversation of one of the hit's
// subagents, named by subagent_session_id, at message_index.
const MatchedInSubagent = "subagent"

// classGroup is the classes of text one read covers; mixed reads them
// in the main sessions and the subagents' together, the subagents'
// matches counting for their main sessions (see foldSubagents).
type classGroup struct {
	classes []archive.TextClass
	mixed   bool
}

// readsSubagents reports whether a tier of a search leaving subagents
// out reads their work: what their assistants said and their tools
// printed or were given, in the walks of the main sessions' (not their
// prompts in the every-word tier, which reads the main sessions' prompts
// apart: a subagent's prompt is its parent's call, whose input is the
// parent's own text; the lower tiers read prompts and answers in one
// walk). Not in the tiers that would walk much of the archive for
// matches ranked below what the other tiers find there: the words near
// each other (the every-word tier's matches in subagents' work whose
// words stand near each other are promoted to it, see promoteNear) and
// some of the words.
func (r *searchRun) readsSubagents(t tier) bool {
	return !r.f.IncludeSubagents && t.level != levelNear && !t.partial
}

// mainOf returns the main session a session's matches count for: itself,
// or for a subagent whose main session is known, that session.
func (r *searchRun) mainOf(id string) string {
	if m := r.mains[id]; m != "" {
		return m
	}
	return id
}

// knownMains records the sessions of matches read in main sessions only,
// so that folding does not look them up.
func (r *searchRun) knownMains(hits []archive.TextHit) {
	if r.f.IncludeSubagents {
		return
	}
	for _, h := range hits {
		r.mains[h.SessionID] = h.SessionID
	}
}

// foldSubagents turns matches read in subagents' sessions into matches of
// their main sessions, returning the subagents' ids by position ("" for a
// main session's own match). It leaves out the matches of subagents whose
// main session the archive does not hold, and of those whose main session
// an earlier page showed.
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
		switch {
		case m == h.SessionID:
			subs = append(subs, "")
		case m == "" || r.skip != nil && r.skip(m):
			continue
		default:
			subs = append(subs, h.SessionID)
			h.SessionID = m
		}
		out = append(out, h)
	}
	return out, subs, nil
}
