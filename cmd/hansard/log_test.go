package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

const (
	logSession = "feed0001-1111-4111-8111-111111111111"
	payGo      = "package shop\n\n// Charge takes the amount from the card.\nfunc Charge(card string, cents int) error {\n\treturn gateway.Charge(card, cents)\n}\n"
)

// logWorld is a repository with one file, pay.go, that a Claude Code
// session wrote (message 1) before it was committed, served by the binary
// the MCP tests build.
func logWorld(t *testing.T) mcpWorld {
	t.Helper()
	shared := sharedMCPWorld(t)
	dir := t.TempDir()
	w := mcpWorld{bin: shared.bin, home: filepath.Join(dir, "home"), repo: filepath.Join(dir, "src", "shop")}
	if err := os.MkdirAll(w.repo, 0o700); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(w.repo, "pay.go")
	if err := os.WriteFile(file, []byte(payGo), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"},
		{"-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "-m", "Charge cards"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = w.repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	proj := filepath.Join(w.home, ".claude", "projects", strings.ReplaceAll(w.repo, "/", "-"))
	if err := os.MkdirAll(proj, 0o700); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	line := func(v map[string]any) {
		v["sessionId"], v["cwd"], v["version"], v["gitBranch"] = logSession, w.repo, "2.1.120", "main"
		j, _ := json.Marshal(v)
		b.Write(append(j, '\n'))
	}
	line(map[string]any{"type": "user", "uuid": "u1", "timestamp": "2026-03-01T10:00:00Z",
		"message": map[string]any{"role": "user", "content": "charge the card through the gateway"}})
	line(map[string]any{"type": "assistant", "uuid": "a1", "parentUuid": "u1", "timestamp": "2026-03-01T10:01:00Z",
		"message": map[string]any{"id": "msg_a1", "role": "assistant", "model": "claude-opus-4-7", "content": []any{
			map[string]any{"type": "tool_use", "id": "toolu_w1", "name": "Write", "input": map[string]any{"file_path": file, "content": payGo}}}}})
	line(map[string]any{"type": "user", "uuid": "r1", "parentUuid": "a1", "timestamp": "2026-03-01T10:01:01Z",
		"message": map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "tool_result", "tool_use_id": "toolu_w1", "content": "File created successfully at: " + file}}}})
	if err := os.WriteFile(filepath.Join(proj, logSession+".jsonl"), []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return w
}

