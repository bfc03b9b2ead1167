package recall

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/transcripts"
)

// captureWorld is a home whose Codex process 777 (a fake proc root of
// real symbolic links) writes a rollout of session captureID in dir.
type captureWorld struct {
	host *Host
	dir  string
}

const captureID = "019b0000-0000-7000-8000-0000000000c1"

func newCaptureWorld(t *testing.T) captureWorld {
	t.Helper()
	base := t.TempDir()
	home, proc, dir := filepath.Join(base, "home"), filepath.Join(base, "proc"), filepath.Join(base, "work")
	rollout := filepath.Join(home, ".codex", "sessions", "2026", "03", "01", "rollout-2026-03-01T10-00-00-"+captureID+".jsonl")
	for _, d := range []string{filepath.Dir(rollout), filepath.Join(proc, "777", "fd"), dir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	meta := `{"timestamp":"2026-03-01T10:00:00.000Z","type":"session_meta","payload":{"id":"` + captureID + `","cwd":"` + dir + `"}}` + "\n"
	if err := os.WriteFile(rollout, []byte(meta), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(rollout, filepath.Join(proc, "777", "fd", "5")); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "HANSARD_HOME": filepath.Join(base, "archive")}
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone data")
	}
	h := NewHost(HostOptions{
		Getenv: func(k string) string { return env[k] }, NoRefresh: true, ProcRoot: proc, Location: paris,
		Now: func() time.Time { return time.Date(2026, 3, 1, 10, 5, 0, 123_000_000, time.UTC) },
	})
	t.Cleanup(func() { h.Close() })
	return captureWorld{host: h, dir: dir}
}

func TestCaptureReceiptAndDuplicate(t *testing.T) {
	t.Parallel()
	w := newCaptureWorld(t)
	ctx := context.Background()
	text := "Review the upload client.\nReport findings only."
	req := CaptureRequest{Type: "assignment", Sender: "/root", Recipient: "/root/reviewer", Text: text}
	caller := Caller{Dir: w.dir, PID: 777}
	r, err := w.host.Capture(ctx, req, caller)
	if err != nil {
		t.Fatal(err)
	}
	digest, chars := transcripts.TextDigest(text)
	want := CaptureReceipt{
		CaptureID: transcripts.CaptureID(captureID, "assignment", "/root", "/root/reviewer", digest),
		SessionID: captureID, Provider: "codex", Type: "assignment", Sender: "/root", Recipient: "/root/reviewer",
		CapturedAtLocal: "2026-03-01T11:05:00+01:00", TextSHA256: digest, TextChars: chars,
		Evidence: "agent-reported", Note: captureNote,
	}
	if r != want {
		t.Errorf("receipt\n %+v, want\n %+v", r, want)
	}
	if !strings.HasPrefix(r.CaptureID, "cap_") || len(r.CaptureID) != 20 || chars != 47 {
		t.Errorf("capture id %q, chars %d", r.CaptureID, chars)
	}
	if !strings.Contains(r.Note, "not an independent observation") {
		t.Errorf("note %q", r.Note)
	}

	_, err = w.host.Capture(ctx, req, caller)
	if ErrorCode(err) != CodeDuplicate || !strings.Contains(err.Error(), r.CaptureID) {
		t.Errorf("the same delivery again: %v, want duplicate naming %s", err, r.CaptureID)
	}
	var e *Error
	if errors.As(err, &e) && e.Retryable {
		t.Error("a duplicate is retryable")
	}
	// Another type, sender, recipient or text is another delivery.
	for _, other := range []CaptureRequest{
		{Type: "follow-up", Sender: "/root", Recipient: "/root/reviewer", Text: text},
		{Type: "assignment", Sender: "/root", Recipient: "/root/reviewer", Text: text + " "},
	} {
		if r2, err := w.host.Capture(ctx, other, caller); err != nil || r2.CaptureID == r.CaptureID {
			t.Errorf("%+v: %+v, %v", other, r2, err)
		}
	}
	a, err := w.host.Archive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	caps, err := a.Captures(ctx, captureID)
	if err != nil || len(caps) != 3 || caps[0].ID != r.CaptureID || caps[0].ServerAt.IsZero() {
		t.Errorf("archived captures %+v, %v", caps, err)
	}
}

func TestCaptureUnknownSession(t *testing.T) {
	t.Parallel()
	w := newCaptureWorld(t)
	req := CaptureRequest{Type: "result", Sender: "/root/a", Recipient: "/root", Text: "done"}
	for _, caller := range []Caller{{Dir: t.TempDir(), PID: 777}, {Dir: "", PID: 777}} {
		_, err := w.host.Capture(context.Background(), req, caller)
		if ErrorCode(err) != CodeNotFound || !strings.Contains(err.Error(), "cannot tell which Codex session is calling") {
			t.Errorf("caller %+v: %v, want not_found", caller, err)
		}
	}
}

func TestCaptureRequestValidate(t *testing.T) {
	t.Parallel()
	good := CaptureRequest{Type: "result", Sender: "/root/a", Recipient: "/root", Text: "line one\n\tline two"}
	if err := good.Validate(); err != nil {
		t.Fatalf("a good request: %v", err)
	}
	for _, tc := range []struct {
		name  string
		edit  func(*CaptureRequest)
		field string
	}{
		{"no type", func(r *CaptureRequest) { r.Type = "" }, "type"},
		{"unknown type", func(r *CaptureRequest) { r.Type = "followup" }, "type"},
		{"no sender", func(r *CaptureRequest) { r.Sender = " " }, "sender"},
		{"control in sender", func(r *CaptureRequest) { r.Sender = "/root\x1b[2J" }, "sender"},
		{"long recipient", func(r *CaptureRequest) { r.Recipient = strings.Repeat("a", 513) }, "recipient"},
		{"bad UTF-8 recipient", func(r *CaptureRequest) { r.Recipient = "/root/\xff" }, "recipient"},
		{"no text", func(r *CaptureRequest) { r.Text = "" }, "text"},
		{"long text", func(r *CaptureRequest) { r.Text = strings.Repeat("x", MaxCaptureText+1) }, "text"},
	} {
		r := good
		tc.edit(&r)
		err := r.Validate()
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeInvalidArgument || e.Field != tc.field {
			t.Errorf("%s: %v, want invalid_argument naming %s", tc.name, err, tc.field)
		}
	}
}
