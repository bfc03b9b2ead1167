package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"hansard/recall"
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

// exitCode prints err (when any) and maps it to the exit code (codeOf). A
// usage error names the help of the command that was run (cmdPath).
func exitCode(err error, cmdPath string, stderr io.Writer) int {
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
		if cmdPath == "" {
			cmdPath = "hansard"
		}
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmdPath)
	}
	return code
}

// codeOf maps err to the exit code, in one place: usage errors of the
// command line and invalid_argument errors of recall exit 2, a cancelled
// command 130, any other failure 1.
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
	switch recall.ErrorCode(err) {
	case recall.CodeInvalidArgument:
		return exitUsage
	case recall.CodeCancelled:
		return exitCancelled
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
