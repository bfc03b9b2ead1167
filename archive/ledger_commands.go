package archive

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"

	"hansard/transcripts"
)

// RepoCommand is an archived shell command of a session attached to a
// repository, with its output and what it rewrites or commits (parsed when
// it was stored).
type RepoCommand struct {
	transcripts.Command
	Provider string
	Result   string
	IsError  bool
	// Rewrites are the files it rewrites in place, their paths as the
	// script names them (RepoPath places them in the checkout).
	Rewrites []transcripts.ShellRewrite
	// Commit says that it makes a git commit, with CommitMessage ("" when
	// the script does not give it).
	Commit        bool
	CommitMessage string

	base string // the folder it ran in, after path maps
	top  string // the checkout's top folder, after path maps
	maps []PathMap
}

// gitCommitTool is the tool of a shell_writes row that records a commit.
const gitCommitTool = "git commit"

// RepoPath returns a path as the command named it (absolute, or relative
// to the folder it ran in) relative to the top of the repository's
// checkout, slash-separated; ok is false for a path outside it.
func (c RepoCommand) RepoPath(p string) (rel string, ok bool) {
	if c.top == "" {
		return "", false
	}
	if !filepath.IsAbs(p) {
		if c.base == "" {
			return "", false
		}
		p = filepath.Join(c.base, p)
	}
	rel, ok = cutDir(mapPath(c.maps, filepath.Clean(p)), c.top)
	return filepath.ToSlash(rel), ok
}

// RepoShellCommands returns the shell commands of the sessions attached to
// the repository root that make a git commit or rewrite files in place:
// a folder's files, or a file whose last path element is one of names
// (none: only commits and folders), oldest first.
func (a *Archive) RepoShellCommands(ctx context.Context, root string, names []string) ([]RepoCommand, error) {
	rows, err := a.query(ctx, `WITH w AS (
			SELECT session, call_id, seq, tool, path, tree, name, message FROM shell_writes WHERE base = ''
			UNION ALL
			SELECT session, call_id, seq, tool, path, tree, name, message FROM shell_writes
			WHERE base IN (SELECT value FROM json_each(?)))
		SELECT s.id, s.provider, s.cwd, s.repo_cwd, c.call_id, c.message_idx, c.command,
			c.cwd, c.exit_code, c.ts, coalesce(`+strings.ReplaceAll(resultText, "c.", "t.")+`, ''), coalesce(t.is_error, 0),
			w.seq, w.tool, w.path, w.tree, w.name, w.message
		FROM w JOIN sessions s ON s.pk = w.session
		JOIN commands c ON c.session = w.session AND c.call_id = w.call_id
		LEFT JOIN tool_calls t ON t.session = c.session AND t.call_id = c.call_id
		WHERE s.repo_root = ? ORDER BY c.ts, s.id, c.message_idx, c.call_id, w.seq`, jsonArray(names), root)
	if err != nil {
		return nil, translate(err, "commands")
	}
	defer rows.Close()
	maps := a.pathMaps()
	var out []RepoCommand
	for rows.Next() {
		var (
			c             RepoCommand
			scwd, repoCWD string
			exit, ts      sql.NullInt64
			seq           int
			w             transcripts.ShellRewrite
			message       string
		)
		if err := rows.Scan(&c.SessionID, &c.Provider, &scwd, &repoCWD, &c.ToolCallID, &c.MessageIndex, &c.Command.Command,
			&c.CWD, &exit, &ts, &c.Result, &c.IsError, &seq, &w.Tool, &w.Path, &w.Tree, &w.Name, &message); err != nil {
			return nil, translate(err, "commands")
		}
		if n := len(out); n > 0 && out[n-1].SessionID == c.SessionID && out[n-1].ToolCallID == c.ToolCallID {
			out[n-1].add(seq, w, message)
			continue
		}
		if exit.Valid {
			code := int(exit.Int64)
			c.ExitCode = &code
		}
		c.Timestamp = fromMillis(ts)
		c.maps = maps
		if scwd != "" {
			mapped := mapPath(maps, filepath.Clean(scwd))
			if top, ok := strings.CutSuffix(mapped, string(filepath.Separator)+repoCWD); ok && repoCWD != "" {
				c.top = top
			} else if repoCWD == "" {
				c.top = mapped
			}
			c.base = mapped
		}
		if c.CWD != "" {
			c.base = mapPath(maps, filepath.Clean(c.CWD))
		}
		c.add(seq, w, message)
		out = append(out, c)
	}
	return out, translate(rows.Err(), "commands")
}

// add takes one shell_writes row of the command.
func (c *RepoCommand) add(seq int, w transcripts.ShellRewrite, message string) {
	if seq < 0 {
		c.Commit, c.CommitMessage = true, message
		return
	}
	c.Rewrites = append(c.Rewrites, w)
}

// CommandsMark changes whenever a shell command is added to the archive
// (the largest command id: one lookup). Sessions attached elsewhere move
// the ledger's generation already.
func (a *Archive) CommandsMark(ctx context.Context) (string, error) {
	var maxID int64
	if err := a.queryRow(ctx, `SELECT coalesce(max(id), 0) FROM commands`).Scan(&maxID); err != nil {
		return "", translate(err, "commands mark")
	}
	return fmt.Sprintf("c%d", maxID), nil
}
