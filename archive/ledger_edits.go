package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"hansard/transcripts"
)

// RepoEdit is an archived edit placed in a repository.
type RepoEdit struct {
	transcripts.Edit
	Provider   string
	RepoRoot   string // "" when the file is in no repository
	Path       string // relative to RepoRoot (the mapped absolute path when RepoRoot is "")
	MoveToPath string // the move's target, relative to RepoRoot when in the same repository
}

// EditFilter selects edits for ForEachEdit. Empty fields match everything.
type EditFilter struct {
	RepoRoot string
	Path     string // repo-relative path, exact
	// SucceededOnly keeps edits whose Status is transcripts.EditOK.
	SucceededOnly bool
	// SkipCopies leaves out the edits of a session stored under another id
	// (its file names a session another file holds, see the package doc)
	// that the session holding the id has too, as the same call: one edit
	// archived twice, as a copied file gives.
	SkipCopies bool
}

// ForEachEdit calls fn for every edit matching f, ordered by time (then
// session and position in the session). fn returning an error stops the
// iteration with that error.
func (a *Archive) ForEachEdit(ctx context.Context, f EditFilter, fn func(RepoEdit) error) error {
	var where []string
	var args []any
	if f.RepoRoot != "" {
		where, args = append(where, "e.repo_root = ?"), append(args, f.RepoRoot)
	}
	if f.Path != "" {
		where, args = append(where, "(e.path = ? OR e.move_to_path = ?)"), append(args, f.Path, f.Path)
	}
	if f.SucceededOnly {
		where, args = append(where, "e.status = ?"), append(args, transcripts.EditOK)
	}
	if f.SkipCopies {
		where = append(where, `NOT EXISTS (SELECT 1 FROM session_names n JOIN sessions o ON o.id = n.session_id
			JOIN edits c ON c.session = o.pk AND c.call_id = e.call_id AND c.seq = e.seq
			WHERE n.stored_id = s.id AND n.session_id <> n.stored_id)`)
	}
	q := `SELECT s.id, s.provider, e.call_id, e.seq, e.message_idx, e.tool, e.file, e.move_to, e.cwd,
		e.repo_root, e.path, e.move_to_path, e.op, e.old_text, e.new_text, e.patch, e.hunks, e.replace_all,
		e.status, e.ts
		FROM edits e JOIN sessions s ON s.pk = e.session`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY e.ts, s.id, e.message_idx, e.seq"
	rows, err := a.query(ctx, q, args...)
	if err != nil {
		return translate(err, "edits")
	}
	defer rows.Close()
	for rows.Next() {
		var e RepoEdit
		var hunks string
		var ts sql.NullInt64
		err := rows.Scan(&e.SessionID, &e.Provider, &e.ToolCallID, &e.Seq, &e.MessageIndex, &e.Tool, &e.File,
			&e.MoveTo, &e.CWD, &e.RepoRoot, &e.Path, &e.MoveToPath, &e.Op, &e.OldText, &e.NewText, &e.Patch,
			&hunks, &e.ReplaceAll, &e.Status, &ts)
		if err != nil {
			return translate(err, "edits")
		}
		e.Timestamp = fromMillis(ts)
		if hunks != "" {
			if err := json.Unmarshal([]byte(hunks), &e.Hunks); err != nil {
				return fmt.Errorf("edit %s/%s: hunks: %w", e.SessionID, e.ToolCallID, err)
			}
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return translate(rows.Err(), "edits")
}

func decodeStrings(s string) []string {
	var out []string
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil
	}
	return out
}
