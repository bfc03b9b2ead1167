package codex

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"hansard/transcripts"
)

// shellLines are a shell call running script (through bash -lc) and its
// output with exit code exit.
func shellLines(id, script string, exit int) string {
	args, _ := json.Marshal(map[string]any{"command": []string{"bash", "-lc", script}})
	call, _ := json.Marshal(map[string]any{"timestamp": "2026-04-30T08:00:02.000Z", "type": "response_item",
		"payload": map[string]any{"type": "function_call", "name": "shell", "arguments": string(args), "call_id": id}})
	out, _ := json.Marshal(map[string]any{"timestamp": "2026-04-30T08:00:03.000Z", "type": "response_item",
		"payload": map[string]any{"type": "function_call_output", "call_id": id,
			"output": fmt.Sprintf(`{"output":"done\n","metadata":{"exit_code":%d,"duration_seconds":0.1}}`, exit)}})
	return string(call) + "\n" + string(out) + "\n"
}

// TestShellAfterCd: apply_patch and here-document writes after a cd take
// their paths from the cd's folder.
func TestShellAfterCd(t *testing.T) {
	t.Parallel()
	patch := "*** Begin Patch\n*** Add File: pkg/a.go\n+package pkg\n*** End Patch\n"
	data := metaLine + "\n" + promptLine + "\n" +
		shellLines("call_1", "cd sub && apply_patch <<'EOF'\n"+patch+"EOF", 0) +
		shellLines("call_2", "cd /r/docs; cat > plan.md <<'EOF'\n# Plan\nEOF", 0) +
		shellLines("call_3", "cd $HOME && cat > x.md <<'EOF'\nx\nEOF", 0)
	c, _ := parseString(t, data, zeroCheckpoint)
	if len(c.Problems) != 0 {
		t.Fatalf("problems: %+v", c.Problems)
	}
	files := map[string]string{}
	for _, e := range c.Edits() {
		files[e.ToolCallID] = e.Tool + " " + e.File + " " + e.Status
	}
	want := map[string]string{
		"call_1": "apply_patch /r/sub/pkg/a.go " + transcripts.EditOK,
		"call_2": "shell_write /r/docs/plan.md " + transcripts.EditOK,
	}
	for id, w := range want {
		if files[id] != w {
			t.Errorf("%s: %q, want %q", id, files[id], w)
		}
	}
	if len(files) != len(want) {
		t.Errorf("edits: %v", files)
	}
	if n := len(c.Commands()); n != 2 || !strings.Contains(c.Commands()[1].Command, "$HOME") {
		t.Errorf("commands: %+v", c.Commands())
	}
}
