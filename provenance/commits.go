package provenance

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hansard/provenance/gitrepo"
)

// ErrUnknownCommit: no commit of the repository has the sha prefix.
var ErrUnknownCommit = errors.New("no such commit")

// AmbiguousCommitError: a sha prefix names several commits.
type AmbiguousCommitError struct {
	Prefix  string
	Commits []string // the full ids it names
}

func (e *AmbiguousCommitError) Error() string {
	return fmt.Sprintf("commit %s is ambiguous: it names %s", e.Prefix, strings.Join(e.Commits, ", "))
}

// CommitFinder names the sessions whose archived edits wrote the lines a
// commit added: each file the commit added lines to is answered at that
// commit by the Attributor (as `hansard why --rev` would), and the sessions
// of the lines git blames to the commit that are proven or possible are
// kept. Conflicting lines and lines of no session name none.
type CommitFinder struct {
	// Attributor answers the lines (its Ledger, Cache and Slack). Its
	// Prepare, when set, is called once per question, before the ledger is
	// read.
	Attributor *Attributor
	// Open opens the repository at a main repository root; nil means
	// gitrepo.Open.
	Open func(root string) (*gitrepo.Repo, error)
}

// SessionsForCommit returns the ids of the sessions whose edits wrote lines
// of the commit named by sha (a prefix of at least 4 hexadecimal digits) in
// the repository at repoRoot, in the order their lines come. With no
// repoRoot it names none: a commit is looked up in one repository. An
// unknown sha is ErrUnknownCommit, one naming several commits an
// *AmbiguousCommitError.
func (f *CommitFinder) SessionsForCommit(ctx context.Context, repoRoot, sha string) ([]string, error) {
	if repoRoot == "" {
		return nil, nil
	}
	if f.Attributor == nil {
		return nil, fmt.Errorf("sessions of commit %s: no attributor", sha)
	}
	open := f.Open
	if open == nil {
		open = gitrepo.Open
	}
	repo, err := open(repoRoot)
	if err != nil {
		return nil, fmt.Errorf("sessions of commit %s: %w", sha, err)
	}
	commit, err := resolvePrefix(ctx, repo, sha)
	if err != nil {
		return nil, err
	}
	files, err := repo.AddedLines(ctx, commit)
	if err != nil {
		return nil, fmt.Errorf("sessions of commit %s: %w", sha, err)
	}
	at := *f.Attributor
	if at.Prepare != nil {
		if err := at.Prepare(ctx); err != nil {
			return nil, err
		}
		at.Prepare = nil
	}
	if files, err = filesWithCandidates(ctx, at.Ledger, repoRoot, files); err != nil {
		return nil, fmt.Errorf("sessions of commit %s: %w", sha, err)
	}
	var ids []string
	seen := map[string]bool{}
	for _, file := range files {
		q := Query{Path: file.Path, Rev: commit, Start: file.Lines[0].Line, End: file.Lines[len(file.Lines)-1].Line}
		out, err := at.Why(ctx, repo, q)
		if err != nil {
			return nil, fmt.Errorf("sessions of commit %s: %w", sha, err)
		}
		for _, a := range out {
			if a.Edit == nil || a.Commit == nil || a.Commit.SHA != commit {
				continue // a line the commit moved or copied from an older one
			}
			if a.Status == StatusProven || a.Status == StatusPossible || a.Status == StatusUncommitted {
				if id := a.Edit.SessionID; !seen[id] {
					seen[id] = true
					ids = append(ids, id)
				}
			}
		}
	}
	return ids, nil
}

// resolvePrefix returns the one commit of repo whose id starts with sha.
func resolvePrefix(ctx context.Context, repo *gitrepo.Repo, sha string) (string, error) {
	ids, err := repo.CommitsByPrefix(ctx, sha)
	switch {
	case errors.Is(err, gitrepo.ErrBadRevision):
		return "", fmt.Errorf("commit %q: %w (%v)", sha, ErrUnknownCommit, err)
	case err != nil:
		return "", fmt.Errorf("sessions of commit %s: %w", sha, err)
	case len(ids) == 0:
		return "", fmt.Errorf("commit %s in %s: %w", sha, repo.Root, ErrUnknownCommit)
	case len(ids) > 1:
		return "", &AmbiguousCommitError{Prefix: sha, Commits: ids}
	}
	return ids[0], nil
}

// filesWithCandidates keeps the files some of whose added substantive lines
// an archived edit introduced (one Candidates call for the whole commit):
// in the others no line can be attributed, since a common line is credited
// only next to a substantive line of the same commit.
func filesWithCandidates(ctx context.Context, store Ledger, repoRoot string, files []gitrepo.FileAdditions) ([]gitrepo.FileAdditions, error) {
	if store == nil {
		return nil, errors.New("no ledger")
	}
	var keys []string
	asked := map[string]bool{}
	for _, file := range files {
		for _, l := range file.Lines {
			if k := NormalizeKey(l.Text); !IsTrivial(l.Text) && !asked[k] {
				asked[k] = true
				keys = append(keys, k)
			}
		}
	}
	if len(keys) == 0 {
		return nil, nil
	}
	entries, err := store.Candidates(ctx, repoRoot, keys)
	if err != nil {
		return nil, fmt.Errorf("candidates: %w", err)
	}
	found := map[string]bool{}
	for _, e := range entries {
		for _, l := range e.Lines {
			k := l.Key
			if k == "" {
				k = NormalizeKey(l.Text)
			}
			if asked[k] {
				found[k] = true
			}
		}
	}
	var out []gitrepo.FileAdditions
	for _, file := range files {
		for _, l := range file.Lines {
			if found[NormalizeKey(l.Text)] && !IsTrivial(l.Text) {
				out = append(out, file)
				break
			}
		}
	}
	return out, nil
}
