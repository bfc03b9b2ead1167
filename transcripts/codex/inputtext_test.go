package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// parseFixture parses one fixture rollout whole.
func parseFixture(t *testing.T, name, id string) *providertest.Collector {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: "/nowhere/rollout-2026-04-30T08-00-00-" + id + ".jsonl", Class: transcripts.ClassMain}
	c, _ := providertest.ParseFrom(t, Provider{}, src, b, transcripts.Checkpoint{})
	return c
}

// TestInputText checks what each kind of call gives the search: a shell
// command and its folder, a patch's paths and added lines (not its removed
// or context lines), a code-mode script's commands and patches, and the
// string arguments of other calls.
func TestInputText(t *testing.T) {
	t.Parallel()
	for _, w := range []struct {
		file, id, call, want string
	}{
		{"apply-patch.jsonl", idPatch, "call_a1", "/src/webapp/cfg.go\n\tsrc := normalizeURL(raw)"},
		{"apply-patch.jsonl", idPatch, "call_a2", "upload/url.go\npackage upload\nfunc normalizeURL(s string) string { return s }"},
		{"apply-patch.jsonl", idPatch, "call_a3", "/src/webapp/old.go"},
		{"exec-command.jsonl", idExec, "call_e2", "rg -n TrimSpace\n/src/webapp/upload"},
		{"exec-command.jsonl", idExec, "call_e4", ""},
		{"exec-command.jsonl", idExec, "call_p1", "start\nInspect repo\nin_progress\nFix upload\npending\nRun tests"},
		{"code-mode.jsonl", idCodeMode, "call_c1", "go build ./...\ngo test ./...\n/src/webapp/cmd\n/src/webapp/notes.md\n# Notes\nIt’s \"quoted\" and `ticked`\n/src/webapp/main.go\n\tfmt.Println(\"hello\")"},
		{"code-mode.jsonl", idCodeMode, "call_c2", "const name = 'gen' + '.txt';\nawait tools.apply_patch(makePatch(name));\n"},
		{"shell-wrapped.jsonl", idWrapped, "call_w1", "hello.txt\nhi"},
		{"shell-wrapped.jsonl", idWrapped, "call_w5", "cargo test\n/src/webapp"},
		{"legacy.jsonl", idLegacy, "call_l2", "util.go\nfunc renamed() {}"},
		{"shell-command-077.jsonl", idShell077, "call_s2", "pytest -q\n/src/webapp"},
		{"subagent-parent.jsonl", idParent, "call_sp1", "explorer\ngpt-5.4-mini\nhigh\nReview the upload client"},
	} {
		c := parseFixture(t, w.file, w.id)
		tc, ok := c.ToolCallsByKey[providertest.CallKey{SessionID: w.id, ToolCallID: w.call}]
		if !ok {
			t.Errorf("%s: no call %s", w.file, w.call)
			continue
		}
		if tc.InputText != w.want {
			t.Errorf("%s %s: InputText = %q, want %q", w.file, w.call, tc.InputText, w.want)
		}
	}
	c := parseFixture(t, "apply-patch.jsonl", idPatch)
	for k, tc := range c.ToolCallsByKey {
		in := string(tc.Input)
		for line := range strings.SplitSeq(in, `\n`) {
			if strings.HasPrefix(line, "-") && len(line) > 3 && strings.Contains(tc.InputText, line[1:]) && !strings.Contains(in, `\n+`+line[1:]) {
				t.Errorf("%s: removed line %q is searchable", k.ToolCallID, line)
			}
		}
	}
}
