package archive

import (
	"context"
	"encoding/json"
	"fmt"
)

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
