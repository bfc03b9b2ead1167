package devset

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"hansard/provenance"
	"hansard/provenance/accuracy"
)

// autoMaps is how many of each set's recorded repository roots the
// agents' recorded git state attaches: in auth-go, three folders hold
// only Claude Code sessions that made no commit, which nothing places.
var autoMaps = map[string]int{"external-agents": 4, "auth-go": 2}

// TestDevsetAutoAttach indexes each set's home with no path map and checks
// that the maps found from the agents' recorded git state (a Codex
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
			a, err := accuracy.IndexHome(ctx, w.home, nil, filepath.Join(w.dir, "unmapped"))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
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