func TestLogCommand(t *testing.T) {
	t.Parallel()
	w := logWorld(t)
	env := []string{"HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "archive")}

	out, errOut, code := runHansard(t, w.bin, w.repo, env, "log", "pay.go", "--json")
	if code != 0 {
		t.Fatalf("log --json: exit %d\n%s", code, errOut)
	}
	var r struct {
		Path     string `json:"path"`
		Sessions []struct {
			SessionID string `json:"session_id"`
			Edits     []struct {
				MessageIndex int    `json:"message_index"`
				Commit       string `json:"commit"`
			} `json:"edits"`
		} `json:"sessions"`
		Truncated int `json:"truncated"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if r.Path != "pay.go" || len(r.Sessions) != 1 || r.Sessions[0].SessionID != logSession ||
		len(r.Sessions[0].Edits) != 1 || r.Sessions[0].Edits[0].MessageIndex != 1 || r.Sessions[0].Edits[0].Commit == "" {
		t.Errorf("log --json = %s", out)
	}

	out, _, code = runHansard(t, w.bin, w.repo, env, "log", "pay.go:5")
	if code != 0 || !strings.Contains(out, "historical evidence") || !strings.Contains(out, "line 5: proven") || !strings.Contains(out, logSession) {
		t.Errorf("log pay.go:5: exit %d\n%s", code, out)
	}
	if _, errOut, code = runHansard(t, w.bin, w.repo, env, "code-history", "pay.go:5", "--until", "today"); code != 2 || !strings.Contains(errOut, "until") {
		t.Errorf("a line with --until: exit %d, %s; want a usage error", code, errOut)
	}
}

func TestMCPCodeHistory(t *testing.T) {
	t.Parallel()
	w := logWorld(t)
	rules := "# Rules\n\n- Every *.go file here is reviewed twice.\n- Never log card numbers in pay.go.\n"
	if err := os.WriteFile(filepath.Join(w.repo, "CLAUDE.md"), []byte(rules), 0o600); err != nil {
		t.Fatal(err)
	}
	c := startMCP(t, w, nil, nil)
	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tool := range res.Tools {
		if tool.Name == "code_history" {
			found = true
			for _, f := range []string{"sessions", "truncated", "tokens", "attribution", "importers"} {
				if _, ok := tool.OutputSchema.Properties[f]; !ok {
					t.Errorf("code_history output schema lacks %s", f)
				}
			}
		}
	}
	if !found {
		t.Fatal("tools/list lacks code_history")
	}

	m, isErr := call(t, c, "code_history", map[string]any{"path": "pay.go", "token_budget": 1000})
	ss, _ := m["sessions"].([]any)
	if isErr || len(ss) != 1 || ss[0].(map[string]any)["session_id"] != logSession {
		t.Fatalf("code_history pay.go: %v", m)
	}
	if m["token_budget"] != float64(1000) || m["tokens"].(float64) > 1000 || m["truncated"] != float64(0) {
		t.Errorf("budget: %v tokens of %v, truncated %v", m["tokens"], m["token_budget"], m["truncated"])
	}
	ms, _ := m["memories"].([]any)
	if len(ms) != 2 {
		t.Fatalf("memories = %v, want the line naming pay.go, then the one naming *.go\n%v", m["memories"], m)
	}
	for i, want := range []struct {
		line        float64
		names, name string
	}{{4, "path", "pay.go"}, {3, "extension", ".go"}} {
		got := ms[i].(map[string]any)
		if got["line"] != want.line || got["names"] != want.names || got["name"] != want.name || !strings.HasPrefix(got["memory_id"].(string), "m") {
			t.Errorf("memory %d = %v, want line %v naming the %s %s", i, got, want.line, want.names, want.name)
		}
	}
	bare := startMCP(t, w, nil, nil, "--no-memories")
	if m, isErr := call(t, bare, "code_history", map[string]any{"path": "pay.go"}); isErr || m["memories"] != nil {
		t.Errorf("code_history without the memory tools: %v, want no memories", m)
	}

	m, isErr = call(t, c, "code_history", map[string]any{"path": "pay.go:5"})
	at, _ := m["attribution"].(map[string]any)
	if edit, _ := at["edit"].(map[string]any); isErr || at["status"] != "proven" || edit["session_id"] != logSession || edit["message_index"] != float64(1) {
		t.Errorf("code_history pay.go:5: %v", m)
	}

	for _, args := range []map[string]any{
		{"path": "pay.go:5", "until": "today"},
		{"path": "missing.go"},
		{"path": "pay.go", "token_budget": 10},
		{"path": "pay.go", "colour": "red"},
	} {
		m, isErr := call(t, c, "code_history", args)
		if code, _ := errorCode(t, m); !isErr || code != "invalid_argument" {
			t.Errorf("code_history %v: %v, want invalid_argument", args, m)
		}
	}
}

func TestContextCommand(t *testing.T) {
	t.Parallel()
	w := logWorld(t)
	env := []string{"HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "archive")}
	out, errOut, code := runHansard(t, w.bin, w.repo, env, "context", "--json")
	var r struct {
		SessionID string `json:"session_id"`
		Default   string `json:"default"`
		Sessions  []struct {
			Files []string `json:"files"`
		} `json:"sessions"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 {
		t.Fatalf("context --json: exit %d, %v\n%s%s", code, err, out, errOut)
	}
	if r.SessionID != logSession || r.Default == "" || len(r.Sessions) != 1 || len(r.Sessions[0].Files) != 1 || r.Sessions[0].Files[0] != "pay.go" {
		t.Errorf("context --json = %s", out)
	}
	out, _, code = runHansard(t, w.bin, w.repo, env, "work-context", logSession[:8])
	if code != 0 || !strings.Contains(out, "task of "+logSession) || !strings.Contains(out, "edited pay.go") {
		t.Errorf("work-context %s: exit %d\n%s", logSession[:8], code, out)
	}
	if _, errOut, code = runHansard(t, w.bin, w.repo, env, "context", "0000dead"); code != 1 || !strings.Contains(errOut, "work context of 0000dead: no such session") ||
		!strings.Contains(errOut, "hansard history") {
		t.Errorf("an unknown session: exit %d, %s", code, errOut)
	}
}

func TestMCPWorkContext(t *testing.T) {
	t.Parallel()
	w := logWorld(t)
	c := startMCP(t, w, nil, nil)
	m, isErr := call(t, c, "work_context", map[string]any{})
	if isErr || m["session_id"] != logSession {
		t.Fatalf("work_context: %v", m)
	}
	for _, f := range []string{"sessions", "steps", "tests", "commits", "links", "truncated"} {
		if _, ok := m[f]; !ok {
			t.Errorf("work_context lacks %s: %v", f, m)
		}
	}
	m, isErr = call(t, c, "work_context", map[string]any{"session_id": "0000dead"})
	if code, _ := errorCode(t, m); !isErr || code != "not_found" {
		t.Errorf("an unknown session: %v, want not_found", m)
	}
	m, isErr = call(t, c, "work_context", map[string]any{"token_budget": 5})
	if code, _ := errorCode(t, m); !isErr || code != "invalid_argument" {
		t.Errorf("token_budget 5: %v, want invalid_argument", m)
	}
}
