package archive

import (
	"context"
	"database/sql"

	"hansard/transcripts"
)

// Todos returns the todo and plan items the session with exactly this id
// recorded, snapshot by snapshot (a snapshot is the whole list one call
// left), in message order and then by position in the snapshot.
func (a *Archive) Todos(ctx context.Context, sessionID string) ([]transcripts.Todo, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT t.call_id, t.seq, t.message_idx, t.item_id, t.text, t.status, t.ts
		FROM todos t WHERE t.session = (SELECT pk FROM sessions WHERE id = ?)
		ORDER BY t.message_idx, t.call_id, t.seq`, sessionID)
	if err != nil {
		return nil, translate(err, "todos of "+sessionID)
	}
	defer rows.Close()
	var out []transcripts.Todo
	for rows.Next() {
		t := transcripts.Todo{SessionID: sessionID}
		var ts sql.NullInt64
		if err := rows.Scan(&t.ToolCallID, &t.Seq, &t.MessageIndex, &t.ItemID, &t.Text, &t.Status, &ts); err != nil {
			return nil, translate(err, "todos of "+sessionID)
		}
		t.Timestamp = fromMillis(ts)
		out = append(out, t)
	}
	return out, translate(rows.Err(), "todos of "+sessionID)
}
