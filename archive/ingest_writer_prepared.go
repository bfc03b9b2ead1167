package archive

import (
	"database/sql"
	"fmt"
)

// A rebuild drops and reads again every source: the statements that drop a
// source's rows run a few times per source, and each DELETE compiles the
// triggers of its table (the full-text index, the ledger's dirty files)
// when it is prepared. The writer prepares them on its connection the
// first time and keeps them until it closes.

// prepared returns the statement of q prepared on the writer's
// connection, preparing it the first time.
func (w *writer) prepared(q string) (*sql.Stmt, error) {
	if st := w.once[q]; st != nil {
		return st, nil
	}
	st, err := w.conn.PrepareContext(w.ctx, q)
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	if w.once == nil {
		w.once = make(map[string]*sql.Stmt)
	}
	w.once[q] = st
	return st, nil
}

// exec runs q through its prepared statement.
func (w *writer) exec(q string, args ...any) (sql.Result, error) {
	st, err := w.prepared(q)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(w.ctx, args...)
}

// closePrepared closes the statements prepared on first use.
func (w *writer) closePrepared() {
	for _, st := range w.once {
		st.Close()
	}
	w.once = nil
}
