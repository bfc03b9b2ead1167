package recall

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"hansard/archive"
	"hansard/transcripts"
	"hansard/transcripts/codex"
)

// MaxCaptureText is the longest delivery text a capture accepts, in bytes.
const MaxCaptureText = 1 << 20

// EvidenceAgentReported labels a capture: what the calling agent says it
// received.
const EvidenceAgentReported = "agent-reported"

// captureNote is the note of every receipt.
const captureNote = "Agent-reported evidence: what the calling agent says it received, not an independent " +
	"observation of the delivery. The text is not kept here (the transcript records it); the digest names it."

// CaptureRequest is a Codex native subagent delivery (an assignment, a
// follow-up or a result) that the calling agent received, as given to the
// MCP tool capture_subagent_messages.
type CaptureRequest struct {
	Type      string `json:"type"`
	Sender    string `json:"sender"`
	Recipient string `json:"recipient"` // the recipient's path
	Text      string `json:"text"`      // the original text of the delivery, exactly
}

// Validate checks every field: type one of transcripts.CaptureTypes,
// sender and recipient given, up to 512 bytes without control characters,
// text given and up to MaxCaptureText bytes.
func (r CaptureRequest) Validate() error {
	if !slices.Contains(transcripts.CaptureTypes, r.Type) {
		return invalidArgf("type", "type must be one of %s, not %q", strings.Join(transcripts.CaptureTypes, ", "), r.Type)
	}
	for _, f := range []struct{ name, v string }{{"sender", r.Sender}, {"recipient", r.Recipient}} {
		if strings.TrimSpace(f.v) == "" {
			return invalidArgf(f.name, "%s is required", f.name)
		}
		if !utf8.ValidString(f.v) {
			return invalidArgf(f.name, "%s is not valid UTF-8", f.name)
		}
		if err := checkText(f.name, f.v); err != nil {
			return err
		}
	}
	switch {
	case r.Text == "":
		return invalidArg("text", "text is required: the original text of the delivery")
	case len(r.Text) > MaxCaptureText:
		return invalidArgf("text", "text is longer than %d bytes", MaxCaptureText)
	case !utf8.ValidString(r.Text):
		return invalidArg("text", "text is not valid UTF-8")
	}
	return nil
}

// Caller is what the server knows of the client that made a call.
type Caller struct {
	// Dir is the client's working folder (its declared root, else the
	// server's working folder).
	Dir string
	// PID is the client's process (the server's parent); 0 when unknown.
	PID int
}

// CaptureReceipt is what a capture returns: never the text.
type CaptureReceipt struct {
	CaptureID       string `json:"capture_id"`
	SessionID       string `json:"session_id"`
	Provider        string `json:"provider"`
	Type            string `json:"type"`
	Sender          string `json:"sender"`
	Recipient       string `json:"recipient"`
	CapturedAtLocal string `json:"captured_at_local"`
	TextSHA256      string `json:"text_sha256"`
	TextChars       int    `json:"text_chars"`
	Evidence        string `json:"evidence"`
	Note            string `json:"note"`
}

// Capture records a delivery the calling agent received, bound to the
// caller's session (found from the client, see CallerSession), and returns
// its receipt. The same delivery captured again is refused as duplicate,
// naming the first capture.
func (h *Host) Capture(ctx context.Context, req CaptureRequest, caller Caller) (CaptureReceipt, error) {
	if err := req.Validate(); err != nil {
		return CaptureReceipt{}, err
	}
	session, err := h.CallerSession(caller)
	if err != nil {
		return CaptureReceipt{}, err
	}
	a, err := h.Archive(ctx)
	if err != nil {
		return CaptureReceipt{}, err
	}
	digest, chars := transcripts.TextDigest(req.Text)
	now := h.now().UTC().Truncate(time.Millisecond)
	c, created, err := a.RecordCapture(ctx, archive.Capture{
		ID:        transcripts.CaptureID(session, req.Type, req.Sender, req.Recipient, digest),
		SessionID: session, Provider: transcripts.ProviderCodex, Type: req.Type, Sender: req.Sender,
		Recipient: req.Recipient, Digest: digest, Chars: chars, CapturedAt: now, ServerAt: now,
	})
	if err != nil {
		return CaptureReceipt{}, internal("record the capture", err)
	}
	if !created {
		return CaptureReceipt{}, &Error{Code: CodeDuplicate,
			Message: "this delivery was already captured as " + c.ID + " at " + LocalTime(c.CapturedAt, h.loc()) +
				"; a successful capture must not be repeated"}
	}
	return CaptureReceipt{
		CaptureID: c.ID, SessionID: c.SessionID, Provider: c.Provider, Type: c.Type, Sender: c.Sender,
		Recipient: c.Recipient, CapturedAtLocal: LocalTime(c.CapturedAt, h.loc()), TextSHA256: c.Digest,
		TextChars: c.Chars, Evidence: EvidenceAgentReported, Note: captureNote,
	}, nil
}

// CallerSession returns the id of the Codex session that is calling: the
// live rollout of the caller's working folder that the caller's process
// writes (see codex.LiveSession). Without one it is not_found.
func (h *Host) CallerSession(caller Caller) (string, error) {
	roots := codex.Provider{}.Roots(h.Env())
	var sessions string
	if len(roots) > 0 {
		sessions = roots[0]
	}
	r, err := codex.LiveSession(codex.Live{Sessions: sessions, Dir: caller.Dir, PID: caller.PID,
		ProcRoot: h.opts.ProcRoot, Now: h.now})
	if errors.Is(err, codex.ErrNoLiveSession) {
		where := "no working folder"
		if caller.Dir != "" {
			where = "working folder " + caller.Dir
		}
		return "", &Error{Code: CodeNotFound, Err: err, Message: "cannot tell which Codex session is calling (" + where + ")"}
	}
	if err != nil {
		return "", internal("find the calling session", err)
	}
	return r.SessionID, nil
}
