package archive

import (
	"context"
	"database/sql"
	"fmt"
)

// ftsFlushBytes is how much new text is held before it is added to the
// full-text indexes (also done before every commit and every delete).
const ftsFlushBytes = 16 << 20

// ftsQueue holds changes to one external-content FTS5 table until they are
// applied in one burst. FTS5 keeps a burst in memory and writes it as one
// segment; applying each change next to the content table's own writes
// would flush a tiny segment per statement.
type ftsQueue struct {
	ins, del *sql.Stmt
	rows     map[int64]*ftsChange
	order    []int64
	bytes    int
}

// ftsChange is a row whose indexed text changes from old (when indexed)
// to text (when index).
type ftsChange struct {
	old     string
	indexed bool
	text    string
	index   bool
}

func newFTSQueue(ctx context.Context, conn *sql.Conn, table, column string) (*ftsQueue, error) {
	ins, err := conn.PrepareContext(ctx, fmt.Sprintf(`INSERT INTO %s (rowid, %s) VALUES (?, ?)`, table, column))
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	del, err := conn.PrepareContext(ctx, fmt.Sprintf(`INSERT INTO %[1]s (%[1]s, rowid, %[2]s) VALUES ('delete', ?, ?)`, table, column))
	if err != nil {
		ins.Close()
		return nil, fmt.Errorf("prepare: %w", err)
	}
	return &ftsQueue{ins: ins, del: del, rows: make(map[int64]*ftsChange)}, nil
}

// set records that row id now holds text, to be indexed when index is
// set; old is the text the index holds for it, when indexed.
func (q *ftsQueue) set(id int64, old string, indexed bool, text string, index bool) {
	if c := q.rows[id]; c != nil {
		c.text, c.index = text, index
		if index {
			q.bytes += len(text)
		}
		return
	}
	if indexed == index && (!index || old == text) {
		return // the index already holds it
	}
	if index {
		q.bytes += len(text)
	}
	q.rows[id] = &ftsChange{old: old, indexed: indexed, text: text, index: index}
	q.order = append(q.order, id)
}

func (q *ftsQueue) flush(ctx context.Context) error {
	for _, id := range q.order {
		c := q.rows[id]
		if c.indexed && c.index && c.old == c.text {
			continue
		}
		if c.indexed {
			if _, err := q.del.ExecContext(ctx, id, c.old); err != nil {
				return fmt.Errorf("full-text index: %w", err)
			}
		}
		if c.index {
			if _, err := q.ins.ExecContext(ctx, id, c.text); err != nil {
				return fmt.Errorf("full-text index: %w", err)
			}
		}
	}
	clear(q.rows)
	q.order, q.bytes = q.order[:0], 0
	return nil
}

func (q *ftsQueue) close() {
	q.ins.Close()
	q.del.Close()
}
