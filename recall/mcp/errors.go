package mcp

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"

	"hansard/recall"
)

// toolError is the structured content of a failed call.
type toolError struct {
	Error errorBody `json:"error"`
}

type errorBody struct {
	Code       string   `json:"code"`
	Message    string   `json:"message"`
	Retryable  bool     `json:"retryable"`
	Field      string   `json:"field,omitempty"`
	Candidates []string `json:"candidates,omitempty"`
}

// errorResult is the one mapping of a failure to a tool result: isError
// set, the error object as structured content and as its JSON text.
func errorResult(err error) *mcp.CallToolResult {
	body := errorBody{Code: recall.ErrorCode(err), Message: err.Error()}
	var e *recall.Error
	if errors.As(err, &e) {
		body.Retryable, body.Field, body.Candidates = e.Retryable, e.Field, e.Candidates
	}
	if errors.Is(err, context.DeadlineExceeded) {
		body.Code, body.Retryable = recall.CodeToolTimeout, false
	}
	res := mcp.NewToolResultStructuredOnly(toolError{Error: body})
	res.IsError = true
	return res
}
