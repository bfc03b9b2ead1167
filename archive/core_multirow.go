package archive

import (
	"context"
	"database/sql"
	"math/bits"
	"strings"
)

// rowsPerInsert is how many rows one multi-row INSERT writes: a statement
// per row costs most of a row's time in the driver.
const rowsPerInsert = 100

// insertRows writes n rows with INSERT statements of rowsPerInsert rows
// each, the rest with one of each power of two it holds (a few shapes of
// statement, whatever n is): head is the statement up to VALUES (included), each row has
// cols placeholders filled by args(i) (appended to the slice given), and
// tail follows the values (an ON CONFLICT clause, or "").
func insertRows(ctx context.Context, tx *sql.Tx, head, tail string, cols, n int, args func(dst []any, i int) []any) error {
	r := newRowInserter(tx, head, tail, cols)
	defer r.close()
	return r.insert(ctx, n, args)
}

// preparer prepares statements: a transaction or a connection.
type preparer interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// rowInserter writes rows as insertRows does, keeping the statements it
// prepared (at most one per shape) until it is closed: for a writer
// that inserts into one table again and again.
type rowInserter struct {
	prep       preparer
	head, tail string
	row        string // one row's placeholders
	cols       int
	stmts      map[int]*sql.Stmt
	buf        []any
}

func newRowInserter(prep preparer, head, tail string, cols int) *rowInserter {
	return &rowInserter{
		prep: prep, head: head, tail: tail, cols: cols,
		row:   "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")",
		stmts: map[int]*sql.Stmt{},
	}
}

// insert writes n rows, each filled by args(i) (see insertRows).
func (r *rowInserter) insert(ctx context.Context, n int, args func(dst []any, i int) []any) error {
	for from := 0; from < n; {
		k := rowsPerInsert
		if left := n - from; left < k {
			k = 1 << (bits.Len(uint(left)) - 1)
		}
		st, ok := r.stmts[k]
		if !ok {
			var err error
			q := r.head + " " + strings.TrimSuffix(strings.Repeat(r.row+", ", k), ", ") + " " + r.tail
			if st, err = r.prep.PrepareContext(ctx, q); err != nil {
				return err
			}
			r.stmts[k] = st
		}
		r.buf = r.buf[:0]
		for i := from; i < from+k; i++ {
			r.buf = args(r.buf, i)
		}
		if _, err := st.ExecContext(ctx, r.buf...); err != nil {
			return err
		}
		from += k
	}
	return nil
}

func (r *rowInserter) close() {
	for _, s := range r.stmts {
		s.Close()
	}
	clear(r.stmts)
}
