package archive

import (
	"cmp"
	"encoding/json"
	"fmt"

	"hansard/transcripts"
)

// retract marks the messages a retraction names, among those stored and
// not marked yet: messages.retracted takes its reason, and nothing else
// changes (no row, index or full-text entry goes; what cites the message
// stays). The held rows are written first, so that a message emitted
// before the retraction is among those it marks; a message written after
// it clears its mark (sqlUpdateMessage).
func (w *writer) retract(pk int64, r *transcripts.Retraction) error {
	if err := w.writeHeld(); err != nil {
		return err
	}
	keep := []byte("[]")
	if len(r.Keep) > 0 {
		var err error
		if keep, err = json.Marshal(r.Keep); err != nil {
			return err
		}
	}
	_, err := w.conn.ExecContext(w.ctx, `UPDATE messages SET retracted = ? WHERE session = ? AND idx >= ?
		AND retracted IS NULL AND idx NOT IN (SELECT value FROM json_each(?))`,
		cmp.Or(r.Reason, transcripts.RetractReplaced), pk, r.From, string(keep))
	if err != nil {
		return fmt.Errorf("retract messages of %s from %d: %w", r.SessionID, r.From, err)
	}
	return nil
}
