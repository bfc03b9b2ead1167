package archive

import (
	"context"
	"database/sql"
	"strings"
)

// rowsPerInsert is how many rows one multi-row INSERT writes: a statement
// per row costs most of a row's time in the driver.
const rowsPerInsert = 100

// insertRows writes n rows with INSERT statements of up to rowsPerInsert
// rows each: head is the statement up to VALUES (included), each row has
// cols placeholders filled by args(i) (appended to the slice given), and
// tail follows the values (an ON CONFLICT clause, or "").
func insertRows(ctx context.Context, tx *sql.Tx, head, tail string, cols, n int, args func(dst []any, i int) []any) error {
	stmts := map[int]*sql.Stmt{}
	defer func() {
		for _, s := range stmts {
			s.Close()
		}
	}()
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	buf := make([]any, 0, cols*rowsPerInsert)
	for from := 0; from < n; from += rowsPerInsert {
		k := min(rowsPerInsert, n-from)
		st, ok := stmts[k]
		if !ok {
			var err error
			q := head + " " + strings.TrimSuffix(strings.Repeat(row+", ", k), ", ") + " " + tail
			if st, err = tx.PrepareContext(ctx, q); err != nil {
				return err
			}
			stmts[k] = st
		}
		buf = buf[:0]
		for i := from; i < from+k; i++ {
			buf = args(buf, i)
		}
		if _, err := st.ExecContext(ctx, buf...); err != nil {
			return err
		}
	}
	return nil
}
