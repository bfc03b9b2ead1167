package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"hansard/transcripts"
)

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
	// Retracted is why the message left its session's history (see
	// transcripts.Retraction), "" while it is part of it.
	Retracted string
}

// ReadMessages returns messages of the session with exactly this id.
func (a *Archive) ReadMessages(ctx context.Context, sessionID string, w WindowQuery) ([]WindowMessage, error) {
	from, args := windowFrom(sessionID, w, w.Offset+1, w.MaxChars)
	rows, err := a.query(ctx, `SELECT m.idx, m.role, m.human, m.kind, substr(m.text, ?, ?), length(m.text), m.ts,
		m.parent_uuid, m.on_main_branch, m.line, coalesce(m.retracted, '') `+from, args...)
	if err != nil {
		return nil, translate(err, "messages of "+sessionID)
	}
	defer rows.Close()
	var out []WindowMessage
	for rows.Next() {
		var m WindowMessage
		var ts sql.NullInt64
		if err := rows.Scan(&m.Index, &m.Role, &m.Human, &m.Kind, &m.Text, &m.Chars, &ts, &m.ParentUUID,
			&m.OnMainBranch, &m.Line, &m.Retracted); err != nil {
			return nil, translate(err, "messages of "+sessionID)
		}
		m.Timestamp = fromMillis(ts)
		out = append(out, m)
	}
	return out, translate(rows.Err(), "messages of "+sessionID)
}

// MessageIndexesAround returns, in one query, the indexes of the messages
// a window centred on w.From may hold, without reading their texts: up to
// w.Limit before it (nearest first) and up to after from it on (in order),
// as ReadMessages would return them.
func (a *Archive) MessageIndexesAround(ctx context.Context, sessionID string, w WindowQuery, after int) (before, from []int, err error) {
	w.Backward = true
	qb, args := windowFrom(sessionID, w)
	w.Backward, w.Limit = false, after
	qa, argsAfter := windowFrom(sessionID, w)
	var idx []int
	err = appendRows(ctx, keptReads{a}, `SELECT idx FROM (SELECT m.idx AS idx `+qb+`) UNION ALL SELECT idx FROM (SELECT m.idx AS idx `+qa+`)`,
		&idx, func(rows *sql.Rows, i *int) error { return rows.Scan(i) }, append(args, argsAfter...)...)
	if err != nil {
		return nil, nil, translate(err, "messages of "+sessionID)
	}
	for _, i := range idx {
		if i < w.From {
			before = append(before, i)
		} else {
			from = append(from, i)
		}
	}
	// Each part keeps its order whatever order the parts came in.
	slices.SortFunc(before, func(x, y int) int { return y - x })
	slices.Sort(from)
	return before, from, nil
}

// windowFrom returns the FROM clause and the rest of a read of w's
// messages, and its arguments after those of the columns (args).
func windowFrom(sessionID string, w WindowQuery, args ...any) (string, []any) {
	cond, order := "m.idx >= ?", "m.idx"
	if w.Backward {
		cond, order = "m.idx < ?", "m.idx DESC"
	}
	args = append(args, sessionID, w.From)
	q := `FROM messages m WHERE m.session = (SELECT pk FROM sessions WHERE id = ?) AND ` + cond +
		roleClause(w.Roles, "m.role", &args) + ` ORDER BY ` + order + ` LIMIT ?`
	return q, append(args, w.Limit)
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
	rows, err := a.query(ctx, `SELECT c.message_idx, c.call_id, c.name, c.has_result, c.is_error, c.exit_code,
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

// Messages returns the messages of a session (id or unique prefix) with
// from <= index < to, in order. to <= 0 means to the end.
func (a *Archive) Messages(ctx context.Context, sessionID string, from, to int) ([]transcripts.Message, error) {
	si, pk, err := a.getSession(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	if to <= 0 {
		to = int(^uint(0) >> 1)
	}
	rows, err := a.query(ctx, `SELECT m.idx, m.role, m.human, m.kind, m.text, m.ts, m.uuid, m.parent_uuid,
		m.on_main_branch, m.line, m.model,
		(SELECT json_group_array(call_id) FROM (SELECT call_id FROM tool_calls t WHERE t.session = m.session AND t.message_idx = m.idx ORDER BY t.id))
		FROM messages m WHERE m.session = ? AND m.idx >= ? AND m.idx < ? ORDER BY m.idx`, pk, from, to)
	if err != nil {
		return nil, translate(err, "messages of "+si.ID)
	}
	defer rows.Close()
	var out []transcripts.Message
	for rows.Next() {
		m := transcripts.Message{SessionID: si.ID}
		var ts sql.NullInt64
		var calls string
		if err := rows.Scan(&m.Index, &m.Role, &m.Human, &m.Kind, &m.Text, &ts, &m.UUID, &m.ParentUUID,
			&m.OnMainBranch, &m.Line, &m.Model, &calls); err != nil {
			return nil, translate(err, "messages of "+si.ID)
		}
		m.Timestamp = fromMillis(ts)
		json.Unmarshal([]byte(calls), &m.ToolCallIDs)
		if len(m.ToolCallIDs) == 0 {
			m.ToolCallIDs = nil
		}
		out = append(out, m)
	}
	return out, translate(rows.Err(), "messages of "+si.ID)
}

// ToolCalls returns the calls issued by one message, in order.
func (a *Archive) ToolCalls(ctx context.Context, sessionID string, messageIndex int) ([]transcripts.ToolCall, error) {
	si, pk, err := a.getSession(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	rows, err := a.query(ctx, `SELECT c.call_id, c.message_idx, c.name, c.input, `+resultText+`,
		c.has_result, c.is_error, c.exit_code, c.result_line, c.ts, c.result_msg, c.line
		FROM tool_calls c WHERE c.session = ? AND c.message_idx = ? ORDER BY c.id`, pk, messageIndex)
	if err != nil {
		return nil, translate(err, "tool calls of "+si.ID)
	}
	defer rows.Close()
	var out []transcripts.ToolCall
	for rows.Next() {
		c := transcripts.ToolCall{SessionID: si.ID}
		var input string
		var exit, ts, resultMsg sql.NullInt64
		if err := rows.Scan(&c.ID, &c.MessageIndex, &c.Name, &input, &c.Result, &c.HasResult, &c.IsError,
			&exit, &c.ResultLine, &ts, &resultMsg, &c.Line); err != nil {
			return nil, translate(err, "tool calls of "+si.ID)
		}
		c.ResultInMessage, c.ResultMessageIndex = resultMsg.Valid, int(resultMsg.Int64)
		if input != "" {
			c.Input = json.RawMessage(input)
		}
		if exit.Valid {
			code := int(exit.Int64)
			c.ExitCode = &code
		}
		c.Timestamp = fromMillis(ts)
		out = append(out, c)
	}
	return out, translate(rows.Err(), "tool calls of "+si.ID)
}
