package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"hansard/transcripts"
)

// SessionInfo is a stored session with where it came from and where it
// belongs.
type SessionInfo struct {
	transcripts.Session
	SourcePath    string // the transcript file as discovered
	SourceDeleted bool   // the transcript file is gone; the retained copy remains
	RetainedPath  string // the retained copy of the transcript
	RepoRoot      string // repository on this machine, "" when none
	RepoCWD       string // CWD relative to RepoRoot
	Messages      int    // number of messages
	// Links are every stored link of the session to another (GetSession
	// only), the one shown as ParentID first: a session may be linked to
	// several (a resumption and a continuation, both sides of a subagent).
	Links []transcripts.Link
}

// SourceLink returns a file:// link to a line of the session's transcript:
// the original while it exists, else the retained copy (compressed; the
// line is that of the original file).
func (s SessionInfo) SourceLink(line int) string {
	path := s.SourcePath
	if s.SourceDeleted || path == "" {
		path = s.RetainedPath
	} else if _, err := os.Stat(path); err != nil {
		path = s.RetainedPath
	}
	if path == "" {
		return ""
	}
	link := "file://" + path
	if line > 0 {
		link += fmt.Sprintf("#L%d", line)
	}
	return link
}

const sessionSelect = `SELECT s.pk, s.id, s.provider, s.class, s.cwd, s.branches, s.models, s.started_at, s.ended_at,
	s.title, s.title_from_agent, s.version, s.parent_id, s.relation, s.parent_tool_call_id, s.link_evidence,
	s.git_commit, s.git_repo_url, s.originator, s.source_deleted, s.repo_root, s.repo_cwd,
	coalesce(src.path, ''), coalesce(src.provider, ''),
	(SELECT count(*) FROM messages m WHERE m.session = s.pk)
FROM sessions s LEFT JOIN sources src ON src.id = s.source_id`

func (a *Archive) scanSession(sc interface{ Scan(...any) error }) (SessionInfo, int64, error) {
	var (
		si               SessionInfo
		pk               int64
		branches, models string
		started, ended   sql.NullInt64
		srcPath, srcProv string
	)
	s := &si.Session
	err := sc.Scan(&pk, &s.ID, &s.Provider, &s.Class, &s.CWD, &branches, &models, &started, &ended,
		&s.Title, &s.TitleFromAgent, &s.Version, &s.ParentID, &s.Relation, &s.ParentToolCallID, &s.LinkEvidence,
		&s.GitCommit, &s.GitRepoURL, &s.Originator, &si.SourceDeleted, &si.RepoRoot, &si.RepoCWD,
		&srcPath, &srcProv, &si.Messages)
	if err != nil {
		return si, 0, err
	}
	json.Unmarshal([]byte(branches), &s.Branches)
	json.Unmarshal([]byte(models), &s.Models)
	s.StartedAt, s.EndedAt = fromMillis(started), fromMillis(ended)
	si.SourcePath = srcPath
	if srcPath != "" {
		si.RetainedPath = a.RetainedPath(srcProv, srcPath)
	}
	return si, pk, nil
}

func fromMillis(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

// GetSession returns the session with the given id, or the only session
// whose id starts with it. It fails with ErrNotFound, or an
// *AmbiguousError (errors.Is ErrAmbiguous) naming the candidates.
func (a *Archive) GetSession(ctx context.Context, id string) (SessionInfo, error) {
	si, _, err := a.getSession(ctx, id)
	if err != nil {
		return si, err
	}
	si.Links, err = a.sessionLinks(ctx, si.ID)
	return si, err
}

func (a *Archive) getSession(ctx context.Context, id string) (SessionInfo, int64, error) {
	if id == "" {
		return SessionInfo{}, 0, fmt.Errorf("session: %w", ErrNotFound)
	}
	si, pk, err := a.scanSession(a.db.QueryRowContext(ctx, sessionSelect+` WHERE s.id = ?`, id))
	if err == nil {
		return si, pk, nil
	}
	if err != sql.ErrNoRows {
		return si, 0, translate(err, "session "+id)
	}
	rows, err := a.db.QueryContext(ctx, `SELECT id FROM sessions WHERE id >= ? AND id < ? ORDER BY id LIMIT ?`,
		id, prefixEnd(id), maxCandidates+1)
	if err != nil {
		return si, 0, translate(err, "session "+id)
	}
	var ids []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return si, 0, translate(err, "session "+id)
		}
		ids = append(ids, s)
	}
	rows.Close()
	if copies(ids) {
		ids = ids[:1] // a session and the copies stored under its id (see storedRecord)
	}
	switch len(ids) {
	case 0:
		return si, 0, fmt.Errorf("session %s: %w", id, ErrNotFound)
	case 1:
		si, pk, err = a.scanSession(a.db.QueryRowContext(ctx, sessionSelect+` WHERE s.id = ?`, ids[0]))
		return si, pk, translate(err, "session "+id)
	}
	if len(ids) > maxCandidates {
		ids = ids[:maxCandidates]
	}
	return si, 0, &AmbiguousError{Prefix: id, Candidates: ids}
}

// copies reports whether sorted ids are one session id and ids of the
// form "<id>~<n>" that other files' copies of it are stored under.
func copies(ids []string) bool {
	if len(ids) < 2 {
		return false
	}
	for _, id := range ids[1:] {
		n, ok := strings.CutPrefix(id, ids[0]+nameSep)
		if !ok || n == "" || strings.Trim(n, "0123456789") != "" {
			return false
		}
	}
	return true
}

// prefixEnd returns the smallest string greater than every string with
// the given prefix.
func prefixEnd(p string) string {
	b := []byte(p)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return string(b[:i+1])
		}
	}
	return string(append([]byte(p), 0xff))
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
	rows, err := a.db.QueryContext(ctx, `SELECT m.idx, m.role, m.human, m.kind, m.text, m.ts, m.uuid, m.parent_uuid,
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
	rows, err := a.db.QueryContext(ctx, `SELECT c.call_id, c.message_idx, c.name, c.input, `+resultText+`,
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
