package archive

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// GitLogWrite says how GitLogWriter.Finish makes a working tree's new walk.
type GitLogWrite int

const (
	// GitLogReplace: the added commits, in order.
	GitLogReplace GitLogWrite = iota
	// GitLogAppend: the added commits (those between the stored tip and
	// the new one, newest first), then the stored walk.
	GitLogAppend
	// GitLogReorder: the walk given to Finish; the added commits are those
	// of it that may not be stored yet.
	GitLogReorder
)

// commitsPerWrite is how many commits GitLogWriter stores per transaction.
const commitsPerWrite = 10000

// GitLogWriter writes a working tree's log as git prints it, without
// holding it whole: Add stores commits with their changes, in transactions
// of their own as they come (a commit never changes, and no walk names it
// before Finish), and Finish writes the walk, if the log's generation is
// still the one the writer was made for. A writer is for one goroutine.
type GitLogWriter struct {
	a          *Archive
	root       string
	generation int64
	how        GitLogWrite

	pending []GitLogRow     // whole commits not stored yet
	queued  map[string]bool // their ids
	byID    map[string]storedCommit
	order   []string // the added commits, in order
}

// storedCommit is a commit's cid and commit time.
type storedCommit struct {
	cid, commitTime int64
}

// GitLogWriter returns a writer of root's log, based on the state of
// generation.
func (a *Archive) GitLogWriter(root string, generation int64, how GitLogWrite) *GitLogWriter {
	return &GitLogWriter{a: a, root: root, generation: generation, how: how,
		queued: map[string]bool{}, byID: map[string]storedCommit{}}
}

// Add takes the rows of whole commits, newest first as git walks them (a
// commit's rows together, a commit that shows no file as one row with no
// path). A commit's changes are stored only when the commit is not stored
// yet: they never differ.
func (w *GitLogWriter) Add(ctx context.Context, rows []GitLogRow) error {
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].Commit == rows[i].Commit {
			j++
		}
		id := rows[i].Commit
		if _, done := w.byID[id]; done || w.queued[id] || id == "" {
			return fmt.Errorf("write git log of %s: commit %q listed twice or without id", w.root, id)
		}
		w.queued[id] = true
		w.order = append(w.order, id)
		w.pending = append(w.pending, rows[i:j]...)
		i = j
	}
	if len(w.queued) >= commitsPerWrite {
		return w.flush(ctx)
	}
	return nil
}

// flush stores the pending commits in one transaction.
func (w *GitLogWriter) flush(ctx context.Context) error {
	if len(w.pending) == 0 {
		return nil
	}
	stored := map[string]storedCommit{}
	err := w.a.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		stored, err = storeCommits(ctx, tx, w.pending)
		return err
	})
	if err != nil {
		return fmt.Errorf("write git log of %s: %w", w.root, err)
	}
	for id, c := range stored {
		w.byID[id] = c
	}
	w.pending, w.queued = w.pending[:0], map[string]bool{}
	return nil
}

