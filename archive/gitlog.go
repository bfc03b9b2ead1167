package archive

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// ErrGitLogMoved: a repository's stored log changed (another process wrote
// it) since the state the write was based on was read.
var ErrGitLogMoved = errors.New("stored git log changed meanwhile")

// ErrGitLogUnknownCommit: a walk names a commit that is neither stored nor
// among the rows written with it.
var ErrGitLogUnknownCommit = errors.New("commit of the walk not stored")

// GitLogRow is one file a commit changed, in a repository's stored log. A
// commit that changed no file (a merge) has one row with an empty Status
// and Path when written; no such row is read back.
type GitLogRow struct {
	// Ord orders the log: every row of a commit has the commit's place in
	// the walk, the newest commit the highest. It is assigned when the
	// rows are read.
	Ord        int64
	Commit     string
	AuthorTime int64 // Unix seconds
	CommitTime int64 // Unix seconds
	Status     string
	Path       string
	OldPath    string // source of a rename or copy; "" otherwise
	// Trailers are the commit's trailers (written with the commit's first
	// row; not read back by GitLogRows).
	Trailers []GitTrailer
}

// GitTrailer is one trailer of a commit's message.
type GitTrailer struct {
	Key, Value string
}

// GitLogState is what is stored of a repository's log.
type GitLogState struct {
	Tip        string // the commit the log reaches; "" when none is stored
	MaxTime    int64  // highest commit time of its commits
	MaxOrd     int64  // the newest commit's Ord; -1 when there are none
	Generation int64  // moves at every write
	// ClaimedUntil is when the claim of a writer bringing the log up to
	// date runs out (zero when none).
	ClaimedUntil time.Time
}

// GitLogState returns the stored state of the log of the repository at
// root; a repository never logged has the zero state with MaxOrd -1.
func (a *Archive) GitLogState(ctx context.Context, root string) (GitLogState, error) {
	st := GitLogState{MaxOrd: -1}
	var claimed, commits int64
	err := a.queryRow(ctx, `SELECT tip, commits, max_time, generation, claimed_until
		FROM git_walks WHERE repo_root = ?`, root).Scan(&st.Tip, &commits, &st.MaxTime, &st.Generation, &claimed)
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil
	}
	if err != nil {
		return st, translate(err, "git log state of "+root)
	}
	st.MaxOrd = commits - 1
	if claimed > 0 {
		st.ClaimedUntil = time.UnixMilli(claimed)
	}
	return st, nil
}

