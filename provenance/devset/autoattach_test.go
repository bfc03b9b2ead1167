package devset

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"hansard/archive"
	"hansard/fixtures/tempdir"
	"hansard/provenance"
)

// autoMaps is how many of each set's recorded repository roots the
// agents' recorded git state attaches: in auth-go, three folders hold
// only Claude Code sessions that made no commit, which nothing places.
var autoMaps = map[string]int{"external-agents": 4, "auth-go": 2}

// TestDevsetAutoAttach takes each set's archive as indexed, attached again
// with no path map (as a user who drops the maps has it), and checks that
// the maps found from the agents' recorded git state (a Codex
// session's origin and HEAD commit, the commits a session made with git
// commit) are among the user's maps (each recorded repository root to the
// clone), as many as autoMaps holds.
func TestDevsetAutoAttach(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"external-agents", "auth-go"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := loadWorld(t, name)
			ctx := context.Background()
			a := unmapped(t, w)
			recorded, err := a.UnattachedGit(ctx)
			if err != nil {
				t.Fatal(err)
			}
			found, err := provenance.FindAutoMaps(ctx, recorded, []string{w.clone}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range found {
				t.Logf("%s", m)
				if !slices.Contains(w.maps, m.Map) {
					t.Errorf("map %s=%s is none of the user's: %v", m.Map.From, m.Map.To, w.maps)
				}
			}
			if len(found) < autoMaps[name] {
				t.Errorf("%d maps found, want %d of the user's %d", len(found), autoMaps[name], len(w.maps))
			}
		})
	}
}

// unmapped opens a copy of the world's archive as indexed and attaches its
// sessions again with no path map: what indexing the home with none
// stores, without reading the transcripts again.
func unmapped(t *testing.T, w *world) *archive.Archive {
	t.Helper()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "archive")
	tempdir.CopyTree(t, w.indexed, dir)
	a, err := archive.Open(ctx, archive.Options{Dir: dir, Resolver: provenance.ArchiveResolver{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.Reattach(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if maps, err := a.AttachedPathMaps(ctx); err != nil || len(maps) > 0 {
		t.Fatalf("attached with maps %v (%v), want none", maps, err)
	}
	return a
}
