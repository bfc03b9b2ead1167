package archive

import (
	"context"
	"database/sql"
	"fmt"
)

// AppendGitLog adds rows (newest first, as git walks them: the commits
// between the stored tip and tip) above root's stored log and makes tip the
// log's tip, in one transaction that also ends the claim. It fails with
// ErrGitLogMoved when the log's generation is no longer generation.
func (a *Archive) AppendGitLog(ctx context.Context, root string, generation int64, rows []GitLogRow, tip string) error {
	return a.writeGitLog(ctx, root, generation, logWrite{mode: appendWalk, rows: rows, tip: tip})
}

// ReplaceGitLog replaces root's stored log with rows (newest first), whose
// tip is tip, like AppendGitLog.
func (a *Archive) ReplaceGitLog(ctx context.Context, root string, generation int64, rows []GitLogRow, tip string) error {
	return a.writeGitLog(ctx, root, generation, logWrite{mode: replaceWalk, rows: rows, tip: tip})
}

// ReorderGitLog makes root's log the one of tip, whose commits git walks in
// the order of walk (commit ids, newest first, as `git rev-list` lists
// them), like AppendGitLog. rows hold the changes of the commits of walk
// that may not be stored yet (those of other commits are ignored); every
// other commit of walk must be stored, else nothing is written and the
// error is ErrGitLogUnknownCommit. So a checkout or a rebase costs the
// order of the walk and the changes of new commits, not the whole log.
func (a *Archive) ReorderGitLog(ctx context.Context, root string, generation int64, walk []string, rows []GitLogRow, tip string) error {
	return a.writeGitLog(ctx, root, generation, logWrite{mode: reorderWalk, rows: rows, walk: walk, tip: tip})
}

// walkMode says how a write makes the new walk.
type walkMode int

const (
	replaceWalk walkMode = iota // the rows' commits
	appendWalk                  // the rows' commits, then the stored walk
	reorderWalk                 // logWrite.walk
)

type logWrite struct {
	mode walkMode
	rows []GitLogRow
	walk []string // for reorderWalk
	tip  string
}

// storedCommit is a commit's cid and commit time.
type storedCommit struct {
	cid, commitTime int64
}

func (a *Archive) writeGitLog(ctx context.Context, root string, generation int64, w logWrite) error {
	if w.tip == "" {
		return fmt.Errorf("write git log of %s: no tip", root)
	}
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO git_walks (repo_root) VALUES (?)
			ON CONFLICT (repo_root) DO NOTHING`, root); err != nil {
			return err
		}
		var (
			gen, maxTime int64
			old          []byte
		)
		if err := tx.QueryRowContext(ctx, `SELECT generation, max_time, walk FROM git_walks
			WHERE repo_root = ?`, root).Scan(&gen, &maxTime, &old); err != nil {
			return err
		}
		if gen != generation {
			return ErrGitLogMoved
		}
		order, byID, err := storeCommits(ctx, tx, w.rows)
		if err != nil {
			return err
		}
		var walk []int64
		switch w.mode {
		case replaceWalk, appendWalk:
			walk = make([]int64, len(order))
			rowsMax := int64(0)
			for i, id := range order {
				walk[i] = byID[id].cid
				rowsMax = max(rowsMax, byID[id].commitTime)
			}
			if w.mode == replaceWalk {
				maxTime = rowsMax
				break
			}
			stored, err := decodeWalk(old)
			if err != nil {
				return err
			}
			walk, maxTime = append(walk, stored...), max(maxTime, rowsMax)
		case reorderWalk:
			if walk, maxTime, err = resolveWalk(ctx, tx, w.walk, byID); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE git_walks SET tip = ?, walk = ?, commits = ?, max_time = ?,
			generation = generation + 1, claimed_until = 0 WHERE repo_root = ?`,
			w.tip, encodeWalk(walk), len(walk), maxTime, root)
		return err
	})
	if err != nil {
		return fmt.Errorf("write git log of %s: %w", root, err)
	}
	return nil
}

