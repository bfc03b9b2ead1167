package provenance

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"hansard/archive"
	"hansard/provenance/gitrepo"
)

// logClaimLease bounds how long a process that brings a repository's stored
// log up to date keeps others from doing it too.
const logClaimLease = 2 * time.Minute

// History returns the history of the file at rel (relative to the working
// tree root, or absolute) at HEAD exactly as repo.PathHistory(ctx, "", rel)
// does: newest first, following renames and copies as `git log --follow -M
// -C` does. It reads it from the commit log kept in the archive, which it
// first brings up to HEAD (the commits since the stored tip when all are
// newer than the stored ones and grow from the tip alone, else the whole
// log again); it asks git about a commit only where the file is created
// there (what it was renamed or copied from), once per commit and path.
// When the stored log cannot answer (a path git would read as a pattern or
// that was ever a folder, another process updating the log, any error of
// the archive) it returns repo.PathHistory's answer.
func (s *ArchiveStore) History(ctx context.Context, repo *gitrepo.Repo, rel string) ([]gitrepo.PathChange, error) {
	if s != nil && s.Archive != nil {
		if h, ok, err := s.storedHistory(ctx, repo, rel); err == nil && ok {
			return h, nil
		} else if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
	}
	return repo.PathHistory(ctx, "", rel)
}

// storedHistory derives the history from the stored log; ok is false when
// it cannot.
func (s *ArchiveStore) storedHistory(ctx context.Context, repo *gitrepo.Repo, rel string) ([]gitrepo.PathChange, bool, error) {
	rel, err := repo.Rel(rel)
	if err != nil || !literalPath(rel) {
		return nil, false, err
	}
	root, st, ok, _, err := s.logAtHead(ctx, repo)
	if err != nil || !ok {
		return nil, false, err
	}
	h, ok, err := s.followLog(ctx, repo, root, st.MaxOrd+1, rel)
	if err != nil || !ok {
		return nil, false, err
	}
	// The rows were read in several queries: they are one state of the log
	// only if no write came between.
	after, err := s.Archive.GitLogState(ctx, root)
	if err != nil || after.Generation != st.Generation {
		return nil, false, err
	}
	return h, true, nil
}

// UpdateLog brings the stored log of repo's working tree up to its HEAD,
// as a file's History does before reading it, so that the first question
// in a repository need not; it reports whether it wrote. A repository
// without commits, or whose log another process is writing, is left as
// it is.
func (s *ArchiveStore) UpdateLog(ctx context.Context, repo *gitrepo.Repo) (bool, error) {
	_, _, _, wrote, err := s.logAtHead(ctx, repo)
	return wrote, err
}

// logAtHead returns the key and state of the stored log of repo's working
// tree once it reaches HEAD (ok), writing it first when it does not
// (wrote).
func (s *ArchiveStore) logAtHead(ctx context.Context, repo *gitrepo.Repo) (root string, st archive.GitLogState, ok, wrote bool, err error) {
	head, err := repo.Head()
	if err != nil || head.Commit == "" {
		return "", st, false, false, err
	}
	root = logKey(repo)
	if st, err = s.Archive.GitLogState(ctx, root); err != nil {
		return root, st, false, false, err
	}
	if st.Tip == head.Commit {
		return root, st, true, false, nil
	}
	before := st.Generation
	if st, err = s.updateLog(ctx, repo, root, st, head.Commit); err != nil {
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

// literalPath reports whether git reads rel (as Repo.Rel gives it: inside
// the tree) as the one file it names: not the root, and free of pattern
// characters.
func literalPath(rel string) bool {
	return rel != "" && rel != "." && !strings.HasPrefix(rel, ":") && !strings.ContainsAny(rel, "*?[\\")
}

// updateLog brings root's stored log (in state st) up to head, unless
// another process has claimed it; it returns the state after.
func (s *ArchiveStore) updateLog(ctx context.Context, repo *gitrepo.Repo, root string, st archive.GitLogState, head string) (archive.GitLogState, error) {
	claimed, err := s.Archive.ClaimGitLog(ctx, root, st.Generation, logClaimLease)
	if err != nil || !claimed {
		return st, err
	}
	if _, err := s.writeLog(ctx, repo, root, st, head); err != nil {
		// The claim ends with the failed writer; a log written meanwhile
		// (after the claim ran out) keeps its own state.
		_ = s.Archive.ReleaseGitLog(context.WithoutCancel(ctx), root, st.Generation)
		return st, err
	}
	return s.Archive.GitLogState(ctx, root)
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
func (s *ArchiveStore) writeLog(ctx context.Context, repo *gitrepo.Repo, root string, st archive.GitLogState, head string) (appended bool, err error) {
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
				return true, s.Archive.AppendGitLog(ctx, root, st.Generation, logRows(log), head)
			}
		}
	}
	tips, err := s.Archive.GitLogTips(ctx, maxTips)
	if err != nil {
		return false, err
	}
	if st.Tip != "" && !slices.Contains(tips, st.Tip) {
		tips = append([]string{st.Tip}, tips...) // its own, among many others
	}
	if len(tips) > 0 {
		err := s.streamLog(ctx, repo, root, st, head, tips)
		if !errors.Is(err, archive.ErrGitLogUnknownCommit) {
			return false, err
		}
	}
	return false, s.streamLog(ctx, repo, root, st, head, nil)
}

