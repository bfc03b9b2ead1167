package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"
)

// logFormat is the commit header of every name-status log read here and by
// PathHistory: a NUL, the commit, author and committer times.
const logFormat = "--format=%x00%H %at %ct"

// CommitLog lists every commit reachable from to ("" for HEAD), or with from
// set every commit of from..to, in the order `git log` walks them (newest
// first by commit date), with the files each changed, renames and copies
// found (`git log -M -C --name-status`). A commit that changed several files
// gives one entry per file in git's order; a commit that shows no file (a
// merge, an empty commit) gives one entry with Status 0 and no path. A
// repository without commits has an empty log.
func (r *Repo) CommitLog(ctx context.Context, from, to string) ([]PathChange, error) {
	if strings.HasPrefix(from, "-") || strings.HasPrefix(to, "-") || strings.Contains(from+to, "..") {
		return nil, fmt.Errorf("log %s..%s: %w", from, to, ErrBadRevision)
	}
	rng := to
	if from != "" {
		rng = from + ".." + to
	}
	args := []string{"-c", "core.quotePath=false", "log", "-M", "-C", "--name-status", logFormat}
	if rng != "" {
		// With no revision git reads HEAD, and says a HEAD without commits
		// has none rather than that HEAD is unknown.
		args = append(args, rng)
	}
	args = append(args, "--")
	out, err := r.nameStatusLog(ctx, args)
	if err != nil {
		return nil, fmt.Errorf("log %s: %w", rng, err)
	}
	return out, nil
}

// FollowStep returns what `git log --follow -M -C --name-status` shows for
// commit when it follows path there: the entries of that one commit, none
// when the commit does not touch path. Where path is created in the commit,
// git looks for the file it was renamed or copied from, among every file of
// the parent (copies from unchanged files included); an R or C entry whose
// Path is path names that file in OldPath.
func (r *Repo) FollowStep(ctx context.Context, commit, path string) ([]PathChange, error) {
	if commit == "" || strings.HasPrefix(commit, "-") {
		return nil, fmt.Errorf("follow %s at %q: %w", path, commit, ErrBadRevision)
	}
	if path == "" {
		return nil, fmt.Errorf("follow at %s: empty path: %w", commit, ErrNoSuchPath)
	}
	args := []string{"-c", "core.quotePath=false", "log", "-1", "--follow", "-M", "-C", "--name-status", logFormat, commit, "--", path}
	out, err := r.nameStatusLog(ctx, args)
	if err != nil {
		return nil, fmt.Errorf("follow %s at %s: %w", path, commit, err)
	}
	kept := out[:0]
	for _, c := range out {
		if c.Commit == commit && c.Status != 0 {
			kept = append(kept, c)
		}
	}
	return kept, nil
}

// IsAncestor reports whether commit a is an ancestor of b, or b itself
// (`git merge-base --is-ancestor`). A commit that does not exist (pruned
// after a rebase) is an error wrapping ErrBadRevision.
func (r *Repo) IsAncestor(ctx context.Context, a, b string) (bool, error) {
	if a == "" || b == "" || strings.HasPrefix(a, "-") || strings.HasPrefix(b, "-") {
		return false, fmt.Errorf("is %q an ancestor of %q: %w", a, b, ErrBadRevision)
	}
	_, err := output(ctx, r.dir(), "merge-base", "--is-ancestor", a, b)
	var ge *Error
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &ge) && ge.ExitCode == 1:
		return false, nil
	case errors.As(err, &ge) && ge.kind == nil && ge.ExitCode == 128:
		// Older gits say only "fatal: Not a valid commit name".
		return false, fmt.Errorf("is %s an ancestor of %s: %w: %w", short(a), short(b), err, ErrBadRevision)
	}
	return false, fmt.Errorf("is %s an ancestor of %s: %w", short(a), short(b), err)
}

// nameStatusLog runs a `git log --name-status` with logFormat and parses it.
// A repository without commits has an empty log.
func (r *Repo) nameStatusLog(ctx context.Context, args []string) ([]PathChange, error) {
	var out []PathChange
	err := stream(ctx, r.dir(), args, func(br *bufio.Reader) error {
		var perr error
		out, perr = ParseNameStatusLog(br)
		return perr
	})
	if err != nil {
		var ge *Error
		if errors.As(err, &ge) && strings.Contains(ge.Stderr, "does not have any commits") {
			return nil, nil
		}
		return nil, err
	}
	return out, nil
}
