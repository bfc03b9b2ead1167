package main

import (
	"context"
	"time"

	"hansard/archive"
	"hansard/config"
	"hansard/recall"
	"hansard/transcripts"
)

// App is what commands share: streams, environment, flags of the root
// command, and the recall host (configuration, archive, refresh policy),
// made on first use.
type App struct {
	Streams   streams
	Getenv    func(string) string
	NoRefresh bool
	// Color is --color: auto, always or never.
	Color string
	// ShortLived, when set, tunes the process for a short query (the
	// command is the process's only work); main sets it, tests do not.
	ShortLived func()
	// Location is the time zone answers are shown in; nil is the local one.
	Location *time.Location
	// Now is the clock readable answers say how long ago against; nil is
	// time.Now.
	Now func() time.Time

	// jsonMode is set when the command prints JSON (--json): what it says
	// on stderr is JSON too (notify).
	jsonMode bool

	host  *recall.Host
	first *firstIndexReport
}

// Host returns the recall host, made once after the flags are parsed.
func (app *App) Host() *recall.Host {
	if app.host == nil {
		app.first = newFirstIndexReport(app)
		app.host = recall.NewHost(recall.HostOptions{
			Getenv:     app.Getenv,
			NoRefresh:  app.NoRefresh,
			Warn:       app.sourceWarning,
			Providers:  providers(),
			Location:   app.Location,
			FirstIndex: app.first,
		})
	}
	return app.host
}

// Providers returns the transcript providers, in a fixed order.
func (app *App) Providers() []transcripts.Provider { return app.Host().Providers() }

// Env returns the environment lookup handed to providers.
func (app *App) Env() transcripts.Env { return app.Host().Env() }

// Config loads the configuration file once.
func (app *App) Config() (config.Config, error) { return app.Host().Config() }

// Archive opens the archive once.
func (app *App) Archive(ctx context.Context) (*archive.Archive, error) {
	return app.Host().Archive(ctx)
}

// Close waits for background writes and closes the archive if it was opened.
func (app *App) Close() {
	if app.host != nil {
		app.host.Close()
		app.host = nil
	}
}

// shortLived calls ShortLived when set.
func (app *App) shortLived() {
	if app.ShortLived != nil {
		app.ShortLived()
	}
}