// logBatch is how many rows of git's log streamLog hands the archive at a
// time.
const logBatch = 4096

// streamLog stores head's log as git prints it (git reads on while the
// archive writes what came): the whole log, which makes root's walk; or,
// with known (tips of stored logs), the commits none of them reaches, and
// root's walk from `git rev-list`.
func (s *ArchiveStore) streamLog(ctx context.Context, repo *gitrepo.Repo, root string, st archive.GitLogState, head string, known []string) error {
	how := archive.GitLogReplace
	if known != nil {
		how = archive.GitLogReorder
	}
	w := s.Archive.GitLogWriter(root, st.Generation, how)
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
	}
	return rows
}

func statusString(b byte) string {
	if b == 0 {
		return ""
	}
	return string(rune(b))
}

// followLog walks root's stored log down from ord below as `git log
// --follow` walks the commits, holding one path: a commit shows when it
// changes the path, and where the path is created git's answer for that
// commit may name the file it came from, which is followed from there on
// (in every older commit of the walk, whatever its branch, as git does).
// ok is false when the path is, or once was, a folder.
func (s *ArchiveStore) followLog(ctx context.Context, repo *gitrepo.Repo, root string, below int64, path string) ([]gitrepo.PathChange, bool, error) {
	var out []gitrepo.PathChange
	skip := "" // the commit where the path last changed name
	for {
		rows, err := s.Archive.GitLogRows(ctx, root, []string{path}, below)
		if err != nil {
			return nil, false, err
		}
		next := path
		for i := 0; i < len(rows) && next == path; {
			j := i
			for j < len(rows) && rows[j].Commit == rows[i].Commit {
				j++
			}
			grp := rows[i:j]
			i = j
			if grp[0].Commit == skip {
				continue
			}
			for _, r := range grp {
				if inside(r.Path, path) || inside(r.OldPath, path) {
					return nil, false, nil
				}
			}
			shown, renamed, err := s.followStep(ctx, repo, grp, path)
			if err != nil {
				return nil, false, err
			}
			out = append(out, shown...)
			if renamed != "" && renamed != path {
				next, below, skip = renamed, grp[len(grp)-1].Ord, grp[0].Commit
			}
		}
		if next == path {
			return out, true, nil
		}
		path = next
	}
}

// inside reports whether p lies in folder dir.
func inside(p, dir string) bool {
	return len(p) > len(dir) && p[len(dir)] == '/' && strings.HasPrefix(p, dir)
}

// followStep is what `git log --follow` shows of path at one commit, whose
// rows of the stored log that name path are grp, and the path it follows
// in older commits ("" for path itself).
func (s *ArchiveStore) followStep(ctx context.Context, repo *gitrepo.Repo, grp []archive.GitLogRow, path string) ([]gitrepo.PathChange, string, error) {
	at := func(status byte, p, old string) gitrepo.PathChange {
		return gitrepo.PathChange{Commit: grp[0].Commit, AuthorTime: grp[0].AuthorTime, CommitTime: grp[0].CommitTime,
			Status: status, Path: p, OldPath: old}
	}
	var changed, renamedAway *archive.GitLogRow
	for k := range grp {
		r := &grp[k]
		switch {
		case r.Path == path && (r.Status == "A" || r.Status == "R" || r.Status == "C"):
			return s.created(ctx, repo, grp[0], path, at)
		case r.Path == path && r.Status != "":
			changed = r
		case r.OldPath == path && r.Status == "R":
			renamedAway = r
		}
	}
	switch {
	case changed != nil:
		return []gitrepo.PathChange{at(changed.Status[0], path, "")}, "", nil
	case renamedAway != nil:
		// Followed alone, the file renamed away is deleted.
		return []gitrepo.PathChange{at('D', path, "")}, "", nil
	}
	// Only the source of copies: the file itself did not change.
	return nil, "", nil
}

// created asks what git shows where path is created at commit c (kept in
// the archive once asked): a plain addition, or the rename or copy of
// another file, which the walk follows from then on.
func (s *ArchiveStore) created(ctx context.Context, repo *gitrepo.Repo, c archive.GitLogRow, path string,
	at func(byte, string, string) gitrepo.PathChange) ([]gitrepo.PathChange, string, error) {
	entries, found, err := s.Archive.GitFollowStep(ctx, c.Commit, path)
	if err != nil {
		return nil, "", err
	}
	if !found {
		step, err := repo.FollowStep(ctx, c.Commit, path)
		if err != nil {
			return nil, "", err
		}
		entries = logRows(step)
		// Not keeping it costs a git process next time, not the answer.
		_ = s.Archive.StoreGitFollowStep(ctx, c.Commit, path, entries)
	}
	var out []gitrepo.PathChange
	renamed := ""
	for _, e := range entries {
		if e.Status == "" {
			continue
		}
		out = append(out, at(e.Status[0], e.Path, e.OldPath))
		if (e.Status == "R" || e.Status == "C") && e.Path == path && e.OldPath != "" {
			renamed = e.OldPath
		}
	}
	return out, renamed, nil
}