// Finish stores what is pending and makes tip the log's tip, with the walk
// w's GitLogWrite says (walk, commit ids newest first as `git rev-list`
// lists them, for GitLogReorder), in one transaction that also ends the
// claim. It fails with ErrGitLogMoved when the log's generation is no
// longer the writer's, and with ErrGitLogUnknownCommit when walk names a
// commit neither stored nor added; then no walk is written.
func (w *GitLogWriter) Finish(ctx context.Context, tip string, walk []string) error {
	if tip == "" {
		return fmt.Errorf("write git log of %s: no tip", w.root)
	}
	if err := w.flush(ctx); err != nil {
		return err
	}
	err := w.a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO git_walks (repo_root) VALUES (?)
			ON CONFLICT (repo_root) DO NOTHING`, w.root); err != nil {
			return err
		}
		var (
			gen, maxTime int64
			old          []byte
		)
		if err := tx.QueryRowContext(ctx, `SELECT generation, max_time, walk FROM git_walks
			WHERE repo_root = ?`, w.root).Scan(&gen, &maxTime, &old); err != nil {
			return err
		}
		if gen != w.generation {
			return ErrGitLogMoved
		}
		cids, newMax, err := w.walk(ctx, tx, old, walk)
		if err != nil {
			return err
		}
		if w.how == GitLogAppend {
			newMax = max(newMax, maxTime)
		}
		_, err = tx.ExecContext(ctx, `UPDATE git_walks SET tip = ?, walk = ?, commits = ?, max_time = ?,
			generation = generation + 1, claimed_until = 0 WHERE repo_root = ?`,
			tip, encodeWalk(cids), len(cids), newMax, w.root)
		return err
	})
	if err != nil {
		return fmt.Errorf("write git log of %s: %w", w.root, err)
	}
	return nil
}

// walk returns the new walk's cids and the highest commit time among its
// commits (for GitLogAppend, among the added ones).
func (w *GitLogWriter) walk(ctx context.Context, tx *sql.Tx, old []byte, walk []string) ([]int64, int64, error) {
	if w.how == GitLogReorder {
		return resolveWalk(ctx, tx, walk, w.byID)
	}
	cids := make([]int64, len(w.order))
	var maxTime int64
	for i, id := range w.order {
		c := w.byID[id]
		cids[i], maxTime = c.cid, max(maxTime, c.commitTime)
	}
	if w.how == GitLogAppend {
		stored, err := decodeWalk(old)
		if err != nil {
			return nil, 0, err
		}
		cids = append(cids, stored...)
	}
	return cids, maxTime, nil
}

// AppendGitLog adds rows (newest first, as git walks them: the commits
// between the stored tip and tip) above root's stored log and makes tip the
// log's tip (a GitLogWriter's GitLogAppend).
func (a *Archive) AppendGitLog(ctx context.Context, root string, generation int64, rows []GitLogRow, tip string) error {
	return a.writeGitLog(ctx, root, generation, GitLogAppend, rows, tip, nil)
}

// writeGitLog writes rows (whole commits, newest first) with one
// GitLogWriter.
func (a *Archive) writeGitLog(ctx context.Context, root string, generation int64, how GitLogWrite, rows []GitLogRow, tip string, walk []string) error {
	w := a.GitLogWriter(root, generation, how)
	if err := w.Add(ctx, rows); err != nil {
		return err
	}
	return w.Finish(ctx, tip, walk)
}

// storeCommits stores the commits of rows (whole commits, each once) with
// their changes, the changes only for a commit not stored before, and
// returns each commit's cid and commit time. New commits get cids above
// every stored one, and their changes are written in path order (the
// table's), in multi-row statements; a new commit's trailers are those of
// its first row.
func storeCommits(ctx context.Context, tx *sql.Tx, rows []GitLogRow) (map[string]storedCommit, error) {
	out, err := knownCommits(ctx, tx, rows)
	if err != nil {
		return nil, err
	}
	var next int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(cid), 0) FROM git_commits`).Scan(&next); err != nil {
		return nil, err
	}
	var (
		fresh   []GitLogRow // one row per new commit, Ord holding its cid
		changes []GitLogRow // of new commits, Ord holding the cid
	)
	for i, r := range rows {
		if i > 0 && r.Commit == rows[i-1].Commit {
			if c := fresh; len(c) > 0 && c[len(c)-1].Commit == r.Commit && r.Path != "" {
				r.Ord = c[len(c)-1].Ord
				changes = append(changes, r)
			}
			continue
		}
		if _, ok := out[r.Commit]; ok {
			continue
		}
		next++
		out[r.Commit] = storedCommit{cid: next, commitTime: r.CommitTime}
		r.Ord = next
		fresh = append(fresh, r)
		if r.Path != "" { // else a commit that shows no file
			changes = append(changes, r)
		}
	}
	err = insertRows(ctx, tx, `INSERT INTO git_commits (cid, commit_id, commit_time) VALUES`, "", 3, len(fresh),
		func(dst []any, i int) []any {
			c := fresh[i]
			return append(dst, c.Ord, c.Commit, c.CommitTime)
		})
	if err != nil {
		return nil, err
	}
	var trailers []trailerRow
	for _, c := range fresh {
		for i, t := range c.Trailers {
			trailers = append(trailers, trailerRow{c.Ord, i, t})
		}
	}
	err = insertRows(ctx, tx, `INSERT INTO git_trailers (cid, seq, key, value) VALUES`, "", 4, len(trailers),
		func(dst []any, i int) []any {
			t := trailers[i]
			return append(dst, t.cid, t.seq, t.Key, t.Value)
		})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(changes, func(x, y GitLogRow) int { return cmp.Or(strings.Compare(x.Path, y.Path), cmp.Compare(x.Ord, y.Ord)) })
	err = insertRows(ctx, tx, `INSERT INTO git_changes (path, cid, commit_id, author_time, commit_time, status, old_path) VALUES`,
		`ON CONFLICT (path, cid) DO NOTHING`, 7, len(changes),
		func(dst []any, i int) []any {
			r := changes[i]
			return append(dst, r.Path, r.Ord, r.Commit, r.AuthorTime, r.CommitTime, r.Status, r.OldPath)
		})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// trailerRow is a row of git_trailers.
type trailerRow struct {
	cid int64
	seq int
	GitTrailer
}

// knownCommits returns the stored commits among those of rows, in one
// query.
func knownCommits(ctx context.Context, tx *sql.Tx, rows []GitLogRow) (map[string]storedCommit, error) {
	var ids []string
	for i, r := range rows {
		if i == 0 || r.Commit != rows[i-1].Commit {
			ids = append(ids, r.Commit)
		}
	}
	arg, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	q, err := tx.QueryContext(ctx, `SELECT commit_id, cid, commit_time FROM git_commits
		WHERE commit_id IN (SELECT value FROM json_each(?))`, string(arg))
	if err != nil {
		return nil, err
	}
	return scanCommits(q)
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
				q, err := tx.QueryContext(ctx, `SELECT commit_id, cid, commit_time FROM git_commits`)
				if err != nil {
					return nil, 0, err
				}
				if stored, err = scanCommits(q); err != nil {
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

// scanCommits reads rows of (commit_id, cid, commit_time) and closes them.
func scanCommits(rows *sql.Rows) (map[string]storedCommit, error) {
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
