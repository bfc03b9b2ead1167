package archive

import (
	"context"
	"database/sql"
	"sync"
)

// The reads a search or a read window runs on every call are prepared
// once and kept: parsing and planning a statement costs as much as running
// a small one. A kept *sql.Stmt is prepared on each connection of the pool
// the first time it runs there, and reset (not finalized) after each use.

// maxKeptStatements bounds the statements kept; past it a query is
// prepared for the one call, as before.
const maxKeptStatements = 256

// keptStatements holds the prepared reads, by their text.
type keptStatements struct {
	mu     sync.Mutex
	stmts  map[string]*sql.Stmt
	closed bool
}

// stmt returns the kept statement of q, preparing it the first time; nil
// when no more are kept (or the archive is closing). The lock is not held
// while preparing, which waits for a connection of the pool.
func (k *keptStatements) stmt(ctx context.Context, db *sql.DB, q string) (*sql.Stmt, error) {
	k.mu.Lock()
	st, full := k.stmts[q], k.closed || len(k.stmts) >= maxKeptStatements
	k.mu.Unlock()
	if st != nil || full {
		return st, nil
	}
	st, err := db.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	switch kept := k.stmts[q]; {
	case kept != nil: // prepared meanwhile by another call
		st.Close()
		return kept, nil
	case k.closed:
		st.Close()
		return nil, nil
	}
	if k.stmts == nil {
		k.stmts = make(map[string]*sql.Stmt)
	}
	k.stmts[q] = st
	return st, nil
}

// close closes the kept statements; later reads prepare their own.
func (k *keptStatements) close() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, st := range k.stmts {
		st.Close()
	}
	k.stmts, k.closed = nil, true
}

// query runs a read through its kept statement.
func (a *Archive) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	st, err := a.kept.stmt(ctx, a.db, q)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return a.db.QueryContext(ctx, q, args...)
	}
	return st.QueryContext(ctx, args...)
}

// queryRow is query for a read of one row.
func (a *Archive) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	st, err := a.kept.stmt(ctx, a.db, q)
	if err != nil || st == nil {
		// A failed prepare fails again here, and the row carries its error.
		return a.db.QueryRowContext(ctx, q, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// keptReads runs queries through the kept statements, for helpers that
// take something with a QueryContext (appendRows).
type keptReads struct{ a *Archive }

func (k keptReads) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return k.a.query(ctx, q, args...)
}
