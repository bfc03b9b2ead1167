package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"hansard/transcripts"
)

// mcpInvocation is the invocation of an mcp_tool_call_end event.
type mcpInvocation struct {
	Server    string          `json:"server"`
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
}

// mcpResult is an mcp_tool_call_end result: {"Ok": CallToolResult} or
// {"Err": "…"}. The result's fields are camelCase as MCP writes them, or
// snake_case in some versions.
type mcpResult struct {
	Ok *struct {
		StructuredContent      json.RawMessage `json:"structuredContent"`
		StructuredContentSnake json.RawMessage `json:"structured_content"`
		IsError                *bool           `json:"isError"`
		IsErrorSnake           *bool           `json:"is_error"`
	} `json:"Ok"`
}

// captureArgs are the arguments of a capture call.
type captureArgs struct {
	Type      string `json:"type"`
	Sender    string `json:"sender"`
	Recipient string `json:"recipient"`
	Text      string `json:"text"`
}

// captureReceipt is the part of a capture's receipt that is read.
type captureReceipt struct {
	CaptureID       string `json:"capture_id"`
	SessionID       string `json:"session_id"`
	CapturedAtLocal string `json:"captured_at_local"`
}

// mcpCallEnd reads an mcp_tool_call_end event: a successful call of
// transcripts.CaptureTool (on whatever server it is configured as) becomes
// a Capture; other tools' calls carry nothing kept. A payload that does
// not decode is an error wrapping errPayload.
func (p *parser) mcpCallEnd(payload []byte) error {
	var callID string
	var inv, result []byte
	ok := scanObject(payload, func(key string, val []byte) {
		switch key {
		case "call_id":
			_ = json.Unmarshal(val, &callID)
		case "invocation":
			inv = val
		case "result":
			result = val
		}
	})
	if !ok {
		return fmt.Errorf("%w: mcp_tool_call_end: malformed", errPayload)
	}
	var in mcpInvocation
	if len(inv) > 0 {
		if err := decode(inv, &in); err != nil {
			return fmt.Errorf("%w: mcp_tool_call_end: %v", errPayload, err)
		}
	}
	p.touch()
	if in.Tool != transcripts.CaptureTool {
		return nil
	}
	receipt, ok := captureSucceeded(result)
	if !ok {
		return nil // refused (a duplicate, a bad argument) or failed: nothing was captured
	}
	var a captureArgs
	if decode(in.Arguments, &a) != nil || !slices.Contains(transcripts.CaptureTypes, a.Type) || a.Sender == "" || a.Recipient == "" {
		return nil
	}
	digest, chars := transcripts.TextDigest(a.Text)
	sid := p.st.Session.ID
	c := transcripts.Capture{
		SessionID: sid, ToolCallID: callID, MessageIndex: -1, Type: a.Type, Sender: a.Sender,
		Recipient: a.Recipient, Digest: digest, Chars: chars, Timestamp: p.ts,
		CaptureID: transcripts.CaptureID(sid, a.Type, a.Sender, a.Recipient, digest),
	}
	if receipt.CaptureID != "" && (receipt.SessionID == "" || receipt.SessionID == sid) {
		c.CaptureID = receipt.CaptureID
	}
	if at, err := time.Parse(time.RFC3339Nano, receipt.CapturedAtLocal); err == nil {
		c.Timestamp = at.UTC()
	}
	if call := p.st.find(callID); call != nil {
		c.MessageIndex = call.Call.MessageIndex
	}
	return p.sink(transcripts.Record{Capture: &c})
}

// captureSucceeded reports whether a recorded result is a success, with
// the receipt of its structured content when there is one.
func captureSucceeded(raw []byte) (captureReceipt, bool) {
	var r mcpResult
	if len(bytes.TrimSpace(raw)) == 0 || decode(raw, &r) != nil || r.Ok == nil {
		return captureReceipt{}, false
	}
	if isErr := r.Ok.IsError; (isErr != nil && *isErr) || (r.Ok.IsErrorSnake != nil && *r.Ok.IsErrorSnake) {
		return captureReceipt{}, false
	}
	var rc captureReceipt
	for _, sc := range [][]byte{r.Ok.StructuredContent, r.Ok.StructuredContentSnake} {
		if len(sc) > 0 && decode(sc, &rc) == nil && rc.CaptureID != "" {
			break
		}
	}
	return rc, true
}
