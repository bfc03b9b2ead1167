package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"hansard/archive"
	"hansard/transcripts"
)

// TestMCPCaptureSubagentMessages: the status server, started by this test
// process (which plays the Codex agent: it holds its rollout open, as Codex
// does), serves capture_subagent_messages alone; a capture returns a
// receipt bound to the open rollout's session without the text, a repeat
// is duplicate; once the rollout records the call and is indexed, the
// archive holds one capture with both the server's record and the
// transcript's call.
func TestMCPCaptureSubagentMessages(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc: the calling process's open files cannot be read")
	}
	w := sharedMCPWorld(t)
	home := t.TempDir()
	codexHome := filepath.Join(home, "codex")
	const live, other = "019b2222-0000-7000-8000-0000000000a1", "019b2222-0000-7000-8000-0000000000a2"
	rollout := writeRollout(t, codexHome, live, w.repo)
	f, err := os.OpenFile(rollout, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close() // open while the server runs: /proc/<its parent>/fd shows it
	// A newer rollout of the same folder that this process does not hold
	// open: the open one is the caller's.
	time.Sleep(20 * time.Millisecond)
	writeRollout(t, codexHome, other, w.repo)

	archiveDir := filepath.Join(t.TempDir(), "archive")
	env := []string{"HOME=" + home, "CODEX_HOME=" + codexHome, "HANSARD_HOME=" + archiveDir}
	c := startMCP(t, w, env, nil, "--status")

	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 1 || res.Tools[0].Name != "capture_subagent_messages" {
		t.Fatalf("tools/list of the status server: %v", res.Tools)
	}
	var schema struct {
		InputSchema struct {
			Required             []string `json:"required"`
			AdditionalProperties bool     `json:"additionalProperties"`
		} `json:"inputSchema"`
	}
	b, _ := json.Marshal(res.Tools[0])
	json.Unmarshal(b, &schema)
	if fmt.Sprint(schema.InputSchema.Required) != "[type sender recipient text]" || schema.InputSchema.AdditionalProperties {
		t.Errorf("input schema %s", b)
	}

	text := "Review the upload client for retries.\nReport findings only, \u2014 no edits."
	args := map[string]any{"type": "assignment", "sender": "/root", "recipient": "/root/reviewer", "text": text}
	receipt, raw := captureCall(t, c, args)
	digest, chars := transcripts.TextDigest(text)
	id := transcripts.CaptureID(live, "assignment", "/root", "/root/reviewer", digest)
	if receipt["capture_id"] != id || receipt["session_id"] != live || receipt["provider"] != "codex" ||
		receipt["text_sha256"] != digest || receipt["text_chars"] != float64(chars) || receipt["evidence"] != "agent-reported" ||
		receipt["type"] != "assignment" || receipt["recipient"] != "/root/reviewer" {
		t.Errorf("receipt %v, want capture %s of session %s, digest %s", receipt, id, live, digest)
	}
	if at, err := time.Parse(time.RFC3339, fmt.Sprint(receipt["captured_at_local"])); err != nil || time.Since(at) > time.Minute {
		t.Errorf("captured_at_local %v: %v", receipt["captured_at_local"], err)
	}
	if note := fmt.Sprint(receipt["note"]); !strings.Contains(note, "not an independent observation") {
		t.Errorf("note %q", note)
	}
	if strings.Contains(raw, "upload client") || strings.Contains(raw, "findings") {
		t.Errorf("the result repeats the text: %s", raw)
	}

	m, isErr := call(t, c, "capture_subagent_messages", args)
	if !isErr {
		t.Fatalf("the same delivery again: %v", m)
	}
	if code, retryable := errorCode(t, m); code != "duplicate" || retryable || !strings.Contains(fmt.Sprint(m), id) {
		t.Errorf("repeat: %v, want duplicate, not retryable, naming %s", m, id)
	}
	bad := map[string]any{"type": "reply", "sender": "/root", "recipient": "/root/reviewer", "text": "x"}
	if m, isErr := call(t, c, "capture_subagent_messages", bad); !isErr || fmt.Sprint(m["error"].(map[string]any)["field"]) != "type" {
		t.Errorf("an unknown type: %v", m)
	}
	c.Close()

	// The rollout records the call as Codex does; indexing reads it back.
	callArgs, _ := json.Marshal(args)
	receiptJSON, _ := json.Marshal(receipt)
	for _, line := range []string{
		`{"timestamp":"2026-03-04T10:00:02.000Z","type":"response_item","payload":{"type":"function_call","name":"hansard_status__capture_subagent_messages","arguments":` + quoteJSON(string(callArgs)) + `,"call_id":"call_cap1"}}`,
		`{"timestamp":"2026-03-04T10:00:02.300Z","type":"event_msg","payload":{"type":"mcp_tool_call_end","call_id":"call_cap1","invocation":{"server":"hansard_status","tool":"capture_subagent_messages","arguments":` + string(callArgs) + `},"duration":{"secs":0,"nanos":300000000},"result":{"Ok":{"content":[{"type":"text","text":"Captured."}],"structuredContent":` + string(receiptJSON) + `,"isError":false}}}}`,
		`{"timestamp":"2026-03-04T10:00:02.400Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_cap1","output":"Captured."}}`,
	} {
		if _, err := f.WriteString(line + "\n"); err != nil {
			t.Fatal(err)
		}
	}
	index := exec.Command(w.bin, "index")
	index.Dir, index.Env = w.repo, append(env, "PATH="+os.Getenv("PATH"))
	if out, err := index.CombinedOutput(); err != nil {
		t.Fatalf("hansard index: %v\n%s", err, out)
	}
	a, err := archive.Open(context.Background(), archive.Options{Dir: archiveDir})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	caps, err := a.Captures(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(caps) != 1 {
		t.Fatalf("captures %+v, want one", caps)
	}
	got := caps[0]
	if got.ID != id || got.SessionID != live || got.ServerAt.IsZero() || got.CallID != "call_cap1" ||
		got.ReportedBy != "agent" || got.Digest != digest || got.MessageIndex < 0 {
		t.Errorf("archived capture %+v: want the server's record with the transcript's call", got)
	}
}

// writeRollout writes a Codex rollout of session id recorded in cwd: its
// session_meta and a first prompt.
func writeRollout(t *testing.T, codexHome, id, cwd string) string {
	t.Helper()
	p := filepath.Join(codexHome, "sessions", "2026", "03", "04", "rollout-2026-03-04T10-00-00-"+id+".jsonl")
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	body := `{"timestamp":"2026-03-04T10:00:00.000Z","type":"session_meta","payload":{"id":"` + id + `","timestamp":"2026-03-04T10:00:00.000Z","cwd":"` + cwd + `","originator":"codex-tui","cli_version":"0.130.0","source":"cli"}}` + "\n" +
		`{"timestamp":"2026-03-04T10:00:01.000Z","type":"event_msg","payload":{"type":"user_message","message":"spawn a reviewer"}}` + "\n" +
		`{"timestamp":"2026-03-04T10:00:01.500Z","type":"event_msg","payload":{"type":"agent_message","message":"Capturing the assignment."}}` + "\n"
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// captureCall calls capture_subagent_messages, failing on an error, and
// returns its structured content and the whole result as JSON.
func captureCall(t *testing.T, c interface {
	CallTool(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)
}, args map[string]any) (map[string]any, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = "capture_subagent_messages", args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(res)
	if res.IsError {
		t.Fatalf("capture failed: %s", raw)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m, string(raw)
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
