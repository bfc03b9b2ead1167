package recall

import (
	"context"

	"hansard/archive"
)

// Bounds of one read of the full-text index (see archive.SearchMessages).
const (
	// searchScan is the most matches walked per read.
	searchScan = 20000
	// searchMinPerSession is the least matches kept per conversation.
	searchMinPerSession = 8
)

// archiveFilter turns a plan into the archive's filter. Filters on what a
// session did (file, commit) become a list of session ids; none is false
// when no session can match, so the search can answer at once.
func (s *Service) archiveFilter(ctx context.Context, p searchPlan) (f archive.SearchFilter, none bool, err error) {
	f = archive.SearchFilter{
		Provider:         p.req.Provider,
		IncludeSubagents: p.req.IncludeSubagents,
		Since:            p.times.Since,
		Until:            p.times.Until,
		Roles:            p.roles,
		Tool:             p.req.Tool,
		Command:          p.req.Command,
	}
	if p.req.Repo != "" {
		roots, err := s.Archive.RepoRoots(ctx)
		if err != nil {
			return f, false, internal("list repositories", err)
		}
		if f.RepoRoot, err = resolveRepo(p.req.Repo, roots); err != nil {
			return f, false, err
		}
	}
	var sets [][]string
	if p.file != nil {
		paths, err := s.Archive.EditedPaths(ctx, f.RepoRoot, p.file.literal())
		if err != nil {
			return f, false, internal("find edited files", err)
		}
		var ids []string
		seen := make(map[string]bool)
		for _, ep := range paths {
			if !seen[ep.SessionID] && p.file.match(ep.RepoRoot, ep.Path) {
				seen[ep.SessionID] = true
				ids = append(ids, ep.SessionID)
			}
		}
		sets = append(sets, ids)
	}
	if p.commit != "" {
		ids, err := s.commitSessions(ctx, f.RepoRoot, p.commit)
		if err != nil {
			return f, false, err
		}
		sets = append(sets, ids)
	}
	if len(sets) > 0 {
		f.SessionIDs = intersect(sets)
		if len(f.SessionIDs) == 0 {
			return f, true, nil
		}
	}
	return f, false, nil
}

func intersect(sets [][]string) []string {
	count := make(map[string]int)
	for _, set := range sets {
		for _, id := range set {
			count[id]++
		}
	}
	out := []string{}
	for _, id := range sets[0] {
		if count[id] == len(sets) {
			out = append(out, id)
		}
	}
	return out
}
