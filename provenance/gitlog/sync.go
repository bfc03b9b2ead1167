package gitlog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"hansard/archive"
	"hansard/provenance/gitrepo"
)

// logClaimLease bounds how long a process that brings a repository's stored
// log up to date keeps others from doing it too.
const logClaimLease = 2 * time.Minute

// Sync brings the stored log of repo's working tree up to its HEAD,
// as a file's History does before reading it, so that the first question
// in a repository need not; it reports whether it wrote. A repository
// without commits, or whose log another process is writing, is left as
// it is.
func (l *Log) Sync(ctx context.Context, repo *gitrepo.Repo) (bool, error) {
	_, _, _, wrote, err := l.logAtHead(ctx, repo)
	return wrote, err
}

// logAtHead returns the key and state of the stored log of repo's working
// tree once it reaches HEAD (ok), writing it first when it does not
// (wrote).
func (l *Log) logAtHead(ctx context.Context, repo *gitrepo.Repo) (root string, st archive.GitLogState, ok, wrote bool, err error) {
	head, err := repo.Head()
	if err != nil || head.Commit == "" {
		return "", st, false, false, err
	}
	root = logKey(repo)
	if st, err = l.archive.GitLogState(ctx, root); err != nil {
		return root, st, false, false, err
	}
	if st.Tip == head.Commit {
		return root, st, true, false, nil
	}
	before := st.Generation
	if st, err = l.updateLog(ctx, repo, root, st, head.Commit); err != nil {
		return root, st, false, false, err
	}
	return root, st, st.Tip == head.Commit, st.Generation != before, nil
}

// logKey names a repository's log in the archive: the folder git runs in,
// whose HEAD the log follows (each linked worktree has its own).
func logKey(repo *gitrepo.Repo) string {
	if repo.WorkTree != "" {
		return repo.WorkTree
	}
	return repo.GitDir
}

// updateLog brings root's stored log (in state st) up to head, unless
// another process has claimed it; it returns the state after.
func (l *Log) updateLog(ctx context.Context, repo *gitrepo.Repo, root string, st archive.GitLogState, head string) (archive.GitLogState, error) {
	claimed, err := l.archive.ClaimGitLog(ctx, root, st.Generation, logClaimLease)
	if err != nil || !claimed {
		return st, err
	}
	if _, err := l.writeLog(ctx, repo, root, st, head); err != nil {
		// The claim ends with the failed writer; a log written meanwhile
		// (after the claim ran out) keeps its own state.
		_ = l.archive.ReleaseGitLog(context.WithoutCancel(ctx), root, st.Generation)
		return st, err
	}
	return l.archive.GitLogState(ctx, root)
}

// maxTips bounds how many stored logs' tips writeLog hands git as known.
const maxTips = 64

// writeLog appends the commits of tip..head when git's walk of head meets
// them all first and then walks the stored commits as it did from the
// stored tip (appended). Else, when logs are stored (this working tree's,
// another's of the same repository, or a clone's: commits are named by
// their content), it stores the commits of head that none of their tips
// reaches and head's walk order (`git rev-list`): a checkout, reset or
// rebase, or a new worktree, costs git's walk and the new commits, not the
// whole log. Else, or should a commit of the walk not be stored after all,
// it replaces the log with head's whole log.
func (l *Log) writeLog(ctx context.Context, repo *gitrepo.Repo, root string, st archive.GitLogState, head string) (appended bool, err error) {
	if st.Tip != "" {
		bound, err := repo.Boundary(ctx, st.Tip, head)
		if err != nil && ctx.Err() != nil {
			return false, err
		}
		if err == nil && len(bound) == 1 && bound[0] == st.Tip {
			log, err := repo.CommitLog(ctx, st.Tip, head)
			if err != nil {
				return false, err
			}
			if walkedFirst(log, st.MaxTime) {
				return true, l.archive.AppendGitLog(ctx, root, st.Generation, logRows(log), head)
			}
		}
	}
	tips, err := l.archive.GitLogTips(ctx, maxTips)
	if err != nil {
		return false, err
	}
	if st.Tip != "" && !slices.Contains(tips, st.Tip) {
		tips = append([]string{st.Tip}, tips...) // its own, among many others
	}
	if len(tips) > 0 {
		err := l.streamLog(ctx, repo, root, st, head, tips)
		if !errors.Is(err, archive.ErrGitLogUnknownCommit) {
			return false, err
		}
	}
	return false, l.streamLog(ctx, repo, root, st, head, nil)
}

// logBatch is how many rows of git's log streamLog hands the archive at a
// time.
const logBatch = 4096

// streamLog stores head's log as git prints it (git reads on while the
// archive writes what came): the whole log, which makes root's walk; or,
// with known (tips of stored logs), the commits none of them reaches, and
// root's walk from `git rev-list`.
func (l *Log) streamLog(ctx context.Context, repo *gitrepo.Repo, root string, st archive.GitLogState, head string, known []string) error {
	how := archive.GitLogReplace
	if known != nil {
		how = archive.GitLogReorder
	}
	w := l.archive.GitLogWriter(root, st.Generation, how)
	batches := make(chan []archive.GitLogRow, 4)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(batches)
		var b []archive.GitLogRow
		send := func() error {
			select {
			case batches <- b:
				b = nil
				return nil
			case <-gctx.Done():
				return gctx.Err()
			}
		}
		err := repo.EachCommitExcept(gctx, head, known, func(c []gitrepo.PathChange) error {
			if b = append(b, logRows(c)...); len(b) >= logBatch {
				return send()
			}
			return nil
		})
		if err != nil || len(b) == 0 {
			return err
		}
		return send()
	})
	some := false
	g.Go(func() error {
		for b := range batches {
			if err := w.Add(gctx, b); err != nil {
				return err
			}
			some = true
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		return err
	}
	var walk []string
	switch {
	case how == archive.GitLogReorder:
		var err error
		if walk, err = repo.RevList(ctx, head); err != nil {
			return err
		}
	case !some:
		return fmt.Errorf("log of %s at %s: no commits", root, head)
	}
	return w.Finish(ctx, head, walk)
}

// walkedFirst reports whether git's walk of the new head meets every new
// commit before any stored one, and then walks the stored ones as from the
// stored tip. git walks by commit time, newest first, and a commit enters
// the walk when a child leaves it; new commits all newer than every stored
// one (strictly: equal times go by the order commits entered the walk) are
// all met first, in the order `tip..head` lists them. The caller checks
// that the tip is the only stored parent of new commits (the boundary of
// tip..head): the walk then goes on from the tip alone, as the stored one
// did; an older stored commit that a new one names as parent would enter
// the walk early and could come before commits of the same time, or of a
// skewed clock, that the stored walk met first.
func walkedFirst(log []gitrepo.PathChange, storedMax int64) bool {
	for _, c := range log {
		if c.CommitTime <= storedMax {
			return false
		}
	}
	return true
}

func logRows(log []gitrepo.PathChange) []archive.GitLogRow {
	rows := make([]archive.GitLogRow, len(log))
	for i, c := range log {
		rows[i] = archive.GitLogRow{Commit: c.Commit, AuthorTime: c.AuthorTime, CommitTime: c.CommitTime,
			Status: statusString(c.Status), Path: c.Path, OldPath: c.OldPath}
		if i == 0 || c.Commit != log[i-1].Commit {
			for _, t := range c.Trailers {
				rows[i].Trailers = append(rows[i].Trailers, archive.GitTrailer{Key: t.Key, Value: t.Value})
			}
		}
	}
	return rows
}

func statusString(b byte) string {
	if b == 0 {
		return ""
	}
	return string(rune(b))
}
