package claude

import (
	"strings"
	"testing"

	"hansard/transcripts"
)

// bashCall is an assistant line calling Bash with command, and the line
// of its result: a structured result, or an error with exit code exit.
func bashCall(id, command string, exit int) string {
	q := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(command)
	call := `{"type":"assistant","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"a` + id + `","parentUuid":"u1","timestamp":"2026-03-01T10:00:01Z","cwd":"/w/repo","message":{"id":"m` + id + `","role":"assistant","model":"claude-x","content":[{"type":"tool_use","id":"toolu_` + id + `","name":"Bash","input":{"command":"` + q + `"}}]}}`
	result := `{"type":"user","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"r` + id + `","parentUuid":"a` + id + `","timestamp":"2026-03-01T10:00:02Z","cwd":"/w/repo","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_` + id + `","content":"done"}]},"toolUseResult":{"stdout":"","stderr":"","interrupted":false}}`
	if exit != 0 {
		result = `{"type":"user","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"r` + id + `","parentUuid":"a` + id + `","timestamp":"2026-03-01T10:00:02Z","cwd":"/w/repo","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_` + id + `","is_error":true,"content":"Exit code 1\nno such folder"}]},"toolUseResult":"Error: Exit code 1"}`
	}
	return call + "\n" + result + "\n"
}

// TestBashHeredocWrite: a Bash command that writes a here-document into a
// file (perhaps after a cd) is a whole-file write as well as a command, one
// that appends it is an append; a failed one is a failed write, and any
// other command is no write.
func TestBashHeredocWrite(t *testing.T) {
	t.Parallel()
	data := goodUser + "\n" +
		bashCall("1", "cat > notes/plan.md <<'EOF'\n# Plan\n\n- retry on 503\nEOF", 0) +
		bashCall("2", "cat <<'EOF' > /w/repo/gone/x.go\npackage x\nEOF", 1) +
		bashCall("3", "cat >> log.txt <<EOF\nmore\nEOF", 0) +
		bashCall("4", "go test ./...", 0) +
		bashCall("5", "cd sub && cat > b.md <<'EOF'\nb\nEOF", 0)
	c, _ := parseString(t, data, transcripts.Checkpoint{})
	if len(c.Problems) != 0 {
		t.Fatalf("problems: %+v", c.Problems)
	}
	byCall := map[string]transcripts.Edit{}
	for _, e := range c.Edits() {
		byCall[e.ToolCallID] = e
	}
	if len(byCall) != 4 {
		t.Fatalf("edits of calls %v, want toolu_1, toolu_2, toolu_3 and toolu_5", byCall)
	}
	if e := byCall["toolu_3"]; e.Op != transcripts.OpAppend || e.File != "/w/repo/log.txt" || e.NewText != "more\n" || e.Status != transcripts.EditOK {
		t.Errorf("append = %+v", e)
	}
	if e := byCall["toolu_5"]; e.File != "/w/repo/sub/b.md" || e.NewText != "b\n" {
		t.Errorf("write after a cd = %+v", e)
	}
	w := byCall["toolu_1"]
	if w.Tool != "shell_write" || w.Op != transcripts.OpWrite || w.File != "/w/repo/notes/plan.md" ||
		w.NewText != "# Plan\n\n- retry on 503\n" || w.Status != transcripts.EditOK || w.MessageIndex != 1 {
		t.Errorf("heredoc write = %+v", w)
	}
	if f := byCall["toolu_2"]; f.Status != transcripts.EditFailed || f.File != "/w/repo/gone/x.go" {
		t.Errorf("failed heredoc write = %+v", f)
	}
	if len(c.Commands()) != 5 {
		t.Errorf("%d commands, want every Bash call", len(c.Commands()))
	}
}
