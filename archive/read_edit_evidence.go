package archive

import (
	"context"
	"encoding/json"
)

// EditEvidence is what an archived edit itself recorded: its texts, and
// the assistant's words that came with it.
type EditEvidence struct {
	Tool string
	Op   string // the edit's operation as recorded ("" for a shell command)
	// OldText and NewText are the text replaced and the text written; Patch
	// is the patch an apply_patch call gave, "" for other tools. A shell
	// command's Command is its command line.
	OldText, NewText, Patch, Command string
	// Said is the text of the assistant message that made the call, or of
	// the nearest assistant message before it since the last prompt; ""
	// when there is none. A retracted message (one the agent took out of
	// its history) is never taken.
	Said string
}

// EditEvidences returns the evidence of each edit it finds (a shell
// command is found as an edit of its call with seq 0), keyed by edit. The
// texts are stored redacted.
func (a *Archive) EditEvidences(ctx context.Context, edits []LedgerEdit) (map[LedgerEdit]EditEvidence, error) {
	out := make(map[LedgerEdit]EditEvidence, len(edits))
	if len(edits) == 0 {
		return out, nil
	}
	arg, err := editKeysArg(edits)
	if err != nil {
		return nil, err
	}
	rows, err := a.query(ctx, editKeysCTE+`,
		f AS (SELECT k.sid, k.call, k.seq, s.pk, coalesce(e.tool, 'shell') AS tool, coalesce(e.op, '') AS op,
			coalesce(e.old_text, '') AS old, coalesce(e.new_text, '') AS new, coalesce(e.patch, '') AS patch,
			coalesce(cm.command, '') AS command, coalesce(e.message_idx, cm.message_idx) AS idx
			FROM k JOIN sessions s ON s.id = k.sid
			LEFT JOIN edits e ON e.session = s.pk AND e.call_id = k.call AND e.seq = k.seq
			LEFT JOIN commands cm ON e.id IS NULL AND cm.session = s.pk AND cm.call_id = k.call AND k.seq = 0
			WHERE e.id IS NOT NULL OR cm.id IS NOT NULL)
		SELECT f.sid, f.call, f.seq, f.tool, f.op, f.old, f.new, f.patch, f.command,
			coalesce((SELECT m.text FROM messages m WHERE m.session = f.pk AND m.role = 'assistant' AND m.text != ''
				AND m.retracted IS NULL AND m.idx <= f.idx AND m.idx >= coalesce((SELECT max(h.idx) FROM messages h
					WHERE h.session = f.pk AND h.human = 1 AND h.idx <= f.idx), 0)
				ORDER BY m.idx DESC LIMIT 1), '')
		FROM f`, arg)
	if err != nil {
		return nil, translate(err, "edit evidence")
	}
	defer rows.Close()
	for rows.Next() {
		var k LedgerEdit
		var e EditEvidence
		if err := rows.Scan(&k.SessionID, &k.CallID, &k.Seq, &e.Tool, &e.Op, &e.OldText, &e.NewText, &e.Patch,
			&e.Command, &e.Said); err != nil {
			return nil, translate(err, "edit evidence")
		}
		out[k] = e
	}
	return out, translate(rows.Err(), "edit evidence")
}

// MessageEdit is an archived edit (or shell command that wrote a file) made
// by a message.
type MessageEdit struct {
	Key          LedgerEdit
	MessageIndex int
	Path         string // repo-relative, or as recorded when in no repository
}

// MessageEdits returns the edits the messages of a session (id or unique
// prefix) with these indexes made, in order.
func (a *Archive) MessageEdits(ctx context.Context, sessionID string, indexes []int) ([]MessageEdit, error) {
	si, pk, err := a.getSession(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	arg, err := json.Marshal(indexes)
	if err != nil {
		return nil, err
	}
	rows, err := a.query(ctx, `SELECT call_id, seq, message_idx, coalesce(nullif(path, ''), file) FROM edits
		WHERE session = ? AND message_idx IN (SELECT value FROM json_each(?)) ORDER BY message_idx, id`, pk, string(arg))
	if err != nil {
		return nil, translate(err, "edits of "+si.ID)
	}
	defer rows.Close()
	var out []MessageEdit
	for rows.Next() {
		e := MessageEdit{Key: LedgerEdit{SessionID: si.ID}}
		if err := rows.Scan(&e.Key.CallID, &e.Key.Seq, &e.MessageIndex, &e.Path); err != nil {
			return nil, translate(err, "edits of "+si.ID)
		}
		out = append(out, e)
	}
	return out, translate(rows.Err(), "edits of "+si.ID)
}
