package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"hansard/transcripts"
)

// ReportedByAgent labels a capture the receiving agent reported: evidence
// of what the agent says it received, not an independent observation.
const ReportedByAgent = "agent"

// Notes kept with a capture, saying where its row came from.
const (
	NoteFromServer     = "recorded by the MCP server when the agent called it"
	NoteFromTranscript = "read from the transcript's recorded tool call (the server's own record is absent)"
)

// Capture is a stored capture of a subagent delivery (the table
// subagent_captures): a digest of the text, never the text.
type Capture struct {
	ID        string
	SessionID string
	Provider  string
	Type      string
	Sender    string
	Recipient string
	Digest    string // hex SHA-256 of the text
	Chars     int    // characters of the text
	// CapturedAt is when the capture was made: the server's clock, or the
	// time the transcript recorded.
	CapturedAt time.Time
	ReportedBy string // ReportedByAgent
	// ServerAt is when the MCP server recorded it; zero when it is known
	// from the transcript alone.
	ServerAt time.Time
	// CallID and MessageIndex name the capturing call in the transcript
	// once it is indexed ("" and -1 before, or when unknown).
	CallID       string
	MessageIndex int
	Note         string
}

const captureColumns = `capture_id, session_id, provider, type, sender, recipient, digest, chars,
	captured_at, reported_by, server_at, call_id, message_idx, note`

// RecordCapture stores a capture the MCP server received. When the same
// delivery (session, type, sender, recipient, digest) is already stored it
// stores nothing and returns the stored capture with created false.
func (a *Archive) RecordCapture(ctx context.Context, c Capture) (stored Capture, created bool, err error) {
	err = a.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO subagent_captures (`+captureColumns+`)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', NULL, ?) ON CONFLICT DO NOTHING`,
			c.ID, c.SessionID, c.Provider, c.Type, c.Sender, c.Recipient, c.Digest, c.Chars,
			c.CapturedAt.UnixMilli(), ReportedByAgent, c.ServerAt.UnixMilli(), NoteFromServer)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			created = n == 1
			return err
		}
		stored, err = scanCapture(tx.QueryRowContext(ctx, `SELECT `+captureColumns+` FROM subagent_captures
WHERE (session_id = ? AND type = ? AND sender = ? AND recipient = ? AND digest = ?) OR capture_id = ?
ORDER BY capture_id = ? DESC LIMIT 1`, c.SessionID, c.Type, c.Sender, c.Recipient, c.Digest, c.ID, c.ID))
		return err
	})
	if err != nil {
		return Capture{}, false, fmt.Errorf("record capture: %w", err)
	}
	if created {
		c.ReportedBy, c.MessageIndex, c.Note = ReportedByAgent, -1, NoteFromServer
		return c, true, nil
	}
	return stored, false, nil
}

// Captures returns the captures of a session ("" for every session),
// oldest first.
func (a *Archive) Captures(ctx context.Context, sessionID string) ([]Capture, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT `+captureColumns+` FROM subagent_captures
WHERE ? = '' OR session_id = ? ORDER BY captured_at, capture_id`, sessionID, sessionID)
	if err != nil {
		return nil, fmt.Errorf("captures: %w", err)
	}
	defer rows.Close()
	var out []Capture
	for rows.Next() {
		c, err := scanCapture(rows)
		if err != nil {
			return nil, fmt.Errorf("captures: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("captures: %w", err)
	}
	return out, nil
}

func scanCapture(row interface{ Scan(...any) error }) (Capture, error) {
	var c Capture
	var captured int64
	var server, idx sql.NullInt64
	err := row.Scan(&c.ID, &c.SessionID, &c.Provider, &c.Type, &c.Sender, &c.Recipient, &c.Digest, &c.Chars,
		&captured, &c.ReportedBy, &server, &c.CallID, &idx, &c.Note)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, err
	}
	c.CapturedAt = time.UnixMilli(captured).UTC()
	if server.Valid {
		c.ServerAt = time.UnixMilli(server.Int64).UTC()
	}
	c.MessageIndex = -1
	if idx.Valid {
		c.MessageIndex = int(idx.Int64)
	}
	return c, nil
}

// sqlUpsertCapture writes a capture read from a transcript: one the server
// recorded gets the transcript's call, one it did not is added.
const sqlUpsertCapture = `INSERT INTO subagent_captures (` + captureColumns + `)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)
ON CONFLICT (session_id, type, sender, recipient, digest) DO UPDATE SET call_id = excluded.call_id,
	message_idx = excluded.message_idx
ON CONFLICT DO NOTHING`

// capture applies a Capture record.
func (w *writer) capture(j *job, c *transcripts.Capture) error {
	var idx any
	if c.MessageIndex >= 0 {
		idx = c.MessageIndex
	}
	var at int64
	if !c.Timestamp.IsZero() {
		at = c.Timestamp.UnixMilli()
	}
	_, err := w.st.upsertCapture.ExecContext(w.ctx, c.CaptureID, c.SessionID, j.src.Provider, c.Type, c.Sender,
		c.Recipient, c.Digest, c.Chars, at, ReportedByAgent, c.ToolCallID, idx, NoteFromTranscript)
	if err != nil {
		return fmt.Errorf("capture %s/%s: %w", c.SessionID, c.ToolCallID, err)
	}
	return nil
}
