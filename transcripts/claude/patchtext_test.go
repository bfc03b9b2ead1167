package claude

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"hansard/transcripts"
)

// callLines is an assistant line calling tool with input and the user line
// of its result, whose toolUseResult is result.
func callLines(id, tool string, input, result any) string {
	in, _ := json.Marshal(input)
	res, _ := json.Marshal(result)
	call := `{"type":"assistant","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"a` + id + `","parentUuid":"u1","timestamp":"2026-03-01T10:00:01Z","cwd":"/w","version":"2.1.101","message":{"id":"m` + id + `","role":"assistant","model":"claude-x","content":[{"type":"tool_use","id":"toolu_` + id + `","name":"` + tool + `","input":` + string(in) + `}]}}`
	out := `{"type":"user","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"r` + id + `","parentUuid":"a` + id + `","timestamp":"2026-03-01T10:00:02Z","cwd":"/w","version":"2.1.101","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_` + id + `","content":"ok"}]},"toolUseResult":` + string(res) + `}`
	return call + "\n" + out + "\n"
}

// TestPatchTextFromInput: structuredPatch shows every tab as two spaces;
// an edit's hunks carry the lines as the call wrote them (from new_string
// and old_string, or from a Write's content and the file before it), and
// keep the shown text of a line the call's texts do not identify.
func TestPatchTextFromInput(t *testing.T) {
	t.Parallel()
	edit := callLines("1", "Edit",
		map[string]any{"file_path": "/w/a.go", "old_string": "\treturn nil", "new_string": "\tif err != nil {\n\t\treturn err\n\t}\n\treturn nil"},
		map[string]any{"filePath": "/w/a.go", "oldString": "\treturn nil", "newString": "\tif err != nil {\n\t\treturn err\n\t}\n\treturn nil",
			"originalFile": "package a\n\nfunc f() error {\n\treturn nil\n}\n", "structuredPatch": []any{map[string]any{
				"oldStart": 3, "oldLines": 3, "newStart": 3, "newLines": 6,
				"lines": []string{" func f() error {", "+  if err != nil {", "+    return err", "+  }", "   return nil", " }", "+  x := \"partly  written\""}}}})
	write := callLines("2", "Write",
		map[string]any{"file_path": "/w/b.go", "content": "package b\n\nfunc g() {\n\tcall()\n\tcall()\n}\n"},
		map[string]any{"type": "update", "filePath": "/w/b.go", "content": "package b\n\nfunc g() {\n\tcall()\n\tcall()\n}\n",
			"originalFile": "package b\n\nfunc g() {\n\tcall()\n}\n", "structuredPatch": []any{map[string]any{
				"oldStart": 3, "oldLines": 3, "newStart": 3, "newLines": 4,
				"lines": []string{" func g() {", "   call()", "+  call()", " }"}}}})
	c, _ := parseString(t, goodUser+"\n"+edit+write, transcripts.Checkpoint{})
	got := map[string][]string{}
	for _, e := range c.Edits() {
		if len(e.Hunks) != 1 {
			t.Fatalf("edit %s: hunks %+v", e.ToolCallID, e.Hunks)
		}
		got[e.ToolCallID] = e.Hunks[0].Lines
	}
	want := map[string][]string{
		"toolu_1": {" func f() error {", "+\tif err != nil {", "+\t\treturn err", "+\t}", " \treturn nil", " }", "+  x := \"partly  written\""},
		"toolu_2": {" func g() {", " \tcall()", "+\tcall()", " }"},
	}
	for id, w := range want {
		if !slices.Equal(got[id], w) {
			t.Errorf("%s hunk lines\n got %q\nwant %q", id, got[id], w)
		}
	}
}

// TestRenderedLineAmbiguous: when two lines of the call's text show alike,
// the shown text is kept.
func TestRenderedLineAmbiguous(t *testing.T) {
	t.Parallel()
	s := newSide(false, "\tx\n  x")
	if l, ok := s.line("  x", 0); ok {
		t.Errorf("ambiguous rendering gave %q", l)
	}
	if l, ok := newSide(true, "a\n\tb").line("  b", 1); !ok || l != "\tb" {
		t.Errorf("whole file by position = %q %v", l, ok)
	}
	if _, ok := newSide(true, "a\n\tb").line("  b", 0); ok {
		t.Error("whole file at the wrong position matched")
	}
}

// TestPatchTextNotFromState: a call waiting for its result across a
// checkpoint keeps its input redacted, perhaps with fewer lines (a secret
// spanning lines becomes one marker); the patch lines' text comes from the
// result, so it is what one full parse gives.
func TestPatchTextNotFromState(t *testing.T) {
	t.Parallel()
	content := "package b\n\nconst key = `-----BEGIN KEY-----\nabc\n-----END KEY-----`\n\nfunc g() {\n\tcall()\n}\n"
	lines := callLines("3", "Write", map[string]any{"file_path": "/w/b.go", "content": content},
		map[string]any{"type": "update", "filePath": "/w/b.go", "content": content,
			"originalFile": "package b\n\nconst key = `-----BEGIN KEY-----\nabc\n-----END KEY-----`\n\nfunc g() {\n}\n", "structuredPatch": []any{map[string]any{
				"oldStart": 7, "oldLines": 2, "newStart": 7, "newLines": 3,
				"lines": []string{" func g() {", "+  call()", " }"}}}})
	data := goodUser + "\n" + lines
	full, _ := parseString(t, data, transcripts.Checkpoint{})
	cut := len(data) - len(lines) + strings.Index(lines, "\n") + 1 // after the call's line
	_, cp := parseString(t, data[:cut], transcripts.Checkpoint{})
	collapse := strings.NewReplacer("-----BEGIN KEY-----\nabc\n-----END KEY-----", "[redacted]")
	state, err := New().RedactState(cp.State, transcripts.Redaction{Text: collapse.Replace, Record: func(r transcripts.Record) transcripts.Record {
		if r.ToolCall != nil {
			c := *r.ToolCall
			var in map[string]string
			_ = json.Unmarshal(c.Input, &in)
			in["content"] = collapse.Replace(in["content"])
			c.Input, _ = json.Marshal(in)
			r.ToolCall = &c
		}
		return r
	}})
	if err != nil {
		t.Fatal(err)
	}
	cp.State = state
	rest, _ := parseString(t, data, cp)
	want, got := full.Edits()[0].Hunks, rest.Edits()[0].Hunks
	if len(got) != 1 || !slices.Equal(got[0].Lines, want[0].Lines) || want[0].Lines[1] != "+\tcall()" {
		t.Errorf("resumed hunks %+v, want %+v", got, want)
	}
}
