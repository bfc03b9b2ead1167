package recall

import (
	"context"
	"regexp"
	"strings"
)

// commitLine matches the summary line git prints for a new commit:
// "[main 1a2b3c4] message", "[main (root-commit) 1a2b3c4] …",
// "[detached HEAD 1a2b3c4] …".
var commitLine = regexp.MustCompile(`\[[^\[\]\n]*?\b([0-9a-f]{7,64})\]`)

// committedShas returns the commit ids in git commit output.
func committedShas(output string) []string {
	var out []string
	for _, m := range commitLine.FindAllStringSubmatch(output, -1) {
		out = append(out, m[1])
	}
	return out
}

// sameCommit reports whether a recorded (abbreviated) sha and a wanted sha
// prefix name the same commit: one is a prefix of the other.
func sameCommit(recorded, want string) bool {
	return strings.HasPrefix(recorded, want) || strings.HasPrefix(want, recorded)
}

// commitSessions returns the ids of sessions that made the commit, from
// their git output, and those the edit ledger names when one is set.
func (s *Service) commitSessions(ctx context.Context, repoRoot, sha string) ([]string, error) {
	probe := sha
	if len(probe) > 7 {
		probe = probe[:7] // git abbreviates to at least 7 digits
	}
	outs, err := s.Archive.CommitOutputs(ctx, probe)
	if err != nil {
		return nil, internal("find commits", err)
	}
	set := make(map[string]bool)
	var ids []string
	add := func(id string) {
		if !set[id] {
			set[id] = true
			ids = append(ids, id)
		}
	}
	for _, o := range outs {
		for _, rec := range committedShas(o.Output) {
			if sameCommit(rec, sha) {
				add(o.SessionID)
			}
		}
	}
	if s.Commits != nil {
		more, err := s.Commits.SessionsForCommit(ctx, repoRoot, sha)
		if err != nil {
			return nil, internal("find commit in the edit ledger", err)
		}
		for _, id := range more {
			add(id)
		}
	}
	return ids, nil
}
