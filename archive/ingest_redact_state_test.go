package archive

import (
	"encoding/json"
	"strings"
	"testing"

	"hansard/redact"
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/providertest"
)

func TestRedactState(t *testing.T) {
	t.Parallel()
	secret := "tok" + "en-" + "SECRET"
	redact := func(s string) string { return strings.ReplaceAll(s, secret, "[redacted:test]") }

	clean := []byte(`{"next":3,"prompt":"hello"}`)
	if out := redactState(nil, redact, clean); string(out) != string(clean) {
		t.Fatalf("clean state changed: %s", out)
	}

	state := []byte(`{"next":3,"prompt":"use ` + secret + `","pending":[{"id":"c1","input":{"command":"curl -H ` + secret + `"}}]}`)
	out := redactState(nil, redact, state)
	if strings.Contains(string(out), secret) {
		t.Fatalf("secret kept: %s", out)
	}
	var v map[string]any
	if err := json.Unmarshal(out, &v); err != nil || v["next"] != float64(3) {
		t.Fatalf("redacted state is not the same JSON: %v %s", err, out)
	}

	if out := redactState(nil, redact, []byte("binary "+secret)); strings.Contains(string(out), secret) {
		t.Errorf("non-JSON state kept its secret: %q", out)
	}
	if out := redactState(nil, nil, state); string(out) != string(state) {
		t.Errorf("redaction off changed the state")
	}
}

// TestPendingWriteThroughRedactedState cuts a Claude transcript between a
// Write whose content holds a private key in a Go raw string and its
// result: the edit parsed from the redacted checkpoint state is stored as
// the edit of one parse of the whole file, the key one placeholder a line.
func TestPendingWriteThroughRedactedState(t *testing.T) {
	t.Parallel()
	content := "package store\n\nconst localSettings = `" + strings.Join(testPrivateKey(), "\n") + "`\n"
	input, err := json.Marshal(map[string]string{"file_path": "/w/store/limiter_stream.go", "content": content})
	if err != nil {
		t.Fatal(err)
	}
	line := func(typ, uuid, msg string) string {
		return `{"type":"` + typ + `","sessionId":"aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa","uuid":"` + uuid + `","timestamp":"2026-03-01T11:00:00Z","cwd":"/w","message":` + msg + `}` + "\n"
	}
	first := line("assistant", "u1", `{"id":"msg_01","role":"assistant","content":[{"type":"tool_use","id":"toolu_01","name":"Write","input":`+string(input)+`}]}`)
	data := []byte(first + line("user", "u2", `{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01","content":"File created"}]}`))
	src := transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/p/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.jsonl", Class: transcripts.ClassMain}
	p, red := claude.New(), redact.New().String
	stored := func(c *providertest.Collector) string {
		edits := c.Edits()
		if len(edits) != 1 {
			t.Fatalf("edits: %+v", edits)
		}
		r, _ := copyRecord(transcripts.Record{Edit: &edits[0]}, red)
		return r.Edit.NewText
	}
	whole, _ := providertest.ParseFrom(t, p, src, data, transcripts.Checkpoint{})
	want := stored(whole)
	if strings.Count(want, redact.Placeholder(redact.KindPrivateKey)) != len(testPrivateKey()) {
		t.Fatalf("one parse stored %q", want)
	}
	_, cp := providertest.ParseFrom(t, p, src, []byte(first), transcripts.Checkpoint{})
	cp.State = redactState(p, red, cp.State)
	more, _ := providertest.ParseFrom(t, p, src, data, cp)
	if got := stored(more); got != want {
		t.Errorf("through the redacted state the edit is\n%q\nin one parse\n%q", got, want)
	}
}
