package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"hansard/recall"
)

// toolDef describes one tool: Req is what its arguments decode into, Resp
// its structured result.
type toolDef[Req, Resp any] struct {
	name        string
	title       string
	description string
	// input is the tool's input JSON schema (an object with
	// additionalProperties false); arguments are decoded into Req strictly,
	// so a field the schema does not name, or of the wrong type, is an
	// invalid_argument error naming it.
	input string
	// scoped tools default to the repository of the client's working
	// folder (see Server.scope).
	scoped bool
	// scopedIf, when set, scopes the calls it holds true of (a tool that
	// needs the client's folder for some arguments only).
	scopedIf func(Req) bool
	call     func(ctx context.Context, req Req, scope recall.Scope) (Resp, error)
	// text is the concise text content of a result.
	text func(Resp) string
}

// add registers def on m with the read-only annotations every tool has.
func add[Req, Resp any](s *Server, m *server.MCPServer, def toolDef[Req, Resp]) {
	t := mcp.NewTool(def.name,
		mcp.WithDescription(def.description),
		mcp.WithTitleAnnotation(def.title),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithDestructiveHintAnnotation(false),
		mcp.WithIdempotentHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(false),
		rawInput(def.input),
		mcp.WithOutputSchema[Resp](),
	)
	m.AddTool(t, func(ctx context.Context, call mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var req Req
		if err := decodeArgs(call.Params.Arguments, &req); err != nil {
			return errorResult(err), nil
		}
		var scope recall.Scope
		if def.scoped || def.scopedIf != nil && def.scopedIf(req) {
			var ask *mcp.CallToolResult
			if scope, ask = s.scope(ctx, call); ask != nil {
				return ask, nil
			}
		}
		resp, err := def.call(ctx, req, scope)
		if err != nil {
			return errorResult(err), nil
		}
		return result(ctx, resp, def.text(resp)), nil
	})
}

// decodeArgs decodes a call's arguments into req, refusing unknown fields
// and values of the wrong type with an invalid_argument error that names
// the field.
func decodeArgs(args any, req any) error {
	if args == nil {
		args = map[string]any{}
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return &recall.Error{Code: recall.CodeInvalidArgument, Message: "arguments are not JSON", Err: err}
	}
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("null")) {
		raw = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		return argError(err)
	}
	return nil
}

func argError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		field := typeErr.Field
		if field == "" {
			return &recall.Error{Code: recall.CodeInvalidArgument, Message: "arguments must be an object"}
		}
		return &recall.Error{Code: recall.CodeInvalidArgument, Field: field,
			Message: fmt.Sprintf("%s must be %s, not %s", field, jsonKind(typeErr.Type.Kind().String()), typeErr.Value)}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name = strings.Trim(name, `"`)
		return &recall.Error{Code: recall.CodeInvalidArgument, Field: name, Message: "unknown argument " + name}
	}
	return &recall.Error{Code: recall.CodeInvalidArgument, Message: "bad arguments: " + err.Error()}
}

// jsonKind names a Go kind as JSON calls it.
func jsonKind(kind string) string {
	switch kind {
	case "int", "int64", "int32", "uint", "uint64", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice":
		return "an array"
	case "ptr":
		return "a number"
	}
	return "an object"
}

// rawInput sets a tool's input schema to the JSON schema given.
func rawInput(schema string) mcp.ToolOption {
	return func(t *mcp.Tool) {
		t.InputSchema = mcp.ToolInputSchema{}
		t.RawInputSchema = json.RawMessage(schema)
	}
}
