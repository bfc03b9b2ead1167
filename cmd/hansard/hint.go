package main

import (
	"fmt"
	"io"

	"hansard/recall"
)

// printAttachment prints on w, one line each, what a question attached to
// its repository automatically and the hint that no session is attached
// to it.
func printAttachment(w io.Writer, att recall.Attachment) {
	for _, s := range att.Attached {
		fmt.Fprintf(w, "hansard: %s\n", termSafe(s))
	}
	if att.Hint != "" {
		fmt.Fprintf(w, "hansard: %s\n", termSafe(att.Hint))
	}
}
