package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"
)

// HitText is the stored text of a hit, with what revision grouping and
// display need.
type HitText struct {
	Text       string // at most maxChars characters
	Chars      int    // length of the whole text in characters
	Human      bool
	ParentUUID string
	Line       int // source line of the message, or of the tool result
	Timestamp  time.Time
}

// HitTexts loads the text of hits (in order), each cut to maxChars characters.
func (a *Archive) HitTexts(ctx context.Context, hits []TextHit, maxChars int) ([]HitText, error) {
	msgIDs, resIDs := splitHits(hits)
	byKey := make(map[hitKey]HitText)
	for _, part := range []struct {
		q        string
		ids      []int64
		inResult bool
	}{
		{`SELECT id, substr(text, 1, ?), length(text), human, parent_uuid, line, ts FROM messages WHERE id IN (SELECT value FROM json_each(?))`, msgIDs, false},
		{`SELECT id, substr(result, 1, ?), length(result), 0, '', result_line, ts FROM tool_calls WHERE id IN (SELECT value FROM json_each(?))`, resIDs, true},
	} {
		if len(part.ids) == 0 {
			continue
		}
		rows, err := a.db.QueryContext(ctx, part.q, maxChars, jsonArray(part.ids))
		if err != nil {
			return nil, translate(err, "hit texts")
		}
		for rows.Next() {
			var id int64
			var t HitText
			var ts sql.NullInt64
			if err := rows.Scan(&id, &t.Text, &t.Chars, &t.Human, &t.ParentUUID, &t.Line, &ts); err != nil {
				rows.Close()
				return nil, translate(err, "hit texts")
			}
			t.Timestamp = fromMillis(ts)
			byKey[hitKey{part.inResult, id}] = t
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, translate(err, "hit texts")
		}
	}
	out := make([]HitText, len(hits))
	for i, h := range hits {
		out[i] = byKey[h.key()]
	}
	return out, nil
}

// ListSessions returns the sessions matching f, newest first, skipping
// offset and returning at most limit. A session matches the time range
// when it was active in it.
func (a *Archive) ListSessions(ctx context.Context, f SearchFilter, limit, offset int) ([]SessionInfo, error) {
	where, args := f.where("")
	if !f.Since.IsZero() {
		where += " AND coalesce(s.ended_at, s.started_at) >= ?"
		args = append(args, ceilMillis(f.Since))
	}
	if !f.Until.IsZero() {
		where += " AND s.started_at < ?"
		args = append(args, ceilMillis(f.Until))
	}
	if len(f.Roles) > 0 {
		where += " AND EXISTS (SELECT 1 FROM messages m WHERE m.session = s.pk AND m.role IN (SELECT value FROM json_each(?)))"
		args = append(args, jsonArray(f.Roles))
	}
	q := sessionSelect + " WHERE 1 = 1" + where + " ORDER BY s.started_at DESC, s.id LIMIT ? OFFSET ?"
	return a.sessionList(ctx, q, append(args, limit, offset)...)
}

// SessionInfos returns the sessions with the given ids (exact), by id.
func (a *Archive) SessionInfos(ctx context.Context, ids []string) (map[string]SessionInfo, error) {
	list, err := a.sessionList(ctx, sessionSelect+" WHERE s.id IN (SELECT value FROM json_each(?))", jsonArray(ids))
	if err != nil {
		return nil, err
	}
	out := make(map[string]SessionInfo, len(list))
	for _, s := range list {
		out[s.ID] = s
	}
	return out, nil
}

