package recall

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"hansard/archive"
	"hansard/config"
	"hansard/pathmap"
)

// PathMaps are the path maps of an archive from their two sources: the
// configuration file's (in file order) and those remembered in the archive
// (given with `hansard index --map`, or found by AutoAttach). They are
// loaded by one function and put in use by one: the archive applies the
// config file's first, then the remembered ones, the longest From winning.
// (The maps removed with `--unmap` are remembered apart, and applied
// nowhere: automatic attachment does not add them again.)
type PathMaps struct {
	Config     []pathmap.Map
	Remembered []pathmap.Map
}

// InUse returns the maps the archive applies.
func (m PathMaps) InUse() []pathmap.Map {
	return append(slices.Clip(m.Config), m.Remembered...)
}

// loadPathMaps reads the path maps of cfg and of archive a.
func loadPathMaps(ctx context.Context, a *archive.Archive, cfg config.Config) (PathMaps, error) {
	remembered, err := a.ExtraPathMaps(ctx)
	if err != nil {
		return PathMaps{}, err
	}
	return PathMaps{Config: cfg.PathMaps, Remembered: remembered}, nil
}

// usePathMaps puts m in use in archive a.
func usePathMaps(a *archive.Archive, m PathMaps) { a.SetPathMaps(m.InUse()) }

// PathMaps returns the path maps of the archive.
func (h *Host) PathMaps(ctx context.Context) (PathMaps, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return PathMaps{}, err
	}
	cfg, err := h.Config()
	if err != nil {
		return PathMaps{}, err
	}
	return loadPathMaps(ctx, a, cfg)
}

// remember stores the remembered maps of m in archive a and puts m in use.
func remember(ctx context.Context, a *archive.Archive, m PathMaps) error {
	if err := a.SetExtraPathMaps(ctx, m.Remembered); err != nil {
		return err
	}
	usePathMaps(a, m)
	return nil
}

// ChangePathMaps remembers the maps add (replacing a remembered map of the
// same From) and forgets those from the folders unmap, and puts the result
// in use with the config file's maps. A removed map is remembered as
// removed, so that automatic attachment does not add it again; a map given
// again is no longer removed. Sessions are attached again by the next
// refresh (ReattachIfMapsChanged). A folder of unmap that no remembered map
// is from is an invalid_argument error, and nothing changes.
func (h *Host) ChangePathMaps(ctx context.Context, add []pathmap.Map, unmap []string) error {
	if len(add) == 0 && len(unmap) == 0 {
		return nil
	}
	a, err := h.Archive(ctx)
	if err != nil {
		return err
	}
	cfg, err := h.Config()
	if err != nil {
		return err
	}
	maps, err := loadPathMaps(ctx, a, cfg)
	if err != nil {
		return err
	}
	kept, removed, err := removeMaps(maps.Remembered, unmap)
	if err != nil {
		return err
	}
	maps.Remembered = archive.MergePathMaps(kept, add)
	if err := a.SetExtraPathMaps(ctx, maps.Remembered); err != nil {
		return err
	}
	declined, err := a.RemovedPathMaps(ctx)
	if err != nil {
		return err
	}
	declined = slices.DeleteFunc(archive.MergePathMaps(declined, removed), func(m pathmap.Map) bool {
		return slices.ContainsFunc(add, func(n pathmap.Map) bool { return filepath.Clean(n.From) == filepath.Clean(m.From) })
	})
	if err := a.SetRemovedPathMaps(ctx, declined); err != nil {
		return err
	}
	usePathMaps(a, maps)
	return nil
}

// removeMaps drops the maps whose From is one of froms and returns the
// rest and those dropped; it fails on a From that no remembered map has.
func removeMaps(old []pathmap.Map, froms []string) (kept, removed []pathmap.Map, err error) {
	kept = old
	for _, from := range froms {
		from = filepath.Clean(from)
		var rest []pathmap.Map
		for _, m := range kept {
			if filepath.Clean(m.From) == from {
				removed = append(removed, m)
			} else {
				rest = append(rest, m)
			}
		}
		if len(rest) == len(kept) {
			return nil, nil, invalidArg("unmap", fmt.Sprintf("--unmap %s: no remembered map from that folder (`hansard index --maps` lists them)", from))
		}
		kept = rest
	}
	return kept, removed, nil
}
