package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

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
// usage error shows the usage line of the command that was run (cmd, nil
// for the root) and names its help. With asJSON the error is one JSON
// object instead (jsonError), as the MCP tools return it.
func exitCode(err error, cmd *cobra.Command, stderr io.Writer, asJSON bool) int {
	code := codeOf(err)
	if code == exitOK {
		return code
	}
	if asJSON {
		writeJSONLine(stderr, jsonError(err))
		return code
	}
	if code == exitCancelled {
		fmt.Fprintln(stderr, "hansard: cancelled")
		return code
	}
	fmt.Fprintf(stderr, "hansard: %s\n", termSafe(errorText(err)))
	if code == exitUsage {
		path := "hansard"
		if cmd != nil {
			path = cmd.CommandPath()
			fmt.Fprintf(stderr, "Usage: %s\n", cmd.UseLine())
		}
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", path)
	}
	return code
}

// errorText is what a person reads of err: the message alone of an error
// the user can fix (a bad argument, an unknown or ambiguous name), the
// whole chain of anything else, which says where it went wrong.
func errorText(err error) string {
	var amb ambiguousSessions
	if errors.As(err, &amb) {
		return amb.Error()
	}
	var e *recall.Error
	if errors.As(err, &e) {
		switch e.Code {
		case recall.CodeInvalidArgument, recall.CodeNotFound:
			return e.Message
		case recall.CodeAmbiguous:
			return e.Message + ":\n  " + strings.Join(e.Candidates, "\n  ")
		}
	}
	return err.Error()
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
