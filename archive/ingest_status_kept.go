package archive

import (
	"context"
	"database/sql"
)

// KeptGeneration is an earlier generation of a transcript file: the file
// shrank or was rewritten, and what was read of it before is kept, from
// its retained copy.
type KeptGeneration struct {
	Provider   string `json:"provider"`
	Path       string `json:"path"`       // the file
	Generation int    `json:"generation"` // 1 for the first
	Sessions   int    `json:"sessions"`
	Messages   int    `json:"messages"`
}

// RenamedSession is a session stored under another id than its file gives
// it: an earlier file holds that id (a copy, an export, a synced folder, an
// earlier generation of the same file).
type RenamedSession struct {
	SessionID string `json:"session_id"` // as the file names it
	StoredID  string `json:"stored_id"`  // as the archive stores it
	Path      string `json:"path"`       // the file
}

// ShorterFile is a transcript file shorter than what was read of it: cut,
// or put back from an older copy. The archive keeps the longer text (see
// holdShrunk).
type ShorterFile struct {
	Path     string `json:"path"`
	Size     int64  `json:"size"`     // bytes in the file
	Archived int64  `json:"archived"` // bytes read of it and kept
}

// keptHistory lists the earlier generations, the renamed sessions and the
// files shorter than what is kept of them.
func (a *Archive) keptHistory(ctx context.Context, st *Status) error {
	st.EarlierGenerations, st.RenamedSessions, st.ShorterFiles = []KeptGeneration{}, []RenamedSession{}, []ShorterFile{}
	err := appendRows(ctx, a.db, `SELECT path, size, retained_raw FROM sources
		WHERE NOT deleted AND size >= 0 AND size < retained_raw ORDER BY path`, &st.ShorterFiles,
		func(rows *sql.Rows, f *ShorterFile) error { return rows.Scan(&f.Path, &f.Size, &f.Archived) })
	if err != nil {
		return err
	}
	err = appendRows(ctx, a.db, `SELECT src.provider, src.path, src.generation,
		(SELECT count(*) FROM sessions s WHERE s.source_id = src.id),
		(SELECT count(*) FROM sessions s JOIN messages m ON m.session = s.pk WHERE s.source_id = src.id)
		FROM sources src WHERE src.retired ORDER BY src.path`, &st.EarlierGenerations,
		func(rows *sql.Rows, g *KeptGeneration) error {
			if err := rows.Scan(&g.Provider, &g.Path, &g.Generation, &g.Sessions, &g.Messages); err != nil {
				return err
			}
			g.Path = sourceRow{path: g.Path, generation: g.Generation, retired: true}.originalPath()
			return nil
		})
	if err != nil {
		return err
	}
	return appendRows(ctx, a.db, `SELECT n.session_id, n.stored_id, src.path, src.generation, src.retired
		FROM session_names n JOIN sources src ON src.id = n.source_id
		WHERE n.stored_id <> n.session_id ORDER BY n.stored_id`, &st.RenamedSessions,
		func(rows *sql.Rows, r *RenamedSession) error {
			var row sourceRow
			if err := rows.Scan(&r.SessionID, &r.StoredID, &row.path, &row.generation, &row.retired); err != nil {
				return err
			}
			r.Path = row.originalPath()
			return nil
		})
}

// appendRows runs q with args and appends to dst each row as scan reads it.
func appendRows[T any](ctx context.Context, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, q string, dst *[]T, scan func(*sql.Rows, *T) error, args ...any) error {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return err
		}
		*dst = append(*dst, v)
	}
	return rows.Err()
}
