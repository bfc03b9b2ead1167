package archive

import (
	"context"
	"database/sql"
	"fmt"
)

// sessionTables hold the rows of a session that grow with its transcript;
// the other tables that reference sessions stay small.
var sessionTables = []string{"messages", "tool_calls", "edits", "commands"}

// deleteStep is how many rows of one table a statement of deleteSessions
// deletes.
const deleteStep = 4096

// deleteSessions deletes a source's sessions and everything they hold. One
// cascading DELETE would keep every page it changes in its statement
// journal, which lives in memory (temp_store): hundreds of megabytes for a
// long transcript. Deleting the large tables' rows a step at a time keeps
// each statement's journal small; the sessions' own delete then cascades
// to what is left.
func deleteSessions(ctx context.Context, conn *sql.Conn, sourceID int64) error {
	var pks []int64
	rows, err := conn.QueryContext(ctx, `SELECT pk FROM sessions WHERE source_id = ?`, sourceID)
	if err != nil {
		return fmt.Errorf("drop source rows: %w", err)
	}
	for rows.Next() {
		var pk int64
		if err := rows.Scan(&pk); err != nil {
			rows.Close()
			return fmt.Errorf("drop source rows: %w", err)
		}
		pks = append(pks, pk)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("drop source rows: %w", err)
	}
	for _, pk := range pks {
		if err := deleteSessionRows(ctx, conn, pk); err != nil {
			return fmt.Errorf("drop source rows: %w", err)
		}
	}
	if _, err := conn.ExecContext(ctx, `DELETE FROM sessions WHERE source_id = ?`, sourceID); err != nil {
		return fmt.Errorf("drop source rows: %w", err)
	}
	return nil
}

// deleteSessionRows deletes the rows of session pk's large tables, a step
// at a time (see deleteSessions).
func deleteSessionRows(ctx context.Context, conn *sql.Conn, pk int64) error {
	for _, table := range sessionTables {
		q := `DELETE FROM ` + table + ` WHERE id IN (SELECT id FROM ` + table + ` WHERE session = ? LIMIT ?)`
		for {
			res, err := conn.ExecContext(ctx, q, pk, deleteStep)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n < deleteStep {
				break
			}
		}
	}
	return nil
}
