package archive

import (
	"context"
	"database/sql"
	"fmt"
)

// Statements the writer prepares once per run on its own connection.
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
	upsertSession, stubSession, upsertEdit, upsertCommand                   *sql.Stmt
	findMessage, insertMessage, updateMessage                               *sql.Stmt
	findToolCall, insertToolCall, updateToolCall, messageText               *sql.Stmt
	deleteTodos, insertTodo, findLink, putLink, insertProblem, finishSource *sql.Stmt
	adoptLink, upsertCapture, deleteShellWrites, insertShellWrite           *sql.Stmt
}

func prepareStatements(ctx context.Context, conn *sql.Conn) (*statements, error) {
	st := &statements{}
	for _, p := range []struct {
		dst **sql.Stmt
		sql string
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
		s, err := conn.PrepareContext(ctx, p.sql)
		if err != nil {
			st.close()
			return nil, fmt.Errorf("prepare: %w", err)
		}
		*p.dst = s
	}
	return st, nil
}

func (st *statements) close() {
	for _, s := range []*sql.Stmt{st.upsertSession, st.stubSession, st.findMessage, st.insertMessage,
		st.updateMessage, st.findToolCall, st.insertToolCall, st.updateToolCall, st.messageText, st.upsertEdit, st.upsertCommand, st.deleteTodos, st.insertTodo, st.findLink, st.putLink, st.insertProblem,
		st.finishSource, st.adoptLink, st.upsertCapture, st.deleteShellWrites, st.insertShellWrite} {
		if s != nil {
			s.Close()
		}
	}
}
