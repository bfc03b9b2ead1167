package recall

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Stable error codes. Transports map them once: the CLI to exit codes, the
// MCP adapter to isError results carrying the code.
const (
	CodeInvalidArgument  = "invalid_argument"  // a request field is malformed or out of range
	CodeNotFound         = "not_found"         // no session has that id or prefix
	CodeAmbiguous        = "ambiguous"         // an id prefix names several sessions
	CodeDuplicate        = "duplicate"         // the same thing was already recorded
	CodeIndexUnavailable = "index_unavailable" // the archive cannot be opened or read now (retryable)
	CodeToolTimeout      = "tool_timeout"      // the call ran past its time limit (work under way may still finish)
	CodeCancelled        = "cancelled"         // the caller gave up
	CodeInternal         = "internal"          // anything else
)

// Error is a failure with a stable code.
type Error struct {
	Code    string
	Message string
	// Field names the request field at fault, for invalid_argument.
	Field string
	// Candidates lists the session ids an ambiguous prefix matched.
	Candidates []string
	Retryable  bool
	Err        error // the cause, if any
}

func (e *Error) Error() string {
	msg := e.Message
	if len(e.Candidates) > 0 {
		msg += ": " + strings.Join(e.Candidates, ", ")
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// ErrorBody is a failure as the transports print it: the structured
// content of a failed MCP call, the CLI's error under --json.
type ErrorBody struct {
	Code       string   `json:"code"`
	Message    string   `json:"message"`
	Retryable  bool     `json:"retryable"`
	Field      string   `json:"field,omitempty"`
	Candidates []string `json:"candidates,omitempty"`
}

// Body returns err's ErrorBody with message (err.Error() when empty).
func Body(err error, message string) ErrorBody {
	if message == "" {
		message = err.Error()
	}
	body := ErrorBody{Code: ErrorCode(err), Message: message}
	var e *Error
	if errors.As(err, &e) {
		body.Retryable, body.Field, body.Candidates = e.Retryable, e.Field, e.Candidates
	}
	return body
}

// ErrorCode returns the stable code of err: its *Error's code, cancelled for
// a done context, internal otherwise, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return CodeCancelled
	}
	return CodeInternal
}

func invalidArg(field, msg string) *Error {
	return &Error{Code: CodeInvalidArgument, Field: field, Message: msg}
}

func invalidArgf(field, format string, args ...any) *Error {
	return invalidArg(field, fmt.Sprintf(format, args...))
}

// internal wraps an unexpected failure of the archive with context, keeping
// a cancelled context recognisable.
func internal(what string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &Error{Code: CodeCancelled, Message: what + " cancelled", Err: err}
	}
	return &Error{Code: CodeInternal, Message: what, Err: err}
}
