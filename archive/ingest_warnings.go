package archive

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
)

// What discovery warns about (a folder it cannot read, a file it skips)
// is stored, in scan_errors and skipped_files; a refresh warns about a
// path only when its trouble is new or has changed, not on every query
// while it lasts.

// loadWarned returns the trouble the last discovery stored, by path: the
// folders it could not read and the files it skipped.
func (a *Archive) loadWarned(ctx context.Context) (scan, skipped map[string]string, err error) {
	scan, skipped = map[string]string{}, map[string]string{}
	for _, q := range []struct {
		sql string
		dst map[string]string
	}{
		{`SELECT path, error FROM scan_errors`, scan},
		{`SELECT path, reason FROM skipped_files`, skipped},
	} {
		if err := readPairs(ctx, a.db, q.sql, q.dst); err != nil {
			return nil, nil, fmt.Errorf("load discovery warnings: %w", err)
		}
	}
	return scan, skipped, nil
}

func readPairs(ctx context.Context, db *sql.DB, q string, dst map[string]string) error {
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return err
		}
		dst[k] = v
	}
	return rows.Err()
}

// recordSkipped replaces the stored skipped files when they changed.
func (a *Archive) recordSkipped(ctx context.Context, stored, skipped map[string]string) error {
	if maps.Equal(stored, skipped) {
		return nil
	}
	a.markDurable()
	return a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM skipped_files`); err != nil {
			return fmt.Errorf("record skipped files: %w", err)
		}
		for path, reason := range skipped {
			if _, err := tx.ExecContext(ctx, `INSERT INTO skipped_files (path, reason) VALUES (?, ?)`, path, reason); err != nil {
				return fmt.Errorf("record skipped files: %w", err)
			}
		}
		return nil
	})
}

// warnOnce returns the warn function of one discovery: trouble is
// collected into scan (unreadable) or skipped, and passed to warn unless
// the last discovery stored the same for that path.
func warnOnce(warn func(string), storedScan, storedSkipped, scan, skipped map[string]string) func(path string, err error, skip bool) {
	return func(path string, err error, skip bool) {
		msg := err.Error()
		stored := storedScan
		if skip {
			stored = storedSkipped
			skipped[path] = msg
		} else {
			scan[path] = msg
		}
		if prev, ok := stored[path]; !ok || prev != msg {
			warn(fmt.Sprintf("%s: %s", path, msg))
		}
	}
}
