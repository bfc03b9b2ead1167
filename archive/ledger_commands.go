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
// repository, with its output.
type RepoCommand struct {
	transcripts.Command
	Provider string
	Result   string
	IsError  bool

	base string // the folder it ran in, after path maps
	top  string // the checkout's top folder, after path maps
	maps []PathMap
}

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

// RepoCommands returns the shell commands of the sessions attached to the
// repository root whose text contains one of words, oldest first.
func (a *Archive) RepoCommands(ctx context.Context, root string, words []string) ([]RepoCommand, error) {
	if len(words) == 0 {
		return nil, nil
	}
	var like []string
	args := []any{root}
	for _, w := range words {
		like = append(like, "instr(c.command, ?) > 0")
		args = append(args, w)
	}
	rows, err := a.db.QueryContext(ctx, `SELECT s.id, s.provider, s.cwd, s.repo_cwd, c.call_id, c.message_idx, c.command,
		c.cwd, c.exit_code, c.ts, coalesce(`+strings.ReplaceAll(resultText, "c.", "t.")+`, ''), coalesce(t.is_error, 0)
		FROM commands c JOIN sessions s ON s.pk = c.session
		LEFT JOIN tool_calls t ON t.session = c.session AND t.call_id = c.call_id
		WHERE s.repo_root = ? AND (`+strings.Join(like, " OR ")+`) ORDER BY c.ts, s.id, c.message_idx`, args...)
	if err != nil {
		return nil, translate(err, "commands")
	}
	defer rows.Close()
	maps := a.pathMaps()
	var out []RepoCommand
	for rows.Next() {
		var c RepoCommand
		var scwd, repoCWD string
		var exit, ts sql.NullInt64
		if err := rows.Scan(&c.SessionID, &c.Provider, &scwd, &repoCWD, &c.ToolCallID, &c.MessageIndex, &c.Command.Command,
			&c.CWD, &exit, &ts, &c.Result, &c.IsError); err != nil {
			return nil, translate(err, "commands")
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
		out = append(out, c)
	}
	return out, translate(rows.Err(), "commands")
}

// CommandsMark changes whenever a shell command is added to the archive
// (the largest command id: one lookup). Sessions attached elsewhere move
// the ledger's generation already.
func (a *Archive) CommandsMark(ctx context.Context) (string, error) {
	var maxID int64
	if err := a.db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM commands`).Scan(&maxID); err != nil {
		return "", translate(err, "commands mark")
	}
	return fmt.Sprintf("c%d", maxID), nil
}
