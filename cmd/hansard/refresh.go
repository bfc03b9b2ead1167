package main

import (
	"context"
	"fmt"

	"hansard/archive"
)

// RefreshBeforeAnswer brings the archive up to date before a query
// command answers, unless --no-refresh was given or indexing is paused.
// It prints warnings about unreadable files to stderr and nothing else.
// Every query command calls it first.
func RefreshBeforeAnswer(ctx context.Context, app *App) (*archive.Archive, error) {
	a, err := app.Archive(ctx)
	if err != nil {
		return nil, err
	}
	if app.NoRefresh {
		return a, nil
	}
	if err := reattachIfMapsChanged(ctx, a); err != nil {
		return nil, err
	}
	// When `hansard index` (or another query) is writing, answer from
	// what is archived rather than wait.
	_, err = a.Refresh(ctx, app.Providers(), app.Env(), archive.RefreshOptions{
		NoWait: true,
		Warn:   func(s string) { fmt.Fprintf(app.Streams.Err, "hansard: warning: %s\n", s) },
	})
	if err != nil {
		return nil, fmt.Errorf("refresh archive: %w", err)
	}
	return a, nil
}

// reattachIfMapsChanged re-attaches stored sessions when the path maps in
// use differ from those their attachments were computed with.
func reattachIfMapsChanged(ctx context.Context, a *archive.Archive) error {
	attached, err := a.AttachedPathMaps(ctx)
	if err != nil {
		return err
	}
	if archive.SamePathMaps(attached, a.PathMaps()) {
		return nil
	}
	return a.Reattach(ctx, a.PathMaps())
}
