package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Memory is one archived memory file at one of its versions.
type Memory struct {
	ID                    int64
	Path                  string
	Provider, Kind, Scope string
	Repo                  string
	Title                 string
	Version, Versions     int
	Content               string
	SeenAt                time.Time // when this version was first archived
	Gone                  bool      // the file is no longer on disk
}

// Memory returns memory file id at version (0: the current one), or
// ErrNotFound.
func (a *Archive) Memory(ctx context.Context, id int64, version int) (Memory, error) {
	m := Memory{ID: id}
	var seen int64
	err := a.db.QueryRowContext(ctx, `SELECT f.path, f.provider, f.kind, f.scope, f.repo_root, f.gone, v.version, v.title, v.content, v.seen_at,
		(SELECT count(*) FROM memory_versions WHERE file_id = f.id)
		FROM memory_files f JOIN memory_versions v ON v.file_id = f.id
		WHERE f.id = ? AND v.version = CASE WHEN ? > 0 THEN ? ELSE (SELECT max(version) FROM memory_versions WHERE file_id = f.id) END`,
		id, version, version).Scan(&m.Path, &m.Provider, &m.Kind, &m.Scope, &m.Repo, &m.Gone, &m.Version, &m.Title, &m.Content, &seen, &m.Versions)
	if errors.Is(err, sql.ErrNoRows) {
		return m, fmt.Errorf("memory %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return m, fmt.Errorf("memory %d: %w", id, err)
	}
	m.SeenAt = time.UnixMilli(seen)
	return m, nil
}

// MemoryQuery selects current memories.
type MemoryQuery struct {
	// Match is an FTS5 expression over the sections' headings and text.
	Match string
	// Repo keeps the memories of that repository (or a folder in it) with
	// the global and unkeyed ones; "" keeps all.
	Repo string
	// Provider keeps one provider's memories ("": all).
	Provider string
	// Source keeps the files at that path, or whose path ends with it
	// after a slash ("CLAUDE.md", ".cursor/rules/go.mdc").
	Source string
	Limit  int
}

// MemoryHit is one section of a current memory that matched.
type MemoryHit struct {
	Memory             // without Content
	LineStart, LineEnd int
	Heading, Text      string
	Rank               float64 // bm25: lower is better
}

// SearchMemories returns the sections of current (not gone) memories that
// match q, best first: by rank, then project before local before global.
func (a *Archive) SearchMemories(ctx context.Context, q MemoryQuery) ([]MemoryHit, error) {
	if q.Limit <= 0 {
		q.Limit = 10
	}
	var where []string
	args := []any{q.Match}
	if q.Repo != "" {
		where = append(where, `(f.repo_root = '' OR f.repo_root = ? OR substr(?, 1, length(f.repo_root) + 1) = f.repo_root || '/')`)
		args = append(args, q.Repo, q.Repo)
	}
	if q.Provider != "" {
		where = append(where, `f.provider = ?`)
		args = append(args, q.Provider)
	}
	if q.Source != "" {
		where = append(where, `(f.path = ? OR substr(f.path, -length(?) - 1) = '/' || ?)`)
		s := strings.TrimPrefix(q.Source, "/")
		args = append(args, q.Source, s, s)
	}
	cond := ""
	if len(where) > 0 {
		cond = " AND " + strings.Join(where, " AND ")
	}
	args = append(args, q.Limit)
	rows, err := a.db.QueryContext(ctx, `SELECT f.id, f.path, f.provider, f.kind, f.scope, f.repo_root, v.version, v.title, v.seen_at,
		(SELECT count(*) FROM memory_versions WHERE file_id = f.id),
		c.line_start, c.line_end, c.heading, c.text, bm25(memory_fts, 2.0, 1.0) AS r
		FROM memory_fts JOIN memory_chunks c ON c.id = memory_fts.rowid
		JOIN memory_files f ON f.id = c.file_id
		JOIN memory_versions v ON v.file_id = f.id AND v.version = (SELECT max(version) FROM memory_versions WHERE file_id = f.id)
		WHERE memory_fts MATCH ? AND f.gone = 0`+cond+`
		ORDER BY r, CASE f.scope WHEN 'project' THEN 0 WHEN 'local' THEN 1 ELSE 2 END, f.path, c.line_start
		LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	defer rows.Close()
	var out []MemoryHit
	for rows.Next() {
		var h MemoryHit
		var seen int64
		if err := rows.Scan(&h.ID, &h.Path, &h.Provider, &h.Kind, &h.Scope, &h.Repo, &h.Version, &h.Title, &seen, &h.Versions,
			&h.LineStart, &h.LineEnd, &h.Heading, &h.Text, &h.Rank); err != nil {
			return nil, err
		}
		h.SeenAt = time.UnixMilli(seen)
		out = append(out, h)
	}
	return out, rows.Err()
}

// SessionFolder is a folder sessions worked in: as recorded, and the
// repository it is in after path maps.
type SessionFolder struct {
	Cwd      string // as recorded
	RepoRoot string // "" when attached to no repository
	RepoCwd  string // Cwd relative to RepoRoot
}

// SessionFolders returns the distinct folders the archived sessions
// worked in.
func (a *Archive) SessionFolders(ctx context.Context) ([]SessionFolder, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT DISTINCT cwd, repo_root, repo_cwd FROM sessions WHERE cwd != '' OR repo_root != ''`)
	if err != nil {
		return nil, fmt.Errorf("session folders: %w", err)
	}
	defer rows.Close()
	var out []SessionFolder
	for rows.Next() {
		var f SessionFolder
		if err := rows.Scan(&f.Cwd, &f.RepoRoot, &f.RepoCwd); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
