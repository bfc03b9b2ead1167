package codex

import (
	"encoding/json"
	"strings"
	"testing"

	"hansard/transcripts"
)

// TestRedactStateKeepsCalls cuts a rollout while a command holding a
// secret waits for its output: the redacted state holds no secret, and the
// output parsed from it completes the command.
func TestRedactStateKeepsCalls(t *testing.T) {
	t.Parallel()
	const secret = "hunter2-Zq81XbVd0Lw2Km5Rt7Yp3Nc6"
	text := func(s string) string { return strings.ReplaceAll(s, secret, "[redacted]") }
	r := transcripts.Redaction{Text: text, Record: func(rec transcripts.Record) transcripts.Record {
		b, _ := json.Marshal(rec)
		var out transcripts.Record
		if err := json.Unmarshal([]byte(text(string(b))), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}}
	first := metaLine + "\n" + twinItem(1, "assistant", "deploying with "+secret) + "\n" +
		`{"timestamp":"2026-04-30T08:00:02.000Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"deploy --password ` + secret + ` && go test ./...\"}","call_id":"call_bdrk_01Ed5eZj2MkYc7QdUg9PvXrAb"}}` + "\n"
	rest := `{"timestamp":"2026-04-30T08:00:03.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_bdrk_01Ed5eZj2MkYc7QdUg9PvXrAb","output":"Process exited with code 0\nOutput:\nok"}}` + "\n"
	_, cp := parseString(t, first, zeroCheckpoint)
	if !strings.Contains(string(cp.State), secret) {
		t.Fatalf("the state holds no text to redact: %s", cp.State)
	}
	state, err := Provider{}.RedactState(cp.State, r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(state), secret) {
		t.Fatalf("secret kept in the redacted state: %s", state)
	}
	cp.State = state
	c, _ := parseString(t, first+rest, cp)
	cmds := c.Commands()
	if len(cmds) != 1 || cmds[0].ExitCode == nil || *cmds[0].ExitCode != 0 || !cmds[0].IsTest || cmds[0].TestStatus != "pass" {
		t.Errorf("the output did not complete the command: %+v", cmds)
	}
}
