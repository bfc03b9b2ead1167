package main

import (
	"fmt"
	"io"
	"strings"
)

// printWarning prints one warning line to stderr. Warnings name files and folders
// found on disk, whose names may hold escape sequences or line breaks: they
// are made safe as answers are (termSafe), and a newline becomes ␊ so that
// a warning stays one line.
func printWarning(w io.Writer, s string) {
	fmt.Fprintf(w, "hansard: warning: %s\n", strings.ReplaceAll(termSafe(s), "\n", "␊"))
}
