package archive

import (
	"context"
	"fmt"
	"slices"
)

// compactedIndexes are the full-text indexes Compact merges: every one the
// archive keeps (those of text and the identifiers').
var compactedIndexes = append(slices.Clone(textIndexes), "vocab_fts")

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
	var steps []string
	for _, t := range compactedIndexes {
		// a full-text index keeps the segments of the old rows' deletes
		// until merged
		steps = append(steps, `INSERT INTO `+t+`(`+t+`) VALUES ('optimize')`)
	}
	for _, q := range append(steps,
		`PRAGMA temp_store = FILE`, // VACUUM's copy of the database is not held in memory
		`VACUUM`,
		`PRAGMA temp_store = MEMORY`,
	) {
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
