package archive

import (
	"context"
	"database/sql"
	"strings"
)

// RepoTestCommands returns the test runs (commands whose provider
// recognised a test runner) and the git commands of the sessions attached
// to the repository root, with their output, oldest first.
func (a *Archive) RepoTestCommands(ctx context.Context, root string) ([]RepoCommand, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT s.id, s.provider, c.call_id, c.message_idx, c.command, c.cwd,
		c.exit_code, c.is_test, c.test_status, c.ts, coalesce(`+strings.ReplaceAll(resultText, "c.", "t.")+`, ''), coalesce(t.is_error, 0)
		FROM commands c JOIN sessions s ON s.pk = c.session
		LEFT JOIN tool_calls t ON t.session = c.session AND t.call_id = c.call_id
		WHERE s.repo_root = ? AND (c.is_test = 1 OR instr(c.command, 'git') > 0)
		ORDER BY c.ts, s.id, c.message_idx`, root)
	if err != nil {
		return nil, translate(err, "test commands")
	}
	defer rows.Close()
	var out []RepoCommand
	for rows.Next() {
		var c RepoCommand
		var exit, ts sql.NullInt64
		if err := rows.Scan(&c.SessionID, &c.Provider, &c.ToolCallID, &c.MessageIndex, &c.Command.Command, &c.CWD,
			&exit, &c.IsTest, &c.TestStatus, &ts, &c.Result, &c.IsError); err != nil {
			return nil, translate(err, "test commands")
		}
		if exit.Valid {
			code := int(exit.Int64)
			c.ExitCode = &code
		}
		c.Timestamp = fromMillis(ts)
		out = append(out, c)
	}
	return out, translate(rows.Err(), "test commands")
}
