package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"hansard/transcripts"
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

// Versioned is implemented by providers that name the version of their
// parser. When it differs from the version that parsed the archived
// transcripts (or none was recorded, as before providers named one),
// Refresh re-parses them all from the retained copies.
type Versioned interface {
	ParserVersion() string
}

// upgradedProviders returns the providers whose parser version changed,
// recording the new versions.
func (a *Archive) upgradedProviders(ctx context.Context, providers []transcripts.Provider) ([]transcripts.Provider, error) {
	var out []transcripts.Provider
	for _, p := range providers {
		v, ok := p.(Versioned)
		if !ok {
			continue
		}
		stored, err := a.getMeta(ctx, metaParserPrefix+p.Name())
		if err != nil {
			return nil, err
		}
		if stored == v.ParserVersion() {
			continue
		}
		parsed := stored != ""
		if !parsed {
			// Transcripts archived before the provider named its parser's
			// version were read by an older one.
			if parsed, err = a.hasSources(ctx, p.Name()); err != nil {
				return nil, err
			}
		}
		if parsed {
			out = append(out, p)
		}
		if err := a.setMeta(ctx, metaParserPrefix+p.Name(), v.ParserVersion()); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (a *Archive) getMeta(ctx context.Context, key string) (string, error) {
	var v string
	err := a.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
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

// AttachedPathMaps returns the path maps the stored attachments were
// computed with (by the last Reattach).
func (a *Archive) AttachedPathMaps(ctx context.Context) ([]PathMap, error) {
	return a.readMaps(ctx, metaPathMaps)
}

// ExtraPathMaps returns the maps remembered from earlier command lines
// (see SetExtraPathMaps).
func (a *Archive) ExtraPathMaps(ctx context.Context) ([]PathMap, error) {
	return a.readMaps(ctx, metaExtraMaps)
}

// SetExtraPathMaps remembers maps given on a command line, so that later
// refreshes keep applying them.
func (a *Archive) SetExtraPathMaps(ctx context.Context, maps []PathMap) error {
	return a.writeMaps(ctx, metaExtraMaps, maps)
}

// RemovedPathMaps returns the maps removed on a command line, which
// automatic attachment must not add again.
func (a *Archive) RemovedPathMaps(ctx context.Context) ([]PathMap, error) {
	return a.readMaps(ctx, metaRemovedMaps)
}

// SetRemovedPathMaps remembers the maps removed on a command line.
func (a *Archive) SetRemovedPathMaps(ctx context.Context, maps []PathMap) error {
	return a.writeMaps(ctx, metaRemovedMaps, maps)
}

// writeMaps stores maps, normalized, under the meta key.
func (a *Archive) writeMaps(ctx context.Context, key string, maps []PathMap) error {
	b, err := json.Marshal(normalizeMaps(maps))
	if err != nil {
		return err
	}
	return a.setMeta(ctx, key, string(b))
}

func (a *Archive) readMaps(ctx context.Context, key string) ([]PathMap, error) {
	v, err := a.getMeta(ctx, key)
	if err != nil || v == "" {
		return nil, err
	}
	var maps []PathMap
	if err := json.Unmarshal([]byte(v), &maps); err != nil {
		return nil, fmt.Errorf("read %s: %w", key, err)
	}
	return maps, nil
}

// SetPathMaps sets the maps used for sessions attached from now on without
// re-attaching existing ones (see Reattach).
func (a *Archive) SetPathMaps(maps []PathMap) { a.setPathMaps(maps) }

// PathMaps returns the maps in use, longest From first.
func (a *Archive) PathMaps() []PathMap { return a.pathMaps() }

// SamePathMaps reports whether two lists of maps are the same once
// normalized.
func SamePathMaps(x, y []PathMap) bool {
	nx, ny := normalizeMaps(x), normalizeMaps(y)
	if len(nx) != len(ny) {
		return false
	}
	for i := range nx {
		if nx[i] != ny[i] {
			return false
		}
	}
	return true
}

// hasSources reports whether transcripts of provider are archived.
func (a *Archive) hasSources(ctx context.Context, provider string) (bool, error) {
	var n int
	err := a.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM sources WHERE provider = ? LIMIT 1)`, provider).Scan(&n)
	if err != nil {
		return false, translate(err, "sources of "+provider)
	}
	return n > 0, nil
}
