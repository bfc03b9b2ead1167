package archive

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// ftsFlushBytes is how much new text is held before it is added to the
// full-text indexes (also done before every commit and every delete).
const ftsFlushBytes = 16 << 20

// ftsQueue holds changes to one external-content FTS5 table until they are
// applied in one burst. FTS5 keeps a burst in memory and writes it as one
// segment; applying each change next to the content table's own writes
// would flush a tiny segment per statement.
type ftsQueue struct {
	ins, del *lazyStmt
	rows     map[int64]*ftsChange
	order    []int64
	bytes    int
	// vocab, when set, records the identifiers of the text indexed.
	vocab *vocabQueue
}

// ftsChange is a row whose indexed columns change from old (when indexed)
// to cols (when index).
type ftsChange struct {
	old     []string
	indexed bool
	cols    []string
	index   bool
}

func newFTSQueue(conn *sql.Conn, table string, columns ...string) *ftsQueue {
	names := strings.Join(columns, ", ")
	marks := strings.Repeat(", ?", len(columns))
	return &ftsQueue{
		ins:  &lazyStmt{conn: conn, query: fmt.Sprintf(`INSERT INTO %s (rowid, %s) VALUES (?%s)`, table, names, marks)},
		del:  &lazyStmt{conn: conn, query: fmt.Sprintf(`INSERT INTO %[1]s (%[1]s, rowid, %[2]s) VALUES ('delete', ?%[3]s)`, table, names, marks)},
		rows: make(map[int64]*ftsChange),
	}
}

// set records that row id now holds cols, to be indexed when index is
// set; old is what the index holds for it, when indexed.
func (q *ftsQueue) set(id int64, old []string, indexed bool, cols []string, index bool) {
	if c := q.rows[id]; c != nil {
		c.cols, c.index = cols, index
		if index {
			q.bytes += size(cols)
		}
		return
	}
	if indexed == index && (!index || slices.Equal(old, cols)) {
		return // the index already holds it
	}
	if index {
		q.bytes += size(cols)
	}
	q.rows[id] = &ftsChange{old: old, indexed: indexed, cols: cols, index: index}
	q.order = append(q.order, id)
}

func size(cols []string) int {
	n := 0
	for _, c := range cols {
		n += len(c)
	}
	return n
}

func (q *ftsQueue) flush(ctx context.Context) error {
	for _, id := range q.order {
		c := q.rows[id]
		if c.indexed && c.index && slices.Equal(c.old, c.cols) {
			continue
		}
		if c.indexed {
			if _, err := q.del.ExecContext(ctx, args(id, c.old)...); err != nil {
				return fmt.Errorf("full-text index: %w", err)
			}
		}
		if c.index {
			if _, err := q.ins.ExecContext(ctx, args(id, c.cols)...); err != nil {
				return fmt.Errorf("full-text index: %w", err)
			}
			if q.vocab != nil {
				for _, col := range c.cols {
					q.vocab.add(col)
				}
			}
		}
	}
	clear(q.rows)
	q.order, q.bytes = q.order[:0], 0
	if q.vocab != nil {
		return q.vocab.flush(ctx)
	}
	return nil
}

func args(id int64, cols []string) []any {
	out := make([]any, 0, 1+len(cols))
	out = append(out, id)
	for _, c := range cols {
		out = append(out, c)
	}
	return out
}

func (q *ftsQueue) close() {
	q.ins.close()
	q.del.close()
	if q.vocab != nil {
		q.vocab.close()
	}
}

// maxVocabSeen bounds the identifiers a writer remembers having stored.
const maxVocabSeen = 1 << 18

// vocabQueue adds the identifiers of indexed text to the table vocab (see
// identifiers); identifiers of text deleted later stay, as a search checks
// that an expansion matches. The new ones are inserted many rows to a
// statement: each statement (vocab's trigger writes vocab_fts) opens a
// savepoint, at which FTS5 writes what it holds in memory as a segment of
// its own, one per identifier were they inserted one by one.
type vocabQueue struct {
	ins  *rowInserter
	seen map[string]bool
	new  []string
}

func newVocabQueue(conn *sql.Conn) *vocabQueue {
	return &vocabQueue{ins: newRowInserter(conn, `INSERT OR IGNORE INTO vocab (term) VALUES`, "", 1), seen: make(map[string]bool)}
}

func (v *vocabQueue) add(text string) {
	for _, w := range identifiers(text) {
		if !v.seen[w] {
			v.seen[w] = true
			v.new = append(v.new, w)
		}
	}
}

func (v *vocabQueue) flush(ctx context.Context) error {
	err := v.ins.insert(ctx, len(v.new), func(dst []any, i int) []any { return append(dst, v.new[i]) })
	if err != nil {
		return fmt.Errorf("vocabulary: %w", err)
	}
	v.new = v.new[:0]
	if len(v.seen) > maxVocabSeen {
		clear(v.seen)
	}
	return nil
}

func (v *vocabQueue) close() { v.ins.close() }
