package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Exit codes of hansard.
const (
	exitOK        = 0
	exitError     = 1
	exitUsage     = 2
	exitCancelled = 130
)

// usageError marks a bad command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// exitCode prints err (when any) and maps it to the exit code (codeOf).
func exitCode(err error, stderr io.Writer) int {
	code := codeOf(err)
	switch code {
	case exitOK:
		return code
	case exitCancelled:
		fmt.Fprintln(stderr, "hansard: cancelled")
		return code
	}
	fmt.Fprintf(stderr, "hansard: %s\n", termSafe(err.Error()))
	if code == exitUsage {
		fmt.Fprintln(stderr, "Run 'hansard --help' for usage.")
	}
	return code
}

// codeOf maps err to the exit code, in one place.
func codeOf(err error) int {
	var u usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, context.Canceled):
		return exitCancelled
	case errors.As(err, &u) || isCobraUsage(err):
		return exitUsage
	}
	return exitError
}

// isCobraUsage recognises the argument errors cobra returns as plain errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "requires at most", "invalid argument"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}
