package archive

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hansard/transcripts"
	"hansard/transcripts/codex"
)

const captureSession = "0190aaaa-0000-7000-8000-000000000008"

// TestCaptures: a capture the server records is refused the second time;
// indexing the transcript gives it the transcript's call, adds the one the
// server never saw (with a note saying so), and a rebuild changes nothing.
func TestCaptures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	home := t.TempDir()
	b, err := os.ReadFile("../fixtures/codex/capture.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rollout := filepath.Join(home, ".codex", "sessions", "2026", "05", "02", "rollout-2026-05-02T11-00-00-"+captureSession+".jsonl")
	os.MkdirAll(filepath.Dir(rollout), 0o700)
	if err := os.WriteFile(rollout, b, 0o600); err != nil {
		t.Fatal(err)
	}
	a := openEmpty(t, Options{})

	task := "Review the upload client for retries.\nReport findings only."
	digest, chars := transcripts.TextDigest(task)
	at := time.Date(2026, 5, 2, 9, 0, 3, 500_000_000, time.UTC)
	c := Capture{
		ID: transcripts.CaptureID(captureSession, "assignment", "/root", "/root/reviewer", digest), SessionID: captureSession,
		Provider: "codex", Type: "assignment", Sender: "/root", Recipient: "/root/reviewer", Digest: digest, Chars: chars,
		CapturedAt: at, ServerAt: at,
	}
	stored, created, err := a.RecordCapture(ctx, c)
	if err != nil || !created || stored.ID != "cap_38944e89476dd69e" || stored.ReportedBy != ReportedByAgent || stored.MessageIndex != -1 {
		t.Fatalf("RecordCapture = %+v, %v, %v", stored, created, err)
	}
	again := c
	again.ServerAt, again.CapturedAt = at.Add(time.Minute), at.Add(time.Minute)
	stored, created, err = a.RecordCapture(ctx, again)
	if err != nil || created || stored.ID != c.ID || !stored.ServerAt.Equal(at) {
		t.Fatalf("the same delivery again: %+v, %v, %v; want the first capture, not created", stored, created, err)
	}

	check := func(when string) {
		t.Helper()
		caps, err := a.Captures(ctx, captureSession)
		if err != nil {
			t.Fatal(err)
		}
		if len(caps) != 2 {
			t.Fatalf("%s: captures %+v, want 2", when, caps)
		}
		first, second := caps[0], caps[1]
		if first.ID != c.ID || first.CallID != "call_c1" || first.MessageIndex != 1 || !first.ServerAt.Equal(at) ||
			first.Note != NoteFromServer || first.Chars != chars || first.Digest != digest {
			t.Errorf("%s: the server's capture %+v: want the transcript's call added to it", when, first)
		}
		if second.ID != "cap_90a16f0e8ed05efc" || second.CallID != "call_c4" || !second.ServerAt.IsZero() ||
			second.Note != NoteFromTranscript || second.ReportedBy != ReportedByAgent || second.Provider != "codex" ||
			second.Type != "follow-up" || second.MessageIndex != -1 {
			t.Errorf("%s: the transcript's own capture %+v", when, second)
		}
	}
	if _, err := a.Refresh(ctx, []transcripts.Provider{codex.Provider{}}, homeEnv(home), RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	check("indexed")
	if _, err := a.Refresh(ctx, []transcripts.Provider{codex.Provider{}}, homeEnv(home), RefreshOptions{Rebuild: true}); err != nil {
		t.Fatal(err)
	}
	check("rebuilt")
	if all, err := a.Captures(ctx, ""); err != nil || len(all) != 2 {
		t.Errorf("all captures: %d, %v", len(all), err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM subagent_captures
		WHERE instr(capture_id || session_id || type || sender || recipient || digest || note, 'upload') > 0`); n != 0 {
		t.Error("the text reached the table")
	}
}
