package archive

import (
	"context"
	"database/sql"
	"fmt"
)

// Statements the writer prepares on its own connection, each once per run
// when it first runs it (see lazyStmt).
const (
	sqlUpsertSession = `INSERT INTO sessions (id, provider, source_id, class, cwd, branches, models,
	started_at, ended_at, title, title_from_agent, version, parent_id, relation, parent_tool_call_id,
	link_evidence, git_commit, git_repo_url, originator, source_deleted)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
ON CONFLICT (id) DO UPDATE SET provider = excluded.provider, source_id = excluded.source_id,
	class = excluded.class, cwd = excluded.cwd, branches = excluded.branches, models = excluded.models,
	started_at = excluded.started_at, ended_at = excluded.ended_at, title = excluded.title,
	title_from_agent = excluded.title_from_agent, version = excluded.version,
	parent_id = excluded.parent_id, relation = excluded.relation,
	parent_tool_call_id = excluded.parent_tool_call_id, link_evidence = excluded.link_evidence,
	git_commit = excluded.git_commit, git_repo_url = excluded.git_repo_url,
	originator = excluded.originator, source_deleted = 0
RETURNING pk`

	sqlStubSession = `INSERT INTO sessions (id, provider, source_id) VALUES (?, ?, ?)
ON CONFLICT (id) DO UPDATE SET id = excluded.id RETURNING pk`

	sqlFindMessage   = `SELECT id, text, 1, role FROM messages WHERE session = ? AND idx = ?`
	sqlInsertMessage = `INSERT INTO messages (session, idx, role, human, kind, text, ts, uuid, parent_uuid, line, model)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlUpdateMessage = `UPDATE messages SET role = ?, human = ?, kind = ?, text = ?, ts = ?, uuid = ?,
	parent_uuid = ?, line = ?, model = ?, retracted = NULL WHERE id = ?`

	// The third column of a find says whether the row's text is in the
	// full-text index.
	// A tool call's find also returns its input text and full result, which
	// have full-text indexes of their own.
	sqlFindToolCall = `SELECT id, result, result_msg IS NULL, '', input_text, full_result FROM tool_calls
WHERE session = ? AND call_id = ?`
	sqlInsertToolCall = `INSERT INTO tool_calls (session, call_id, message_idx, name, input, result, has_result,
	is_error, exit_code, result_line, ts, result_msg, result_whole_msg, line, input_text, full_result)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlUpdateToolCall = `UPDATE tool_calls SET message_idx = ?, name = ?, input = ?, result = ?, has_result = ?,
	is_error = ?, exit_code = ?, result_line = ?, ts = ?, result_msg = ?, result_whole_msg = ?, line = ?,
	input_text = ?, full_result = ? WHERE id = ?`
	sqlMessageText = `SELECT text FROM messages WHERE session = ? AND idx = ?`

	sqlUpsertEdit = `INSERT INTO edits (session, call_id, seq, message_idx, tool, file, move_to, cwd, op,
	old_text, new_text, patch, hunks, replace_all, status, ts)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (session, call_id, seq) DO UPDATE SET message_idx = excluded.message_idx,
	tool = excluded.tool, file = excluded.file, move_to = excluded.move_to, cwd = excluded.cwd,
	op = excluded.op, old_text = excluded.old_text, new_text = excluded.new_text,
	patch = excluded.patch, hunks = excluded.hunks, replace_all = excluded.replace_all,
	status = excluded.status, ts = excluded.ts`

	sqlUpsertCommand = `INSERT INTO commands (session, call_id, message_idx, command, cwd, exit_code, is_test,
	test_status, ts)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (session, call_id) DO UPDATE SET message_idx = excluded.message_idx,
	command = excluded.command, cwd = excluded.cwd, exit_code = excluded.exit_code,
	is_test = excluded.is_test, test_status = excluded.test_status, ts = excluded.ts`

	sqlDeleteShellWrites = `DELETE FROM shell_writes WHERE session = ? AND call_id = ?`
	sqlInsertShellWrite  = `INSERT INTO shell_writes (session, call_id, seq, tool, path, tree, name, base, message)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`

	sqlDeleteTodos = `DELETE FROM todos WHERE session = ? AND call_id = ?`
	sqlInsertTodo  = `INSERT OR REPLACE INTO todos (session, call_id, seq, message_idx, item_id, text, status, ts)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)`

	sqlFindLink = `SELECT parent_tool_call_id, evidence FROM session_links
WHERE session_id = ? AND parent_id = ? AND relation = ?`
	sqlPutLink = `INSERT OR REPLACE INTO session_links (session_id, parent_id, relation, parent_tool_call_id, evidence)
VALUES (?, ?, ?, ?, ?)`

	sqlInsertProblem = `INSERT OR REPLACE INTO problems (source_id, line, kind, detail) VALUES (?, ?, ?, ?)`

	sqlFinishSource = `UPDATE sources SET class = ?, size = ?, mtime_ns = ?, head_len = ?, head_hash = ?,
	tail_len = ?, tail_hash = ?, offset = ?, lines = ?, next_index = ?, state = ?, retained_raw = ?, retained_size = ?,
	deleted = ?, reparse = 0, last_error = '', kind = ?, content_hash = ?, snapshot_lens = ? WHERE id = ?`
)