// SessionHeads is SessionInfos without the message count and source
// details, for the sessions of a page of search hits: it is cheaper.
func (a *Archive) SessionHeads(ctx context.Context, ids []string) (map[string]SessionInfo, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, provider, class, title, started_at, parent_id, relation, repo_root
		FROM sessions WHERE id IN (SELECT value FROM json_each(?))`, jsonArray(ids))
	if err != nil {
		return nil, translate(err, "sessions")
	}
	defer rows.Close()
	out := make(map[string]SessionInfo, len(ids))
	for rows.Next() {
		var si SessionInfo
		var started sql.NullInt64
		if err := rows.Scan(&si.ID, &si.Provider, &si.Class, &si.Title, &started, &si.ParentID, &si.Relation, &si.RepoRoot); err != nil {
			return nil, translate(err, "sessions")
		}
		si.StartedAt = fromMillis(started)
		out[si.ID] = si
	}
	return out, translate(rows.Err(), "sessions")
}

func (a *Archive) sessionList(ctx context.Context, q string, args ...any) ([]SessionInfo, error) {
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, translate(err, "sessions")
	}
	defer rows.Close()
	var out []SessionInfo
	for rows.Next() {
		si, _, err := a.scanSession(rows)
		if err != nil {
			return nil, translate(err, "sessions")
		}
		out = append(out, si)
	}
	return out, translate(rows.Err(), "sessions")
}

// RepoRoots returns the roots of the repositories the archive knows.
func (a *Archive) RepoRoots(ctx context.Context) ([]string, error) {
	// The sessions' roots are found by skipping through the index
	// sessions_repo from one root to the next, not by reading every
	// session: a search asks this every time.
	rows, err := a.db.QueryContext(ctx, `WITH RECURSIVE roots(root) AS (
			SELECT min(repo_root) FROM sessions WHERE repo_root > ''
			UNION ALL
			SELECT (SELECT min(repo_root) FROM sessions WHERE repo_root > roots.root) FROM roots WHERE roots.root IS NOT NULL)
		SELECT root FROM repos
		UNION SELECT root FROM roots WHERE root IS NOT NULL ORDER BY 1`)
	if err != nil {
		return nil, translate(err, "repositories")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, translate(err, "repositories")
		}
		out = append(out, r)
	}
	return out, translate(rows.Err(), "repositories")
}

// IndexState returns when the archive was last refreshed (zero if never)
// and whether indexing is paused.
func (a *Archive) IndexState(ctx context.Context) (builtAt time.Time, paused bool, err error) {
	if builtAt, err = a.lastRefresh(ctx); err != nil {
		return time.Time{}, false, err
	}
	paused, err = a.Paused(ctx)
	return builtAt, paused, err
}

// WindowQuery selects messages of one session for a read.
type WindowQuery struct {
	// From is the first index read forward, or the index before which
	// Backward reads (nearest first).
	From     int
	Backward bool
	Roles    []string
	Limit    int
	// Offset characters of each text are skipped, and at most MaxChars
	// characters are returned.
	Offset   int
	MaxChars int
}

// WindowMessage is a message of a read window; Text may be a part of the
// stored text (see WindowQuery), Chars is the whole text's length in characters.
type WindowMessage struct {
	Index        int
	Role         string
	Human        bool
	Kind         string
	Text         string
	Chars        int
	Timestamp    time.Time
	ParentUUID   string
	OnMainBranch bool
	Line         int
}

// ReadMessages returns messages of the session with exactly this id.
func (a *Archive) ReadMessages(ctx context.Context, sessionID string, w WindowQuery) ([]WindowMessage, error) {
	args := []any{w.Offset + 1, w.MaxChars, sessionID}
	cond, order := "m.idx >= ?", "m.idx"
	if w.Backward {
		cond, order = "m.idx < ?", "m.idx DESC"
	}
	args = append(args, w.From)
	q := `SELECT m.idx, m.role, m.human, m.kind, substr(m.text, ?, ?), length(m.text), m.ts, m.parent_uuid,
		m.on_main_branch, m.line FROM messages m
		WHERE m.session = (SELECT pk FROM sessions WHERE id = ?) AND ` + cond +
		roleClause(w.Roles, "m.role", &args) + ` ORDER BY ` + order + ` LIMIT ?`
	rows, err := a.db.QueryContext(ctx, q, append(args, w.Limit)...)
	if err != nil {
		return nil, translate(err, "messages of "+sessionID)
	}
	defer rows.Close()
	var out []WindowMessage
	for rows.Next() {
		var m WindowMessage
		var ts sql.NullInt64
		if err := rows.Scan(&m.Index, &m.Role, &m.Human, &m.Kind, &m.Text, &m.Chars, &ts, &m.ParentUUID,
			&m.OnMainBranch, &m.Line); err != nil {
			return nil, translate(err, "messages of "+sessionID)
		}
		m.Timestamp = fromMillis(ts)
		out = append(out, m)
	}
	return out, translate(rows.Err(), "messages of "+sessionID)
}

// CallSummary is what a read shows of a tool call.
type CallSummary struct {
	MessageIndex int
	CallID       string
	Name         string
	HasResult    bool
	IsError      bool
	ExitCode     *int
	Command      string   // the shell command, when it ran one
	EditedPaths  []string // paths it edited (repo-relative when in a repository)
	InputPath    string   // file_path, path or notebook_path of its input
}

// CallSummaries returns the tool calls issued by the given messages of the
// session with exactly this id, in order.
func (a *Archive) CallSummaries(ctx context.Context, sessionID string, indexes []int) ([]CallSummary, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT c.message_idx, c.call_id, c.name, c.has_result, c.is_error, c.exit_code,
		coalesce(k.command, ''),
		(SELECT json_group_array(CASE WHEN e.path <> '' THEN e.path ELSE e.file END) FROM edits e
			WHERE e.session = c.session AND e.call_id = c.call_id),
		CASE WHEN json_valid(c.input) THEN coalesce(json_extract(c.input, '$.file_path'),
			json_extract(c.input, '$.notebook_path'), json_extract(c.input, '$.path'), '') ELSE '' END
		FROM tool_calls c LEFT JOIN commands k ON k.session = c.session AND k.call_id = c.call_id
		WHERE c.session = (SELECT pk FROM sessions WHERE id = ?)
		AND c.message_idx IN (SELECT value FROM json_each(?)) ORDER BY c.message_idx, c.id`,
		sessionID, jsonArray(indexes))
	if err != nil {
		return nil, translate(err, "tool calls of "+sessionID)
	}
	defer rows.Close()
	var out []CallSummary
	for rows.Next() {
		var c CallSummary
		var exit sql.NullInt64
		var edited string
		var inputPath any
		if err := rows.Scan(&c.MessageIndex, &c.CallID, &c.Name, &c.HasResult, &c.IsError, &exit, &c.Command,
			&edited, &inputPath); err != nil {
			return nil, translate(err, "tool calls of "+sessionID)
		}
		if exit.Valid {
			code := int(exit.Int64)
			c.ExitCode = &code
		}
		if s, ok := inputPath.(string); ok {
			c.InputPath = strings.TrimSpace(s)
		}
		json.Unmarshal([]byte(edited), &c.EditedPaths)
		out = append(out, c)
	}
	return out, translate(rows.Err(), "tool calls of "+sessionID)
}
