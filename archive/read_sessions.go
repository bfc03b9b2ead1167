package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
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
func (s SessionInfo) SourceLink(line int) string { return LineLink(s.SourceFile(), line) }

// SourceFile returns the file:// link of the session's transcript, the
// original while it exists, else the retained copy; "" when there is
// neither. A window of messages links each to its line with LineLink,
// looking for the file once.
func (s SessionInfo) SourceFile() string {
	path := s.SourcePath
	if s.SourceDeleted || path == "" {
		path = s.RetainedPath
	} else if _, err := os.Stat(path); err != nil {
		path = s.RetainedPath
	}
	if path == "" {
		return ""
	}
	return "file://" + path
}

// LineLink is the link to a line (from 1; 0 for none) of the transcript
// file links to.
func LineLink(file string, line int) string {
	if file == "" || line <= 0 {
		return file
	}
	return file + "#L" + strconv.Itoa(line)
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

// FindSession is GetSession without the session's links (Links is nil),
// a query fewer for a read that shows none.
func (a *Archive) FindSession(ctx context.Context, id string) (SessionInfo, error) {
	si, _, err := a.getSession(ctx, id)
	return si, err
}

func (a *Archive) getSession(ctx context.Context, id string) (SessionInfo, int64, error) {
	if id == "" {
		return SessionInfo{}, 0, fmt.Errorf("session: %w", ErrNotFound)
	}
	si, pk, err := a.scanSession(a.queryRow(ctx, sessionSelect+` WHERE s.id = ?`, id))
	if err == nil {
		return si, pk, nil
	}
	if err != sql.ErrNoRows {
		return si, 0, translate(err, "session "+id)
	}
	rows, err := a.query(ctx, `SELECT id FROM sessions WHERE id >= ? AND id < ? ORDER BY id LIMIT ?`,
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
		si, pk, err = a.scanSession(a.queryRow(ctx, sessionSelect+` WHERE s.id = ?`, ids[0]))
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
// details, for the sessions of a page of search hits or of a file's
// history: it is cheaper.
func (a *Archive) SessionHeads(ctx context.Context, ids []string) (map[string]SessionInfo, error) {
	rows, err := a.query(ctx, `SELECT id, provider, class, title, started_at, ended_at, parent_id, relation, repo_root
		FROM sessions WHERE id IN (SELECT value FROM json_each(?))`, jsonArray(ids))
	if err != nil {
		return nil, translate(err, "sessions")
	}
	defer rows.Close()
	out := make(map[string]SessionInfo, len(ids))
	for rows.Next() {
		var si SessionInfo
		var started, ended sql.NullInt64
		if err := rows.Scan(&si.ID, &si.Provider, &si.Class, &si.Title, &started, &ended, &si.ParentID, &si.Relation, &si.RepoRoot); err != nil {
			return nil, translate(err, "sessions")
		}
		si.StartedAt, si.EndedAt = fromMillis(started), fromMillis(ended)
		out[si.ID] = si
	}
	return out, translate(rows.Err(), "sessions")
}

func (a *Archive) sessionList(ctx context.Context, q string, args ...any) ([]SessionInfo, error) {
	rows, err := a.query(ctx, q, args...)
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
	rows, err := a.query(ctx, `WITH RECURSIVE roots(root) AS (
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

// LastMessageBefore returns the index and time of the last message of
// session id whose time is not after t, or when every message is later its
// first; ok is false when the session has no message.
func (a *Archive) LastMessageBefore(ctx context.Context, id string, t time.Time) (idx int, at time.Time, ok bool, err error) {
	var ts sql.NullInt64
	err = a.db.QueryRowContext(ctx, `SELECT m.idx, m.ts FROM messages m JOIN sessions s ON s.pk = m.session
		WHERE s.id = ? ORDER BY (m.ts IS NOT NULL AND m.ts <= ?) DESC, CASE WHEN m.ts <= ? THEN -m.idx ELSE m.idx END
		LIMIT 1`, id, t.UnixMilli(), t.UnixMilli()).Scan(&idx, &ts)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, false, nil
	}
	if err != nil {
		return 0, time.Time{}, false, translate(err, "messages of "+id)
	}
	return idx, fromMillis(ts), true, nil
}

// maxSubagentDepth bounds the walk from a subagent up to its main session
// (a subagent may start subagents of its own).
const maxSubagentDepth = 8

// MainSessions returns, for each of the subagents' sessions ids names, the
// main session it belongs to: its parent, or its parent's, up to the first
// that is not a subagent's. Ids of main sessions map to themselves; a
// subagent whose main session the archive does not hold is left out.
func (a *Archive) MainSessions(ctx context.Context, ids []string) (map[string]string, error) {
	rows, err := a.query(ctx, `WITH RECURSIVE up(id, at, class, parent, depth) AS (
			SELECT id, id, class, parent_id, 0 FROM sessions WHERE id IN (SELECT value FROM json_each(?))
			UNION ALL
			SELECT up.id, p.id, p.class, p.parent_id, up.depth + 1 FROM up JOIN sessions p ON p.id = up.parent
			WHERE up.class = ? AND up.parent <> '' AND up.depth < ?)
		SELECT id, at FROM up WHERE class <> ?`,
		jsonArray(ids), transcripts.ClassSubagent, maxSubagentDepth, transcripts.ClassSubagent)
	if err != nil {
		return nil, translate(err, "sessions")
	}
	defer rows.Close()
	out := make(map[string]string, len(ids))
	for rows.Next() {
		var id, main string
		if err := rows.Scan(&id, &main); err != nil {
			return nil, translate(err, "sessions")
		}
		out[id] = main
	}
	return out, translate(rows.Err(), "sessions")
}
