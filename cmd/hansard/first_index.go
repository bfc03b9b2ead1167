package main

import (
	"context"
	"fmt"
	"time"

	"hansard/archive"
	"hansard/recall"
)

// firstIndexNoteAfter is how long the first index of a new archive runs
// before a query that waits for it says so where no progress bar can be
// drawn: a small archive is read before anyone would wonder.
const firstIndexNoteAfter = time.Second

// firstIndexReport shows a query's wait for the first index of a new
// archive on stderr: the progress bar of hansard index on a terminal, one
// line of note elsewhere.
type firstIndexReport struct {
	app   *App
	bar   *progressBar
	noted bool
}

func (f *firstIndexReport) Progress(p archive.Progress) {
	if f.bar.on {
		f.bar.update(p)
		return
	}
	if !f.noted && p.Elapsed >= firstIndexNoteAfter {
		f.noted = true
		f.app.notify(noteFirstIndex, "", fmt.Sprintf("reading %d transcripts into a new archive before answering (once: later questions read only what is new)", p.FilesTotal))
	}
}

func (f *firstIndexReport) Done() { f.bar.clear() }

// clear takes the progress bar off the line, before a warning is printed.
func (f *firstIndexReport) clear() {
	if f != nil {
		f.bar.clear()
	}
}

// newFirstIndexReport reports on app's standard error.
func newFirstIndexReport(app *App) *firstIndexReport {
	return &firstIndexReport{app: app, bar: newProgressBar(app.Streams.Err)}
}

// indexPaused reports whether indexing is paused (hansard index pause);
// an archive that cannot say is taken as not paused: it is only a note.
func indexPaused(ctx context.Context, app *App) bool {
	a, err := app.Archive(ctx)
	if err != nil {
		return false
	}
	paused, err := a.Paused(ctx)
	return err == nil && paused
}

// printStateNotes says on stderr what makes an answer incomplete: another
// process building the archive for the first time, or indexing paused.
func printStateNotes(app *App, paused bool) {
	if app.host != nil && app.host.HalfBuilt() {
		app.notify(noteIndexBuilding, "note", recall.HalfBuiltNotice)
	}
	if paused {
		app.notify(noteIndexingPaused, "note", "indexing is paused; the newest conversations may be missing (`hansard index resume`)")
	}
}