type statements struct {
	upsertSession, stubSession, upsertEdit, upsertCommand                   *lazyStmt
	findMessage, insertMessage, updateMessage                               *lazyStmt
	findToolCall, insertToolCall, updateToolCall, messageText               *lazyStmt
	deleteTodos, insertTodo, findLink, putLink, insertProblem, finishSource *lazyStmt
	adoptLink, upsertCapture, deleteShellWrites, insertShellWrite           *lazyStmt
	all                                                                     []*lazyStmt
}

func newStatements(conn *sql.Conn) *statements {
	st := &statements{}
	for _, p := range []struct {
		dst   **lazyStmt
		query string
	}{
		{&st.upsertSession, sqlUpsertSession},
		{&st.stubSession, sqlStubSession},
		{&st.findMessage, sqlFindMessage},
		{&st.insertMessage, sqlInsertMessage},
		{&st.updateMessage, sqlUpdateMessage},
		{&st.findToolCall, sqlFindToolCall},
		{&st.insertToolCall, sqlInsertToolCall},
		{&st.updateToolCall, sqlUpdateToolCall},
		{&st.messageText, sqlMessageText},
		{&st.upsertEdit, sqlUpsertEdit},
		{&st.upsertCommand, sqlUpsertCommand},
		{&st.deleteTodos, sqlDeleteTodos},
		{&st.insertTodo, sqlInsertTodo},
		{&st.findLink, sqlFindLink},
		{&st.putLink, sqlPutLink},
		{&st.insertProblem, sqlInsertProblem},
		{&st.finishSource, sqlFinishSource},
		{&st.adoptLink, sqlAdoptLink},
		{&st.upsertCapture, sqlUpsertCapture},
		{&st.deleteShellWrites, sqlDeleteShellWrites},
		{&st.insertShellWrite, sqlInsertShellWrite},
	} {
		*p.dst = &lazyStmt{conn: conn, query: p.query}
		st.all = append(st.all, *p.dst)
	}
	return st
}

func (st *statements) close() {
	for _, s := range st.all {
		s.close()
	}
}

// lazyStmt is a statement of the writer, prepared on its connection when
// it first runs: a refresh that writes a few rows prepares only the
// statements it needs. It is not safe for concurrent use (the writer runs
// on one goroutine).
type lazyStmt struct {
	conn  *sql.Conn
	query string
	stmt  *sql.Stmt
}

func (l *lazyStmt) prepared(ctx context.Context) (*sql.Stmt, error) {
	if l.stmt == nil {
		s, err := l.conn.PrepareContext(ctx, l.query)
		if err != nil {
			return nil, fmt.Errorf("prepare: %w", err)
		}
		l.stmt = s
	}
	return l.stmt, nil
}

func (l *lazyStmt) ExecContext(ctx context.Context, args ...any) (sql.Result, error) {
	s, err := l.prepared(ctx)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(ctx, args...)
}

// QueryRowContext runs a statement that cannot be prepared unprepared,
// for the row it returns to carry the error.
func (l *lazyStmt) QueryRowContext(ctx context.Context, args ...any) *sql.Row {
	s, err := l.prepared(ctx)
	if err != nil {
		return l.conn.QueryRowContext(ctx, l.query, args...)
	}
	return s.QueryRowContext(ctx, args...)
}

func (l *lazyStmt) close() {
	if l.stmt != nil {
		l.stmt.Close()
		l.stmt = nil
	}
}
