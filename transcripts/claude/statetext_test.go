package claude

import (
	"encoding/json"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// replacing is a redaction that replaces one secret wherever a text holds it.
func replacing(t *testing.T, secret string) transcripts.Redaction {
	text := func(s string) string { return strings.ReplaceAll(s, secret, "[redacted]") }
	return transcripts.Redaction{Text: text, Record: func(r transcripts.Record) transcripts.Record {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var out transcripts.Record
		if err := json.Unmarshal([]byte(text(string(b))), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}}
}

// TestRedactStateKeepsIds cuts a session with Bedrock ids after an answer's
// first line, while a command holding a secret waits for its result: the
// redacted state holds no secret, and the rest of the file parsed from it
// pairs the result with its call and joins the answer's lines.
func TestRedactStateKeepsIds(t *testing.T) {
	t.Parallel()
	const secret = "hunter2-Zq81XbVd0Lw2Km5Rt7Yp3Nc6"
	line := func(typ, uuid, msg string) string {
		return `{"type":"` + typ + `","sessionId":"aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa","uuid":"` + uuid + `","timestamp":"2026-03-01T11:00:00Z","cwd":"/w","message":` + msg + `}` + "\n"
	}
	first := line("user", "u1", `{"role":"user","content":"deploy with `+secret+`"}`) +
		line("assistant", "u2", `{"id":"msg_bdrk_01XUJoGbjcR7rekU2ZzyBzes","role":"assistant","content":[{"type":"text","text":"Using `+secret+`."}]}`) +
		line("assistant", "u3", `{"id":"msg_bdrk_01XUJoGbjcR7rekU2ZzyBzes","role":"assistant","content":[{"type":"tool_use","id":"toolu_bdrk_01Ed5eZj2MkYc7QdUg9PvXrAb","name":"Bash","input":{"command":"deploy --password `+secret+`"}}]}`)
	rest := line("user", "u4", `{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_bdrk_01Ed5eZj2MkYc7QdUg9PvXrAb","content":"ok"}]}`) +
		line("assistant", "u5", `{"id":"msg_bdrk_01XUJoGbjcR7rekU2ZzyBzes","role":"assistant","content":[{"type":"text","text":"Deployed."}]}`)
	src := transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/p/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.jsonl", Class: transcripts.ClassMain}
	whole, _ := providertest.ParseFrom(t, New(), src, []byte(first+rest), transcripts.Checkpoint{})

	got, cp := providertest.ParseFrom(t, New(), src, []byte(first), transcripts.Checkpoint{})
	if !strings.Contains(string(cp.State), secret) {
		t.Fatalf("the state holds no text to redact: %s", cp.State)
	}
	state, err := New().RedactState(cp.State, replacing(t, secret))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(state), secret) {
		t.Fatalf("secret kept in the redacted state: %s", state)
	}
	cp.State = state
	more, _ := providertest.ParseFrom(t, New(), src, []byte(first+rest), cp)
	for k, m := range more.MessagesByKey {
		got.MessagesByKey[k] = m
	}
	for k, c := range more.ToolCallsByKey {
		got.ToolCallsByKey[k] = c
	}
	if n, want := len(got.MessagesByKey), len(whole.MessagesByKey); n != want {
		t.Errorf("%d messages after a redacted checkpoint, %d in one parse", n, want)
	}
	calls := got.ToolCalls()
	if len(calls) != 1 || !calls[0].HasResult || calls[0].Result != "ok" {
		t.Errorf("the result was not paired with its call: %+v", calls)
	}
}
