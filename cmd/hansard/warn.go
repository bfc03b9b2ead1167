package main

import (
	"fmt"
	"io"
	"strings"
)

// Codes of what hansard says on stderr beside an answer, in --json mode the
// "code" of {"warning": {"code", "message"}} (see App.notify).
const (
	// warnSource: a transcript, memory file or folder read with trouble
	// (skipped lines, a file that could not be read, a link skipped).
	warnSource = "source"
	// warnGit: a repository's git log could not be stored.
	warnGit = "git"
	// warnVectors: the vectors of meaning search could not all be
	// computed (the embeddings endpoint down).
	warnVectors = "vectors"
	// warnIntegrate: hansard integrate did less than asked.
	warnIntegrate = "integrate"
	// warnMeaningModel: the model of meaning search could not be learned
	// or saved (the next index tries again).
	warnMeaningModel = "meaning_model"
	// noteFirstIndex: the first question on a new archive waits for its
	// first index.
	noteFirstIndex = "first_index"
	// noteIndexBuilding: another process is building the archive for the
	// first time; the answer comes from what it has read so far.
	noteIndexBuilding = "index_building"
	// noteIndexingPaused: indexing is paused; the newest conversations may
	// be missing.
	noteIndexingPaused = "indexing_paused"
	// noteAttached: sessions were attached to a repository from the
	// agents' recorded git state.
	noteAttached = "attached"
	// noteUnattached: sessions are attached to no repository, and none to
	// the one asked about.
	noteUnattached = "unattached"
)

// warningJSON is a warning or note as --json prints it on stderr, in the
// shape of errors ({"error": {…}}, errorJSON).
type warningJSON struct {
	Warning warningBody `json:"warning"`
}

type warningBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// notify says msg on stderr: in --json mode as one line of JSON
// (warningJSON) with its code, else as one line "hansard: LABEL: msg"
// (label "warning" or "note"; none when empty) made safe to print
// (printWarning).
func (app *App) notify(code, label, msg string) {
	app.first.clear()
	if app.jsonMode {
		writeJSONLine(app.Streams.Err, warningJSON{warningBody{Code: code, Message: msg}})
		return
	}
	printNotice(app.Streams.Err, label, msg)
}

// warn prints a warning of code (warnSource, warnGit, warnVectors, warnIntegrate, warnMeaningModel).
func (app *App) warn(code, msg string) { app.notify(code, "warning", msg) }

// warnSource is the warning hook of reading transcripts and memory files.
func (app *App) sourceWarning(msg string) { app.warn(warnSource, msg) }

// printWarning prints one warning line. Warnings name files and folders
// found on disk, whose names may hold escape sequences or line breaks: they
// are made safe as answers are (termSafe), and a newline becomes ␊ so that
// a warning stays one line.
func printWarning(w io.Writer, s string) { printNotice(w, "warning", s) }

// printNotice prints "hansard: LABEL: s" (or "hansard: s" with no label)
// on one line, made safe as printWarning says.
func printNotice(w io.Writer, label, s string) {
	if label != "" {
		label += ": "
	}
	fmt.Fprintf(w, "hansard: %s%s\n", label, strings.ReplaceAll(termSafe(s), "\n", "␊"))
}
