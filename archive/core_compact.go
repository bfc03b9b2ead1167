package archive

import (
	"context"
	"fmt"
)

// Compact merges the full-text indexes' segments, rewrites the database
// file without its free pages (VACUUM) and empties the WAL, holding the
// write lock: a rebuild replaces every row, and the pages of the old rows
// would otherwise stay in the file as free space. A WAL that another
// process still reads is left for the next checkpoint.
func (a *Archive) Compact(ctx context.Context) error {
	unlock, err := a.lockWrite(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	conn, err := a.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("compact: %w", err)
	}
	defer conn.Close()
	for _, q := range []string{
		// the full-text indexes keep the segments of the old rows' deletes
		// until merged
		`INSERT INTO messages_fts(messages_fts) VALUES ('optimize')`,
		`INSERT INTO results_fts(results_fts) VALUES ('optimize')`,
		`INSERT INTO vocab_fts(vocab_fts) VALUES ('optimize')`,
		`PRAGMA temp_store = FILE`, // VACUUM's copy of the database is not held in memory
		`VACUUM`,
		`PRAGMA temp_store = MEMORY`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("compact: %s: %w", q, err)
		}
	}
	a.markDurable()
	if err := truncateWAL(ctx, conn); err != nil && err != errWALInUse {
		return err
	}
	return nil
}
