package main

import (
	"hansard/recall"
)

// printAttachment says on stderr, one line each (notify), what a question
// attached to its repository automatically and the hint that no session
// is attached to it.
func printAttachment(app *App, att recall.Attachment) {
	for _, s := range att.Attached {
		app.notify(noteAttached, "", s)
	}
	if att.Hint != "" {
		app.notify(noteUnattached, "", att.Hint)
	}
}
