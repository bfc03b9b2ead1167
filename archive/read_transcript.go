package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// TranscriptPlace is where a line of a transcript file is in the archive:
// the session it belongs to and the message it recorded.
type TranscriptPlace struct {
	SessionID string
	// MessageIndex is the message whose tool call was recorded on the line,
	// else the last message recorded on it or before; -1 when the line was
	// not asked about or precedes every message.
	MessageIndex int
}

// LocateTranscript finds the session of a transcript file, by the path it
// was discovered at or by the path of its retained copy, and with line > 0
// the message recorded on that line of it. It returns ErrNotFound when no
// archived transcript has that path.
func (a *Archive) LocateTranscript(ctx context.Context, path string, line int) (TranscriptPlace, error) {
	path = filepath.Clean(path)
	source, err := a.sourceOfPath(ctx, path)
	if err != nil {
		return TranscriptPlace{}, err
	}
	// A file of several sessions (a Claude Code conversation and those it
	// was forked into, a log of one session after another) answers with
	// the one that recorded a call on the line, else the one whose messages
	// stand nearest before it (at: the line of its match, 0 for none); a
	// line they share goes to the main session, then the first.
	var p TranscriptPlace
	var at int
	err = a.db.QueryRowContext(ctx, `SELECT id, coalesce(call, msg, -1),
			CASE WHEN call IS NOT NULL THEN ?1 ELSE coalesce(msg_line, 0) END AS at
		FROM (SELECT s.id, s.class, s.started_at,
			(SELECT c.message_idx FROM tool_calls c WHERE c.session = s.pk AND c.line = ?1 AND ?1 > 0 LIMIT 1) AS call,
			(SELECT m.idx FROM messages m WHERE m.session = s.pk AND m.line > 0 AND m.line <= ?1
				ORDER BY m.line DESC, m.idx DESC LIMIT 1) AS msg,
			(SELECT max(m.line) FROM messages m WHERE m.session = s.pk AND m.line > 0 AND m.line <= ?1) AS msg_line
			FROM sessions s WHERE s.source_id = ?2)
		ORDER BY at DESC, class = 'main' DESC, started_at, id LIMIT 1`, line, source).Scan(&p.SessionID, &p.MessageIndex, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return TranscriptPlace{}, fmt.Errorf("transcript %s: no session: %w", path, ErrNotFound)
	}
	if err != nil {
		return TranscriptPlace{}, translate(err, "locate transcript "+path)
	}
	if line <= 0 {
		p.MessageIndex = -1
	}
	return p, nil
}

// sourceOfPath returns the id of the source discovered at path, or whose
// retained copy is path.
func (a *Archive) sourceOfPath(ctx context.Context, path string) (int64, error) {
	var id int64
	err := a.db.QueryRowContext(ctx, `SELECT id FROM sources WHERE path = ? ORDER BY id DESC LIMIT 1`, path).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, translate(err, "locate transcript "+path)
	}
	retained := filepath.Join(a.dir, "retained") + string(filepath.Separator)
	if !strings.HasPrefix(path, retained) {
		return 0, fmt.Errorf("transcript %s: %w", path, ErrNotFound)
	}
	rows, err := a.db.QueryContext(ctx, `SELECT id, provider, path FROM sources`)
	if err != nil {
		return 0, translate(err, "locate transcript "+path)
	}
	defer rows.Close()
	for rows.Next() {
		var provider, p string
		if err := rows.Scan(&id, &provider, &p); err != nil {
			return 0, translate(err, "locate transcript "+path)
		}
		if a.RetainedPath(provider, p) == path {
			return id, nil
		}
	}
	if err := rows.Err(); err != nil {
		return 0, translate(err, "locate transcript "+path)
	}
	return 0, fmt.Errorf("transcript %s: %w", path, ErrNotFound)
}
