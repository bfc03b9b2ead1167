package mcp

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"

	"hansard/recall"
)

// toolError is the structured content of a failed call.
type toolError struct {
	Error recall.ErrorBody `json:"error"`
}

// errorResult is the one mapping of a failure to a tool result: isError
// set, the error object as structured content and as its JSON text.
func errorResult(err error) *mcp.CallToolResult {
	body := recall.Body(err, "")
	if errors.Is(err, context.DeadlineExceeded) {
		body.Code, body.Retryable = recall.CodeToolTimeout, false
	}
	res := mcp.NewToolResultStructuredOnly(toolError{Error: body})
	res.IsError = true
	return res
}
