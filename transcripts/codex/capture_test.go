package codex

import (
	"testing"
	"time"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

const idCapture = "0190aaaa-0000-7000-8000-000000000008"

// TestCaptures: a successful capture_subagent_messages call recorded as
// mcp_tool_call_end becomes a Capture, whichever server name it has and
// whichever case its result fields use; a refused call (isError), a failed
// one (Err) and other tools' calls do not.
func TestCaptures(t *testing.T) {
	t.Parallel()
	providertest.Run(t, providertest.Suite{
		Provider: Provider{},
		Files:    files(t, map[string]string{"capture.jsonl": idCapture}),
		Sessions: []providertest.WantSession{{ID: idCapture, Class: transcripts.ClassSubagent, Messages: 2}},
		Check: func(t *testing.T, c *providertest.Collector) {
			caps := c.Captures()
			if len(caps) != 2 {
				t.Fatalf("captures %+v, want the two successful ones", caps)
			}
			task := "Review the upload client for retries.\nReport findings only."
			digest, chars := transcripts.TextDigest(task)
			want := transcripts.Capture{
				SessionID: idCapture, ToolCallID: "call_c1", MessageIndex: 1, Type: transcripts.CaptureAssignment,
				Sender: "/root", Recipient: "/root/reviewer", Digest: digest, Chars: chars,
				CaptureID: "cap_38944e89476dd69e",
				Timestamp: time.Date(2026, 5, 2, 9, 0, 3, 500_000_000, time.UTC),
			}
			if caps[0] != want {
				t.Errorf("capture\n %+v, want\n %+v", caps[0], want)
			}
			if id := transcripts.CaptureID(idCapture, want.Type, want.Sender, want.Recipient, digest); id != want.CaptureID {
				t.Errorf("the receipt's id %s is not the computed %s", want.CaptureID, id)
			}
			fu := caps[1]
			if fu.ToolCallID != "call_c4" || fu.Type != transcripts.CaptureFollowUp || fu.MessageIndex != -1 ||
				fu.CaptureID != "cap_90a16f0e8ed05efc" || fu.Chars != 53 ||
				fu.Digest != "b329e3ffcbc5c2dad1d21a0ef2297178ffb7b8a649a314f64df617a1056628a3" ||
				!fu.Timestamp.Equal(time.Date(2026, 5, 2, 9, 0, 7, 0, time.UTC)) {
				t.Errorf("a capture without receipt or call record: %+v", fu)
			}
			if n := len(c.Problems); n != 0 {
				t.Errorf("problems %+v", c.Problems)
			}
		},
	})
}
