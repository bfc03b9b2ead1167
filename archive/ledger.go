package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// metaLedgerVersion is the meta key of the version the ledger was built
// with.
const metaLedgerVersion = "ledger_version"

// LedgerRow is one ledger entry as the archive keeps it: the lines one
// successful edit introduced into one file.
type LedgerRow struct {
	LedgerEdit
	RepoRoot     string
	Path         string // repo-relative: where the lines landed
	Provider     string
	MessageIndex int
	Tool         string
	Time         time.Time // UTC
	ReplaceAll   bool
	Lines        []LedgerLineRow
}

// LedgerLineRow is one introduced line.
type LedgerLineRow struct {
	Pos     int
	Text    string
	KeyHash int64 // hash of the normalized text, computed by the caller
	Trivial bool  // common line: kept, never looked up
}

// LedgerEdit names the edit an entry came from.
type LedgerEdit struct {
	SessionID string
	CallID    string
	Seq       int
}

// LedgerPath is a file of a repository.
type LedgerPath struct {
	RepoRoot string
	Path     string
}

// LedgerState is what the ledger needs to know before a query: the version
// it was built with (0 before the first build) and whether edits changed
// since it was last brought up to date.
type LedgerState struct {
	Version int
	Dirty   bool
}

// LedgerState reads the ledger's version and whether files wait to be
// replayed, in one query.
func (a *Archive) LedgerState(ctx context.Context) (LedgerState, error) {
	var st LedgerState
	var v sql.NullString
	err := a.queryRow(ctx, `SELECT (SELECT value FROM meta WHERE key = ?),
		EXISTS (SELECT 1 FROM ledger_dirty)`, metaLedgerVersion).Scan(&v, &st.Dirty)
	if err != nil {
		return st, translate(err, "ledger state")
	}
	if v.Valid {
		st.Version, _ = strconv.Atoi(v.String)
	}
	return st, nil
}

// ErrLedgerBusy is returned by LockLedger without wait when another
// process is writing the archive.
var ErrLedgerBusy = errBusy

// LockLedger takes the archive's write lock for a ledger update. Without
// wait it fails at once with ErrLedgerBusy when the lock is held (a
// refresh is running): the caller answers from the ledger as it is.
func (a *Archive) LockLedger(ctx context.Context, wait bool) (unlock func(), err error) {
	unlock, err = a.lock(ctx, wait)
	if errors.Is(err, errBusy) {
		return nil, ErrLedgerBusy
	}
	return unlock, err
}

// ResetLedger drops every ledger entry, marks every edited file to be
// replayed and records version as the ledger's version, in one
// transaction. Every repository's generation moves.
func (a *Archive) ResetLedger(ctx context.Context, version int) error {
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{
			`DELETE FROM ledger_lines`,
			`DELETE FROM ledger_entries`,
			`DELETE FROM ledger_dirty`,
			`INSERT INTO ledger_dirty (repo_root, path)
				SELECT DISTINCT repo_root, path FROM edits WHERE repo_root <> ''
				UNION SELECT DISTINCT repo_root, move_to_path FROM edits WHERE repo_root <> '' AND move_to_path <> ''`,
			`DELETE FROM attribution_cache WHERE kind = 'matches'`,
			`UPDATE ledger_repos SET generation = generation + 1`,
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		return setMetaTx(ctx, tx, metaLedgerVersion, strconv.Itoa(version))
	})
	if err != nil {
		return fmt.Errorf("reset ledger: %w", err)
	}
	return nil
}

// DirtyLedgerPaths returns the files whose edits changed since the ledger
// last replayed them, and a mark to hand back to ReplaceLedger (files noted
// after the mark stay to be replayed).
func (a *Archive) DirtyLedgerPaths(ctx context.Context) ([]LedgerPath, int64, error) {
	rows, err := a.query(ctx, `SELECT repo_root, path, max(seq) FROM ledger_dirty
		GROUP BY repo_root, path ORDER BY repo_root, path`)
	if err != nil {
		return nil, 0, translate(err, "ledger dirty files")
	}
	defer rows.Close()
	var out []LedgerPath
	var mark int64
	for rows.Next() {
		var p LedgerPath
		var seq int64
		if err := rows.Scan(&p.RepoRoot, &p.Path, &seq); err != nil {
			return nil, 0, translate(err, "ledger dirty files")
		}
		out = append(out, p)
		mark = max(mark, seq)
	}
	return out, mark, translate(rows.Err(), "ledger dirty files")
}

// MoveSources returns the repo-relative paths whose edits moved a file to
// path in repo.
func (a *Archive) MoveSources(ctx context.Context, repo, path string) ([]string, error) {
	rows, err := a.query(ctx, `SELECT DISTINCT path FROM edits
		WHERE repo_root = ? AND move_to_path = ? AND path <> move_to_path`, repo, path)
	if err != nil {
		return nil, translate(err, "move sources")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, translate(err, "move sources")
		}
		out = append(out, p)
	}
	return out, translate(rows.Err(), "move sources")
}

