package archive

import (
	"context"
	"database/sql"
)

// dbtx is what a *sql.DB, a *sql.Conn and a *sql.Tx all offer.
type dbtx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// inTx runs fn in a transaction.
func (a *Archive) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	return runTx(ctx, a.db, fn)
}

// runTx runs fn in a transaction begun on db (the pool, or one connection
// set apart).
func runTx(ctx context.Context, db interface {
	BeginTx(context.Context, *sql.TxOptions) (*sql.Tx, error)
}, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
