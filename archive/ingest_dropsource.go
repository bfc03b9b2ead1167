package archive

import "fmt"

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
func (w *writer) deleteSessions(sourceID int64) error {
	st, err := w.prepared(`SELECT pk FROM sessions WHERE source_id = ?`)
	if err != nil {
		return fmt.Errorf("drop source rows: %w", err)
	}
	var pks []int64
	rows, err := st.QueryContext(w.ctx, sourceID)
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
		if err := w.deleteSessionRows(pk); err != nil {
			return fmt.Errorf("drop source rows: %w", err)
		}
	}
	if _, err := w.exec(`DELETE FROM sessions WHERE source_id = ?`, sourceID); err != nil {
		return fmt.Errorf("drop source rows: %w", err)
	}
	return nil
}

// deleteSessionRows deletes the rows of session pk's large tables, a step
// at a time (see deleteSessions).
func (w *writer) deleteSessionRows(pk int64) error {
	for _, table := range sessionTables {
		q := `DELETE FROM ` + table + ` WHERE id IN (SELECT id FROM ` + table + ` WHERE session = ? LIMIT ?)`
		for {
			res, err := w.exec(q, pk, deleteStep)
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
