package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Keys of the meta table.
const (
	metaPaused       = "paused"
	metaLastRefresh  = "last_refresh"
	metaLastReattach = "last_reattach"
	metaPathMaps     = "path_maps"         // JSON []PathMap the attachments were computed with
	metaExtraMaps    = "path_maps_cli"     // JSON []PathMap added on the command line
	metaRemovedMaps  = "path_maps_removed" // JSON []PathMap removed on the command line
	metaParserPrefix = "parser_version:"   // + provider name
	metaSnapshot     = "refresh_snapshot"  // token of the refresh snapshot (see quickUnchanged)
)

func (a *Archive) getMeta(ctx context.Context, key string) (string, error) {
	var v string
	err := a.queryRow(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read %s: %w", key, err)
	}
	return v, nil
}

// setMeta stores a setting; Close checkpoints it.
func (a *Archive) setMeta(ctx context.Context, key, value string) error {
	a.markDurable()
	return setMetaTx(ctx, a.db, key, value)
}

func setMetaTx(ctx context.Context, db dbtx, key, value string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value)
	if err != nil {
		return fmt.Errorf("store %s: %w", key, err)
	}
	return nil
}

// Paused reports whether indexing is paused.
func (a *Archive) Paused(ctx context.Context) (bool, error) {
	v, err := a.getMeta(ctx, metaPaused)
	return v == "1", err
}

// SetPaused pauses or resumes indexing. While paused, Refresh reads no
// transcripts.
func (a *Archive) SetPaused(ctx context.Context, paused bool) error {
	v := "0"
	if paused {
		v = "1"
	}
	return a.setMeta(ctx, metaPaused, v)
}