// storeCommits stores the commits of rows (a commit's rows together, a
// commit with no change as one row with no path) with their changes, the
// changes only for a commit not stored before: a commit's changes never
// differ. It returns the commits in the order of rows and each one's cid
// and commit time.
func storeCommits(ctx context.Context, tx *sql.Tx, rows []GitLogRow) ([]string, map[string]storedCommit, error) {
	byID := map[string]storedCommit{}
	var order []string
	if len(rows) == 0 {
		return order, byID, nil
	}
	insCommit, err := tx.PrepareContext(ctx, `INSERT INTO git_commits (commit_id, author_time, commit_time)
		VALUES (?, ?, ?) ON CONFLICT (commit_id) DO NOTHING`)
	if err != nil {
		return nil, nil, err
	}
	defer insCommit.Close()
	insChange, err := tx.PrepareContext(ctx, `INSERT INTO git_changes (path, cid, status, old_path)
		VALUES (?, ?, ?, ?) ON CONFLICT (path, cid) DO NOTHING`)
	if err != nil {
		return nil, nil, err
	}
	defer insChange.Close()
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].Commit == rows[i].Commit {
			j++
		}
		c := rows[i]
		if _, dup := byID[c.Commit]; dup || c.Commit == "" {
			return nil, nil, fmt.Errorf("commit %q listed twice or without id", c.Commit)
		}
		res, err := insCommit.ExecContext(ctx, c.Commit, c.AuthorTime, c.CommitTime)
		if err != nil {
			return nil, nil, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return nil, nil, err
		}
		sc := storedCommit{commitTime: c.CommitTime}
		if n == 1 {
			if sc.cid, err = res.LastInsertId(); err != nil {
				return nil, nil, err
			}
			for _, r := range rows[i:j] {
				if r.Path == "" {
					continue // a commit that shows no file
				}
				if _, err := insChange.ExecContext(ctx, r.Path, sc.cid, r.Status, r.OldPath); err != nil {
					return nil, nil, err
				}
			}
		} else if err := tx.QueryRowContext(ctx, `SELECT cid, commit_time FROM git_commits WHERE commit_id = ?`,
			c.Commit).Scan(&sc.cid, &sc.commitTime); err != nil {
			return nil, nil, err
		}
		byID[c.Commit] = sc
		order = append(order, c.Commit)
		i = j
	}
	return order, byID, nil
}

// resolveWalk returns the cids of the commits of walk and their highest
// commit time: from have, else from every stored commit (read once, when
// needed).
func resolveWalk(ctx context.Context, tx *sql.Tx, walk []string, have map[string]storedCommit) ([]int64, int64, error) {
	out := make([]int64, len(walk))
	var (
		maxTime int64
		stored  map[string]storedCommit
	)
	for i, id := range walk {
		c, ok := have[id]
		if !ok {
			if stored == nil {
				var err error
				if stored, err = allCommits(ctx, tx); err != nil {
					return nil, 0, err
				}
			}
			if c, ok = stored[id]; !ok {
				return nil, 0, fmt.Errorf("%w: %s", ErrGitLogUnknownCommit, id)
			}
		}
		out[i], maxTime = c.cid, max(maxTime, c.commitTime)
	}
	return out, maxTime, nil
}

// allCommits reads every stored commit.
func allCommits(ctx context.Context, tx *sql.Tx) (map[string]storedCommit, error) {
	rows, err := tx.QueryContext(ctx, `SELECT commit_id, cid, commit_time FROM git_commits`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]storedCommit{}
	for rows.Next() {
		var (
			id string
			c  storedCommit
		)
		if err := rows.Scan(&id, &c.cid, &c.commitTime); err != nil {
			return nil, err
		}
		out[id] = c
	}
	return out, rows.Err()
}
