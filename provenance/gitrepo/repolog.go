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

// commitLogFormat is logFormat with the commit's trailers after it (as git
// finds them, continuation lines unfolded), each after a 0x1f byte.
const commitLogFormat = logFormat + "%x1f%(trailers:only,unfold,separator=%x1f)"

// CommitLog lists every commit reachable from to ("" for HEAD), or with from
// set every commit of from..to, in the order `git log` walks them (newest
// first by commit date), with the files each changed, without looking for
// renames and copies (`git log --no-renames --name-status`): a rename is
// the deletion of one file and the addition of another. Every entry of a
// commit holds the commit's trailers. Where a followed
// file is added, FollowStep tells what git finds it came from; rename
// detection in every commit would cost the whole log that much more. A
// commit that changed several files gives one entry per file in git's
// order; a commit that shows no file (a merge, an empty commit) gives one
// entry with Status 0 and no path. A repository without commits has an
// empty log.
func (r *Repo) CommitLog(ctx context.Context, from, to string) ([]PathChange, error) {
	return collect(func(fn func([]PathChange) error) error { return r.EachCommit(ctx, from, to, fn) })
}

// EachCommit reads what CommitLog lists as git prints it, without holding
// it whole: fn gets the entries of one commit at a time, in a slice valid
// only during the call; an error from fn stops git and is returned.
func (r *Repo) EachCommit(ctx context.Context, from, to string, fn func([]PathChange) error) error {
	if strings.HasPrefix(from, "-") || strings.HasPrefix(to, "-") || strings.Contains(from+to, "..") {
		return fmt.Errorf("log %s..%s: %w", from, to, ErrBadRevision)
	}
	rng := to
	if from != "" {
		rng = from + ".." + to
	}
	args := []string{"-c", "core.quotePath=false", "log", "--no-renames", "--name-status", commitLogFormat}
	if rng != "" {
		// With no revision git reads HEAD, and says a HEAD without commits
		// has none rather than that HEAD is unknown.
		args = append(args, rng)
	}
	args = append(args, "--")
	err := r.eachLogCommit(ctx, args, fn)
	if err != nil {
		return fmt.Errorf("log %s: %w", rng, err)
	}
	return nil
}

// EachCommitExcept reads, like EachCommit, the commits reachable from to
// (a commit git has) but from none of except: given the tips of the logs
// already stored, the commits that may not be. Commits of except that git
// does not have (another repository's, or pruned) are passed over.
func (r *Repo) EachCommitExcept(ctx context.Context, to string, except []string, fn func([]PathChange) error) error {
	for _, rev := range append([]string{to}, except...) {
		if rev == "" || strings.HasPrefix(rev, "-") {
			return fmt.Errorf("log %s: revision %q: %w", short(to), rev, ErrBadRevision)
		}
	}
	args := []string{"-c", "core.quotePath=false", "log", "--no-renames", "--name-status", commitLogFormat, "--ignore-missing", to}
	if len(except) > 0 {
		args = append(append(args, "--not"), except...)
	}
	if err := r.eachLogCommit(ctx, append(args, "--"), fn); err != nil {
		return fmt.Errorf("log %s: %w", short(to), err)
	}
	return nil
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

// Boundary lists the commits of from's history that commits of from..to
// have as parents (`git rev-list --boundary to ^from`): from alone when to
// grows from's history by commits on top of from only; none when to adds
// nothing. A commit that does not exist (pruned after a rebase) is an
// error wrapping ErrBadRevision.
func (r *Repo) Boundary(ctx context.Context, from, to string) ([]string, error) {
	if from == "" || to == "" || strings.HasPrefix(from, "-") || strings.HasPrefix(to, "-") {
		return nil, fmt.Errorf("boundary of %q..%q: %w", from, to, ErrBadRevision)
	}
	var out []string
	err := stream(ctx, r.dir(), []string{"rev-list", "--boundary", to, "^" + from, "--"}, func(br *bufio.Reader) error {
		return eachLine(br, func(_ int, line string) error {
			if b, ok := strings.CutPrefix(line, "-"); ok {
				out = append(out, b)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("boundary of %s..%s: %w", short(from), short(to), err)
	}
	return out, nil
}

// RevList lists the commits reachable from rev, newest first, in the order
// `git log` walks them (by commit date; `git rev-list`): CommitLog's order
// without the files, which costs git far less.
func (r *Repo) RevList(ctx context.Context, rev string) ([]string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("rev-list %q: %w", rev, ErrBadRevision)
	}
	var out []string
	err := stream(ctx, r.dir(), []string{"rev-list", rev, "--"}, func(br *bufio.Reader) error {
		return eachLine(br, func(_ int, line string) error {
			out = append(out, line)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("rev-list %s: %w", short(rev), err)
	}
	return out, nil
}

// nameStatusLog runs a `git log --name-status` with logFormat and parses it.
// A repository without commits has an empty log.
func (r *Repo) nameStatusLog(ctx context.Context, args []string) ([]PathChange, error) {
	return collect(func(fn func([]PathChange) error) error { return r.eachLogCommit(ctx, args, fn) })
}

// eachLogCommit runs a `git log --name-status` with logFormat and calls fn
// with each commit's entries (see EachCommit). A repository without
// commits has none.
func (r *Repo) eachLogCommit(ctx context.Context, args []string, fn func([]PathChange) error) error {
	err := stream(ctx, r.dir(), args, func(br *bufio.Reader) error {
		return eachLogCommit(br, fn)
	})
	var ge *Error
	if errors.As(err, &ge) && strings.Contains(ge.Stderr, "does not have any commits") {
		return nil
	}
	return err
}
