package main

import (
	"context"

	"hansard/archive"
	"hansard/config"
	"hansard/provenance"
	"hansard/redact"
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
)

// App is what commands share: streams, environment, flags of the root
// command, and the archive, opened on first use.
type App struct {
	Streams   streams
	Getenv    func(string) string
	NoRefresh bool
	// ShortLived, when set, tunes the process for a short query (the
	// command is the process's only work); main sets it, tests do not.
	ShortLived func()

	cfg     *config.Config
	archive *archive.Archive
}

// Providers returns the transcript providers, in a fixed order.
func (app *App) Providers() []transcripts.Provider {
	return []transcripts.Provider{claude.New(), codex.Provider{}}
}

// Env returns the environment lookup handed to providers.
func (app *App) Env() transcripts.Env { return transcripts.Env(app.Getenv) }

// Config loads the configuration file once.
func (app *App) Config() (config.Config, error) {
	if app.cfg == nil {
		cfg, err := config.Load(app.Getenv)
		if err != nil {
			return cfg, err
		}
		app.cfg = &cfg
	}
	return *app.cfg, nil
}

// Archive opens the archive once, with redaction, the repository resolver
// and the path maps of the configuration.
func (app *App) Archive(ctx context.Context) (*archive.Archive, error) {
	if app.archive != nil {
		return app.archive, nil
	}
	cfg, err := app.Config()
	if err != nil {
		return nil, err
	}
	dir, err := archive.DefaultDir(app.Getenv)
	if err != nil {
		return nil, err
	}
	opts := archive.Options{Dir: dir, Resolver: provenance.ArchiveResolver{}, Redact: redactor(cfg), RedactVersion: redact.Version}
	a, err := archive.Open(ctx, opts)
	if err != nil {
		return nil, err
	}
	extra, err := a.ExtraPathMaps(ctx)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.SetPathMaps(append(configMaps(cfg), extra...))
	app.archive = a
	return a, nil
}

// Close closes the archive if it was opened.
func (app *App) Close() {
	if app.archive != nil {
		app.archive.Close()
		app.archive = nil
	}
}

// redactor returns the redaction the configuration asks for: nil when
// text is kept as recorded.
func redactor(cfg config.Config) func(string) string {
	if !cfg.Redact {
		return nil
	}
	return redact.New().String
}

func configMaps(cfg config.Config) []archive.PathMap {
	maps := make([]archive.PathMap, len(cfg.PathMaps))
	for i, m := range cfg.PathMaps {
		maps[i] = archive.PathMap{From: m.From, To: m.To}
	}
	return maps
}

// shortLived calls ShortLived when set.
func (app *App) shortLived() {
	if app.ShortLived != nil {
		app.ShortLived()
	}
}
