package transcripts

import (
	"crypto/sha256"
	"encoding/hex"
	"time"
	"unicode/utf8"
)

// CaptureTool is the name of the MCP tool through which an agent reports a
// subagent delivery it received.
const CaptureTool = "capture_subagent_messages"

// Types of a captured delivery.
const (
	CaptureAssignment = "assignment"
	CaptureFollowUp   = "follow-up"
	CaptureResult     = "result"
)

// CaptureTypes lists the delivery types, in the order they are documented.
var CaptureTypes = []string{CaptureAssignment, CaptureFollowUp, CaptureResult}

// Capture is a native subagent delivery (an assignment, a follow-up or a
// result) that the receiving agent reported through CaptureTool, as its
// transcript recorded the call. It is agent-reported evidence, not an
// independent observation of the delivery, and it holds a digest of the
// text, never the text (the transcript keeps that).
type Capture struct {
	SessionID  string
	ToolCallID string // the transcript's id of the capturing call
	// MessageIndex is the message that issued the call, -1 when unknown.
	MessageIndex int
	Type         string // CaptureAssignment, CaptureFollowUp or CaptureResult
	Sender       string
	Recipient    string // the recipient's path
	Digest       string // TextDigest of the delivery's text
	Chars        int    // characters (runes) of the text
	// CaptureID is the receipt's id, or CaptureID of the fields above when
	// the recorded result carries none.
	CaptureID string
	Timestamp time.Time
}

// TextDigest returns the hex SHA-256 of a delivery's text and its length
// in characters.
func TextDigest(text string) (digest string, chars int) {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:]), utf8.RuneCountInString(text)
}

// CaptureID names a capture by what makes a delivery the same one: the
// session that received it, its type, sender, recipient and text digest.
// Every path that records the same delivery names it alike.
func CaptureID(sessionID, typ, sender, recipient, digest string) string {
	h := sha256.New()
	for _, s := range []string{sessionID, typ, sender, recipient, digest} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return "cap_" + hex.EncodeToString(h.Sum(nil))[:16]
}
