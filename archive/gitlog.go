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

// GitLogRow is one file a commit changed, in a repository's stored log. A
// commit that changed no file (a merge) has one row with an empty Status
// and Path.
type GitLogRow struct {
	// Ord orders the log: the newest row has the highest. It is assigned
	// when rows are written.
	Ord        int64
	Commit     string
	AuthorTime int64 // Unix seconds
	CommitTime int64 // Unix seconds
	Status     string
	Path       string
	OldPath    string // source of a rename or copy; "" otherwise
}

// GitLogState is what is stored of a repository's log.
type GitLogState struct {
	Tip        string // the commit the log reaches; "" when none is stored
	MaxTime    int64  // highest commit time of its rows
	MaxOrd     int64  // highest Ord; -1 when there are no rows
	Generation int64  // moves at every write
	// ClaimedUntil is when the claim of a writer bringing the log up to
	// date runs out (zero when none).
	ClaimedUntil time.Time
}

// GitLogState returns the stored state of the log of the repository at
// root; a repository never logged has the zero state with MaxOrd -1.
func (a *Archive) GitLogState(ctx context.Context, root string) (GitLogState, error) {
	st := GitLogState{MaxOrd: -1}
	var claimed int64
	err := a.db.QueryRowContext(ctx, `SELECT tip, max_time, max_ord, generation, claimed_until
		FROM git_log_tips WHERE repo_root = ?`, root).Scan(&st.Tip, &st.MaxTime, &st.MaxOrd, &st.Generation, &claimed)
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil
	}
	if err != nil {
		return st, translate(err, "git log state of "+root)
	}
	if claimed > 0 {
		st.ClaimedUntil = time.UnixMilli(claimed)
	}
	return st, nil
}

// ClaimGitLog claims the writing of root's log for lease, so that one
// process at a time brings it up to date. It fails (false, nil) when the
// log's generation is no longer generation or another claim has not run
// out.
func (a *Archive) ClaimGitLog(ctx context.Context, root string, generation int64, lease time.Duration) (bool, error) {
	now := a.now()
	var claimed bool
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO git_log_tips (repo_root) VALUES (?)
			ON CONFLICT (repo_root) DO NOTHING`, root); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE git_log_tips SET claimed_until = ?
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
	_, err := a.db.ExecContext(ctx, `UPDATE git_log_tips SET claimed_until = 0
		WHERE repo_root = ? AND generation = ?`, root, generation)
	if err != nil {
		return fmt.Errorf("release git log of %s: %w", root, err)
	}
	return nil
}

// AppendGitLog adds rows (newest first, as git walks them: the commits
// between the stored tip and tip) above root's stored log and makes tip the
// log's tip, in one transaction that also ends the claim. It fails with
// ErrGitLogMoved when the log's generation is no longer generation.
func (a *Archive) AppendGitLog(ctx context.Context, root string, generation int64, rows []GitLogRow, tip string) error {
	return a.writeGitLog(ctx, root, generation, rows, tip, false)
}

// ReplaceGitLog replaces root's stored log with rows (newest first), whose
// tip is tip, like AppendGitLog.
func (a *Archive) ReplaceGitLog(ctx context.Context, root string, generation int64, rows []GitLogRow, tip string) error {
	return a.writeGitLog(ctx, root, generation, rows, tip, true)
}

func (a *Archive) writeGitLog(ctx context.Context, root string, generation int64, rows []GitLogRow, tip string, replace bool) error {
	if tip == "" {
		return fmt.Errorf("write git log of %s: no tip", root)
	}
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO git_log_tips (repo_root) VALUES (?)
			ON CONFLICT (repo_root) DO NOTHING`, root); err != nil {
			return err
		}
		var gen, maxTime, maxOrd int64
		if err := tx.QueryRowContext(ctx, `SELECT generation, max_time, max_ord FROM git_log_tips
			WHERE repo_root = ?`, root).Scan(&gen, &maxTime, &maxOrd); err != nil {
			return err
		}
		if gen != generation {
			return ErrGitLogMoved
		}
		if replace {
			if _, err := tx.ExecContext(ctx, `DELETE FROM git_log WHERE repo_root = ?`, root); err != nil {
				return err
			}
			maxTime, maxOrd = 0, -1
		}
		ins, err := tx.PrepareContext(ctx, `INSERT INTO git_log
			(repo_root, ord, commit_id, author_time, commit_time, status, path, old_path)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		base := maxOrd + 1
		for i, r := range rows {
			ord := base + int64(len(rows)-1-i)
			if _, err := ins.ExecContext(ctx, root, ord, r.Commit, r.AuthorTime, r.CommitTime, r.Status, r.Path, r.OldPath); err != nil {
				return err
			}
			maxTime = max(maxTime, r.CommitTime)
		}
		maxOrd += int64(len(rows))
		_, err = tx.ExecContext(ctx, `UPDATE git_log_tips SET tip = ?, max_time = ?, max_ord = ?,
			generation = generation + 1, claimed_until = 0 WHERE repo_root = ?`, tip, maxTime, maxOrd, root)
		return err
	})
	if err != nil {
		return fmt.Errorf("write git log of %s: %w", root, err)
	}
	return nil
}

// GitLogRows returns the rows of root's log below ord below whose path or
// old path is one of paths or lies inside one of them taken as a folder
// (path/…), highest ord first. An empty path names no file.
func (a *Archive) GitLogRows(ctx context.Context, root string, paths []string, below int64) ([]GitLogRow, error) {
	q, args := gitLogRowsQuery(root, paths, below)
	if q == "" {
		return nil, nil
	}
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, translate(err, "git log rows of "+root)
	}
	defer rows.Close()
	var out []GitLogRow
	for rows.Next() {
		var r GitLogRow
		if err := rows.Scan(&r.Ord, &r.Commit, &r.AuthorTime, &r.CommitTime, &r.Status, &r.Path, &r.OldPath); err != nil {
			return nil, translate(err, "git log rows of "+root)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, translate(err, "git log rows of "+root)
	}
	// A row found by more than one condition (its path and its old path)
	// comes once.
	slices.SortFunc(out, func(x, y GitLogRow) int { return cmp.Compare(y.Ord, x.Ord) })
	return slices.CompactFunc(out, func(x, y GitLogRow) bool { return x.Ord == y.Ord }), nil
}

// gitLogRowsQuery is GitLogRows's query: one lookup per condition, along
// the primary key (by path) or the index of old paths, unsorted (SQLite
// may answer an OR of them by walking every row of the repository).
func gitLogRowsQuery(root string, paths []string, below int64) (string, []any) {
	const (
		cols   = `SELECT ord, commit_id, author_time, commit_time, status, path, old_path FROM git_log `
		byPath = cols + `WHERE repo_root = ? AND ord < ? AND `
		byOld  = cols + `WHERE repo_root = ? AND ord < ? AND old_path <> '' AND `
	)
	var (
		parts []string
		args  []any
	)
	for _, p := range paths {
		if p == "" {
			continue // it would match the rows of merges, which have none
		}
		// "p/" up to "p0" ('0' follows '/') holds exactly the paths under p/.
		parts = append(parts, byPath+`path = ?`, byOld+`old_path = ?`,
			byPath+`path >= ? AND path < ?`, byOld+`old_path >= ? AND old_path < ?`)
		args = append(args, root, below, p, root, below, p, root, below, p+"/", p+"0", root, below, p+"/", p+"0")
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
