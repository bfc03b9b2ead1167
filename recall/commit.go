package recall

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"hansard/provenance"
)

// commitLine matches the summary line git prints for a new commit:
// "[main 1a2b3c4] message", "[main (root-commit) 1a2b3c4] …",
// "[detached HEAD 1a2b3c4] …". It is compiled on first use.
var commitLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\[[^\[\]\n]*?\b([0-9a-f]{7,64})\]`)
})

// committedShas returns the commit ids in git commit output.
func committedShas(output string) []string {
	var out []string
	for _, m := range commitLine().FindAllStringSubmatch(output, -1) {
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
		if err != nil && !(errors.Is(err, provenance.ErrUnknownCommit) && len(ids) > 0) {
			// A commit sessions recorded may be gone from the repository
			// since (amended, rebased): their record still answers.
			return nil, commitErr(sha, repoRoot, err)
		}
		for _, id := range more {
			add(id)
		}
	}
	return ids, nil
}

// commitErr turns a failure to look a commit up in the edit ledger into a
// coded Error: a sha naming no commit, or several, is a bad argument.
func commitErr(sha, repoRoot string, err error) error {
	var amb *provenance.AmbiguousCommitError
	switch {
	case errors.As(err, &amb):
		return invalidArgf("commit", "commit %s is ambiguous in %s: it names %s", sha, repoRoot, strings.Join(amb.Commits, ", "))
	case errors.Is(err, provenance.ErrUnknownCommit):
		return invalidArgf("commit", "no commit %s in %s", sha, repoRoot)
	}
	return internal(fmt.Sprintf("find commit %s in the edit ledger", sha), err)
}