// LedgerUpdate is one replay's result, written by ReplaceLedger.
type LedgerUpdate struct {
	// Paths were replayed: their entries are dropped (then Entries
	// written), and their dirty marks up to Mark cleared.
	Paths []LedgerPath
	Mark  int64
	// Edits were replayed: their entries, wherever filed, are dropped.
	Edits []LedgerEdit
	// Entries are the new entries.
	Entries []LedgerRow
	Version int
}

// ReplaceLedger writes a replay in one transaction: the entries of the
// replayed files and edits are replaced, the files' dirty marks up to the
// mark are cleared, and the generation of every repository touched moves
// (dropping its cached answers).
func (a *Archive) ReplaceLedger(ctx context.Context, u LedgerUpdate) error {
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		repos := map[string]bool{}
		delPath, err := tx.PrepareContext(ctx, `DELETE FROM ledger_entries WHERE repo_root = ? AND path = ?`)
		if err != nil {
			return err
		}
		defer delPath.Close()
		clean, err := tx.PrepareContext(ctx, `DELETE FROM ledger_dirty WHERE repo_root = ? AND path = ? AND seq <= ?`)
		if err != nil {
			return err
		}
		defer clean.Close()
		for _, p := range u.Paths {
			repos[p.RepoRoot] = true
			if _, err := delPath.ExecContext(ctx, p.RepoRoot, p.Path); err != nil {
				return err
			}
			if _, err := clean.ExecContext(ctx, p.RepoRoot, p.Path, u.Mark); err != nil {
				return err
			}
		}
		delEdit, err := tx.PrepareContext(ctx, `DELETE FROM ledger_entries WHERE session_id = ? AND call_id = ? AND seq = ?
			RETURNING repo_root`)
		if err != nil {
			return err
		}
		defer delEdit.Close()
		for _, e := range u.Edits {
			var repo string
			err := delEdit.QueryRowContext(ctx, e.SessionID, e.CallID, e.Seq).Scan(&repo)
			switch {
			case err == nil:
				repos[repo] = true
			case !errors.Is(err, sql.ErrNoRows):
				return err
			}
		}
		if err := insertLedger(ctx, tx, u.Entries, u.Version, repos); err != nil {
			return err
		}
		return bumpGenerations(ctx, tx, repos)
	})
	if err != nil {
		return fmt.Errorf("write ledger: %w", err)
	}
	return nil
}

func insertLedger(ctx context.Context, tx *sql.Tx, entries []LedgerRow, version int, repos map[string]bool) error {
	ins, err := tx.PrepareContext(ctx, `INSERT INTO ledger_entries (session_id, call_id, seq, repo_root, path,
		provider, message_idx, tool, ts, replace_all, version, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (session_id, call_id, seq) DO NOTHING RETURNING id`)
	if err != nil {
		return err
	}
	defer ins.Close()
	line, err := tx.PrepareContext(ctx, `INSERT INTO ledger_lines (entry, n, pos, text, key_hash, trivial)
		VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer line.Close()
	for _, e := range entries {
		repos[e.RepoRoot] = true
		var id int64
		err := ins.QueryRowContext(ctx, e.SessionID, e.CallID, e.Seq, e.RepoRoot, e.Path, e.Provider,
			e.MessageIndex, e.Tool, millis(e.Time), e.ReplaceAll, version, encodeBody(e.Lines)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			continue // the same edit twice in one update: the first stands
		}
		if err != nil {
			return fmt.Errorf("entry %s/%s: %w", e.SessionID, e.CallID, err)
		}
		for n, l := range e.Lines {
			if _, err := line.ExecContext(ctx, id, n, l.Pos, l.Text, l.KeyHash, l.Trivial); err != nil {
				return fmt.Errorf("entry %s/%s: %w", e.SessionID, e.CallID, err)
			}
		}
	}
	return nil
}

func bumpGenerations(ctx context.Context, tx *sql.Tx, repos map[string]bool) error {
	for r := range repos {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_repos (repo_root, generation) VALUES (?, 1)
			ON CONFLICT (repo_root) DO UPDATE SET generation = generation + 1`, r); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM attribution_cache WHERE kind = 'matches' AND repo_root = ?`, r); err != nil {
			return err
		}
	}
	return nil
}

// LedgerGeneration returns the counter that moves whenever the ledger
// entries of repo change, and the ledger's version.
func (a *Archive) LedgerGeneration(ctx context.Context, repo string) (generation int64, version int, err error) {
	var v sql.NullString
	err = a.queryRow(ctx, `SELECT coalesce((SELECT generation FROM ledger_repos WHERE repo_root = ?), 0),
		(SELECT value FROM meta WHERE key = ?)`, repo, metaLedgerVersion).Scan(&generation, &v)
	if err != nil {
		return 0, 0, translate(err, "ledger generation")
	}
	if v.Valid {
		version, _ = strconv.Atoi(v.String)
	}
	return generation, version, nil
}
