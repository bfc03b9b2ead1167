package mcp

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/server"

	"hansard/recall"
)

const captureInput = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["type", "sender", "recipient", "text"],
  "properties": {
    "type": {"type": "string", "enum": ["assignment", "follow-up", "result"], "description": "What the delivery is: an assignment, a follow-up or a result."},
    "sender": {"type": "string", "minLength": 1, "maxLength": 512, "description": "Who sent it, as the delivery names the sender."},
    "recipient": {"type": "string", "minLength": 1, "maxLength": 512, "description": "The recipient's path, as the delivery names it."},
    "text": {"type": "string", "minLength": 1, "maxLength": 1048576, "description": "The original text of the delivery, exactly as received: no inherited history, quotation or reconstruction."}
  }
}`

func (s *Server) captureTool(m *server.MCPServer) {
	add(s, m, toolDef[recall.CaptureRequest, recall.CaptureReceipt]{
		name:  "capture_subagent_messages",
		title: "Capture a subagent delivery",
		description: "Record a Codex native subagent delivery you received (an assignment, a follow-up or a result) " +
			"before acting on it, once: its type, sender, recipient path and original text. Returns a receipt bound to " +
			"this session with a digest of the text, never the text. Capturing the same delivery again is refused as " +
			"duplicate. A capture is agent-reported evidence, not an independent observation of the delivery.",
		input:  captureInput,
		scoped: true,
		call: func(ctx context.Context, req recall.CaptureRequest, scope recall.Scope) (recall.CaptureReceipt, error) {
			return s.host.Capture(ctx, req, recall.Caller{Dir: scope.Dir, PID: s.opts.AgentPID})
		},
		text: captureText,
	})
}

// captureText is a receipt in two lines, without the text.
func captureText(r recall.CaptureReceipt) string {
	return fmt.Sprintf("Captured %s from %s to %s as %s (session %s, %s, sha256 %s, %d characters).\n%s\n",
		r.Type, r.Sender, r.Recipient, r.CaptureID, r.SessionID, r.CapturedAtLocal, r.TextSHA256, r.TextChars, r.Note)
}
