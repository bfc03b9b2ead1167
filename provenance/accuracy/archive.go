package accuracy

import (
	"context"
	"fmt"
	"path/filepath"

	"hansard/archive"
	"hansard/fixtures/truth"
	"hansard/provenance"
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
)

// Providers are the transcript providers a fixture's home holds.
func Providers() []transcripts.Provider {
	return []transcripts.Provider{claude.New(), codex.Provider{}}
}

// Env is the environment under which the providers find the fixture's
// transcripts.
func Env(res *truth.Result) transcripts.Env { return HomeEnv(res.Home) }

// HomeEnv is the environment under which the providers find the
// transcripts of a home folder: HOME set, nothing else.
func HomeEnv(home string) transcripts.Env {
	return func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
}

// IndexFixture opens an archive in dir, reads the fixture's transcripts
// into it with the fixture's path maps (as `hansard index --map` would)
// through the given providers (all when none), and brings its ledger up to
// date.
func IndexFixture(ctx context.Context, res *truth.Result, dir string, providers ...transcripts.Provider) (*archive.Archive, error) {
	var maps []archive.PathMap
	for _, m := range res.Truth.Maps {
		maps = append(maps, archive.PathMap{From: m.From, To: m.To})
	}
	return IndexHome(ctx, res.Home, maps, dir, providers...)
}

// IndexHome opens an archive in dir, reads the transcripts of a home
// folder into it with the given path maps (as `hansard index --map` would)
// through the given providers (all when none), and brings its ledger up to
// date.
func IndexHome(ctx context.Context, home string, maps []archive.PathMap, dir string, providers ...transcripts.Provider) (*archive.Archive, error) {
	a, err := archive.Open(ctx, archive.Options{Dir: filepath.Join(dir, "archive"), Resolver: provenance.ArchiveResolver{}, PathMaps: maps})
	if err != nil {
		return nil, err
	}
	if len(providers) == 0 {
		providers = Providers()
	}
	if _, err := a.Refresh(ctx, providers, HomeEnv(home), archive.RefreshOptions{}); err != nil {
		a.Close()
		return nil, fmt.Errorf("index %s: %w", home, err)
	}
	if _, err := provenance.UpdateLedger(ctx, a); err != nil {
		a.Close()
		return nil, fmt.Errorf("index %s: %w", home, err)
	}
	return a, nil
}