// GitLogTips returns the tips of the stored logs of every working tree, of
// the longest logs first, at most limit: every commit reachable from one of
// them is stored.
func (a *Archive) GitLogTips(ctx context.Context, limit int) ([]string, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT tip FROM git_walks WHERE tip <> ''
		ORDER BY commits DESC, repo_root LIMIT ?`, limit)
	if err != nil {
		return nil, translate(err, "git log tips")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var tip string
		if err := rows.Scan(&tip); err != nil {
			return nil, translate(err, "git log tips")
		}
		if !slices.Contains(out, tip) {
			out = append(out, tip)
		}
	}
	return out, translate(rows.Err(), "git log tips")
}

// ClaimGitLog claims the writing of root's log for lease, so that one
// process at a time brings it up to date. It fails (false, nil) when the
// log's generation is no longer generation or another claim has not run
// out.
func (a *Archive) ClaimGitLog(ctx context.Context, root string, generation int64, lease time.Duration) (bool, error) {
	now := a.now()
	var claimed bool
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO git_walks (repo_root) VALUES (?)
			ON CONFLICT (repo_root) DO NOTHING`, root); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE git_walks SET claimed_until = ?
			WHERE repo_root = ? AND generation = ? AND claimed_until <= ?`,
			now.Add(lease).UnixMilli(), root, generation, now.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("claim git log of %s: %w", root, err)
	}
	return claimed, nil
}

// ReleaseGitLog gives up a claim of root's log made at generation (a writer
// that failed); a log written since keeps its state.
func (a *Archive) ReleaseGitLog(ctx context.Context, root string, generation int64) error {
	_, err := a.db.ExecContext(ctx, `UPDATE git_walks SET claimed_until = 0
		WHERE repo_root = ? AND generation = ?`, root, generation)
	if err != nil {
		return fmt.Errorf("release git log of %s: %w", root, err)
	}
	return nil
}

// GitLogRows returns the rows of root's log below ord below whose path or
// old path is one of paths or lies inside one of them taken as a folder
// (path/…), highest ord first. An empty path names no file.
//
// The changes of every commit ever stored are read by path, and those of
// commits outside root's walk left out: the walk is read first, and a
// commit's changes are written with the commit, so every commit of the
// walk read has all its rows.
func (a *Archive) GitLogRows(ctx context.Context, root string, paths []string, below int64) ([]GitLogRow, error) {
	q, args := gitLogRowsQuery(paths)
	if q == "" {
		return nil, nil
	}
	var (
		walk    []byte
		commits int64
	)
	err := a.db.QueryRowContext(ctx, `SELECT walk, commits FROM git_walks WHERE repo_root = ?`, root).Scan(&walk, &commits)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, translate(err, "git log rows of "+root)
	}
	ord, err := walkOrds(walk, commits)
	if err != nil {
		return nil, fmt.Errorf("git log rows of %s: %w", root, err)
	}
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, translate(err, "git log rows of "+root)
	}
	defer rows.Close()
	var out []GitLogRow
	for rows.Next() {
		var (
			r   GitLogRow
			cid int64
		)
		if err := rows.Scan(&cid, &r.Commit, &r.AuthorTime, &r.CommitTime, &r.Status, &r.Path, &r.OldPath); err != nil {
			return nil, translate(err, "git log rows of "+root)
		}
		if r.Ord = ord(cid); r.Ord >= 0 && r.Ord < below {
			out = append(out, r)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, translate(err, "git log rows of "+root)
	}
	// A row found by more than one condition (its path and its old path)
	// comes once.
	slices.SortFunc(out, func(x, y GitLogRow) int {
		return cmp.Or(cmp.Compare(y.Ord, x.Ord), strings.Compare(x.Path, y.Path))
	})
	return slices.CompactFunc(out, func(x, y GitLogRow) bool { return x.Ord == y.Ord && x.Path == y.Path }), nil
}

// gitLogRowsQuery is GitLogRows's query: one lookup per condition, along
// the primary key (by path) or the index of old paths, unsorted (SQLite
// may answer an OR of them by walking every row).
func gitLogRowsQuery(paths []string) (string, []any) {
	const (
		cols  = `SELECT cid, commit_id, author_time, commit_time, status, path, old_path FROM git_changes WHERE `
		byOld = cols + `old_path <> '' AND `
	)
	var (
		parts []string
		args  []any
	)
	for _, p := range paths {
		if p == "" {
			continue
		}
		// "p/" up to "p0" ('0' follows '/') holds exactly the paths under p/.
		parts = append(parts, cols+`path = ?`, byOld+`old_path = ?`,
			cols+`path >= ? AND path < ?`, byOld+`old_path >= ? AND old_path < ?`)
		args = append(args, p, p, p+"/", p+"0", p+"/", p+"0")
	}
	return strings.Join(parts, "\nUNION ALL "), args
}

// GitFollowStep returns the entries stored by StoreGitFollowStep for
// (commit, path), and whether any are stored.
func (a *Archive) GitFollowStep(ctx context.Context, commit, path string) ([]GitLogRow, bool, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT status, new_path, old_path FROM git_follow_steps
		WHERE commit_id = ? AND path = ? ORDER BY seq`, commit, path)
	if err != nil {
		return nil, false, translate(err, "git follow step")
	}
	defer rows.Close()
	var out []GitLogRow
	found := false
	for rows.Next() {
		r := GitLogRow{Commit: commit}
		if err := rows.Scan(&r.Status, &r.Path, &r.OldPath); err != nil {
			return nil, false, translate(err, "git follow step")
		}
		found = true
		if r.Status != "" {
			out = append(out, r)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, false, translate(err, "git follow step")
	}
	return out, found, nil
}

// StoreGitFollowStep keeps what `git log --follow` shows of path at commit
// (entries in git's order; none is kept too). A commit never changes, so
// the entries stay valid in every repository and across rebuilt logs.
func (a *Archive) StoreGitFollowStep(ctx context.Context, commit, path string, entries []GitLogRow) error {
	if commit == "" || path == "" {
		return fmt.Errorf("store git follow step: no commit or path")
	}
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM git_follow_steps WHERE commit_id = ? AND path = ?`, commit, path); err != nil {
			return err
		}
		if len(entries) == 0 {
			// A row with no status records that git showed nothing.
			entries = []GitLogRow{{}}
		}
		for i, e := range entries {
			if _, err := tx.ExecContext(ctx, `INSERT INTO git_follow_steps (commit_id, path, seq, status, new_path, old_path)
				VALUES (?, ?, ?, ?, ?, ?)`, commit, path, i, e.Status, e.Path, e.OldPath); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store git follow step %s %s: %w", commit, path, err)
	}
	return nil
}

// GitCommitTrailers returns the stored trailers of those of commits (full
// ids) that have any, in their order, by commit.
func (a *Archive) GitCommitTrailers(ctx context.Context, commits []string) (map[string][]GitTrailer, error) {
	if len(commits) == 0 {
		return nil, nil
	}
	rows, err := a.db.QueryContext(ctx, `SELECT c.commit_id, t.key, t.value
		FROM git_commits c JOIN git_trailers t ON t.cid = c.cid
		WHERE c.commit_id IN (SELECT value FROM json_each(?)) ORDER BY c.cid, t.seq`, jsonArray(commits))
	if err != nil {
		return nil, translate(err, "git trailers")
	}
	defer rows.Close()
	out := map[string][]GitTrailer{}
	for rows.Next() {
		var (
			id string
			t  GitTrailer
		)
		if err := rows.Scan(&id, &t.Key, &t.Value); err != nil {
			return nil, translate(err, "git trailers")
		}
		out[id] = append(out[id], t)
	}
	return out, translate(rows.Err(), "git trailers")
}
