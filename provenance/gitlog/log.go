package gitlog

import (
	"context"
	"strings"

	"hansard/archive"
	"hansard/provenance/gitrepo"
)

// Log is the stored git log of the repositories of one archive. Its zero
// value (no archive) answers every History from git.
type Log struct {
	archive *archive.Archive
}

// New returns the stored git log of archive a.
func New(a *archive.Archive) *Log { return &Log{archive: a} }

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
func (l *Log) History(ctx context.Context, repo *gitrepo.Repo, rel string) ([]gitrepo.PathChange, error) {
	if l != nil && l.archive != nil {
		if h, ok, err := l.storedHistory(ctx, repo, rel); err == nil && ok {
			return h, nil
		} else if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
	}
	return repo.PathHistory(ctx, "", rel)
}

// storedHistory derives the history from the stored log; ok is false when
// it cannot.
func (l *Log) storedHistory(ctx context.Context, repo *gitrepo.Repo, rel string) ([]gitrepo.PathChange, bool, error) {
	rel, err := repo.Rel(rel)
	if err != nil || !literalPath(rel) {
		return nil, false, err
	}
	root, st, ok, _, err := l.logAtHead(ctx, repo)
	if err != nil || !ok {
		return nil, false, err
	}
	h, ok, err := l.followLog(ctx, repo, root, st.MaxOrd+1, rel)
	if err != nil || !ok {
		return nil, false, err
	}
	// The rows were read in several queries: they are one state of the log
	// only if no write came between.
	after, err := l.archive.GitLogState(ctx, root)
	if err != nil || after.Generation != st.Generation {
		return nil, false, err
	}
	return h, true, nil
}

// literalPath reports whether git reads rel (as Repo.Rel gives it: inside
// the tree) as the one file it names: not the root, and free of pattern
// characters.
func literalPath(rel string) bool {
	return rel != "" && rel != "." && !strings.HasPrefix(rel, ":") && !strings.ContainsAny(rel, "*?[\\")
}

// followLog walks root's stored log down from ord below as `git log
// --follow` walks the commits, holding one path: a commit shows when it
// changes the path, and where the path is created git's answer for that
// commit may name the file it came from, which is followed from there on
// (in every older commit of the walk, whatever its branch, as git does).
// ok is false when the path is, or once was, a folder.
func (l *Log) followLog(ctx context.Context, repo *gitrepo.Repo, root string, below int64, path string) ([]gitrepo.PathChange, bool, error) {
	var out []gitrepo.PathChange
	skip := "" // the commit where the path last changed name
	for {
		rows, err := l.archive.GitLogRows(ctx, root, []string{path}, below)
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
			shown, renamed, err := l.followStep(ctx, repo, grp, path)
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
func (l *Log) followStep(ctx context.Context, repo *gitrepo.Repo, grp []archive.GitLogRow, path string) ([]gitrepo.PathChange, string, error) {
	at := func(status byte, p, old string) gitrepo.PathChange {
		return gitrepo.PathChange{Commit: grp[0].Commit, AuthorTime: grp[0].AuthorTime, CommitTime: grp[0].CommitTime,
			Status: status, Path: p, OldPath: old}
	}
	var changed, renamedAway *archive.GitLogRow
	for k := range grp {
		r := &grp[k]
		switch {
		case r.Path == path && (r.Status == "A" || r.Status == "R" || r.Status == "C"):
			return l.created(ctx, repo, grp[0], path, at)
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
func (l *Log) created(ctx context.Context, repo *gitrepo.Repo, c archive.GitLogRow, path string,
	at func(byte, string, string) gitrepo.PathChange) ([]gitrepo.PathChange, string, error) {
	entries, found, err := l.archive.GitFollowStep(ctx, c.Commit, path)
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
		_ = l.archive.StoreGitFollowStep(ctx, c.Commit, path, entries)
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

// Trailers returns the trailers of those of commits (full ids) that have
// any, as the stored log keeps them: a commit is found once a log that
// reaches it is stored (Sync, History), whichever working tree's.
func (l *Log) Trailers(ctx context.Context, commits []string) (map[string][]gitrepo.Trailer, error) {
	if l == nil || l.archive == nil || len(commits) == 0 {
		return nil, nil
	}
	stored, err := l.archive.GitCommitTrailers(ctx, commits)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]gitrepo.Trailer, len(stored))
	for id, ts := range stored {
		for _, t := range ts {
			out[id] = append(out[id], gitrepo.Trailer{Key: t.Key, Value: t.Value})
		}
	}
	return out, nil
}
