package recall

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// toolWithResult adds a tool call whose result line also records
// toolUseResult.
func (c *convo) toolWithResult(name string, input map[string]any, shown string, result map[string]any) {
	id := fmt.Sprintf("toolu_%s_%d", c.id[:8], c.n)
	c.line("assistant", map[string]any{"model": "claude-sonnet-4-5", "id": fmt.Sprintf("msg_%s_%d", c.id[:8], c.n), "type": "message",
		"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}, c.last,
		map[string]any{"requestId": fmt.Sprintf("req_%d", c.n)})
	c.next()
	c.line("user", map[string]any{"role": "user", "content": []any{map[string]any{"tool_use_id": id, "type": "tool_result", "content": shown}}}, c.last,
		map[string]any{"toolUseResult": result})
	c.next()
}

// TestSearchToolInputsAndFullOutputs: a word only in a tool's input is
// found (matched_in tool_input), ranked like tool output; a word only in
// the whole output behind a preview is found (full_output) below every
// hit the agent saw; the replaced text of an Edit and the file before it
// (originalFile) are not searchable.
func TestSearchToolInputsAndFullOutputs(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.session(1, w.repoA, t0)
	a.user("run the widget check")
	a.bash("go run ./cmd/frobnicate_widget --dry-run", "done", false)
	a.assistant("It ran.")

	full := strings.Repeat("=== RUN TestCase\n--- PASS: TestCase\n", 100) + "deep_sentinel_word appears late\n"
	b := w.session(2, w.repoA, t0.Add(time.Hour))
	b.user("run all the tests")
	b.toolWithResult("Bash", map[string]any{"command": "go test -v ./..."},
		"<persisted-output>\nOutput too large (4KB). Full output saved to: /tmp/x.txt\n\nPreview (first 2KB):\n"+full[:2000]+"\n</persisted-output>",
		map[string]any{"stdout": full, "stderr": "", "interrupted": false, "isImage": false})
	b.assistant("All pass.")

	c := w.session(3, w.repoA, t0.Add(2*time.Hour))
	c.user("what is deep_sentinel_word for")
	c.assistant("deep_sentinel_word marks the end of the run.")
	c.toolWithResult("Edit", map[string]any{"file_path": w.repoA + "/x.go", "old_string": "replaced_only_word()", "new_string": "kept()"},
		"The file has been updated.",
		map[string]any{"filePath": w.repoA + "/x.go", "oldString": "replaced_only_word()", "newString": "kept()",
			"originalFile":    "package x\n// original_only_word\nfunc f() { replaced_only_word() }\n",
			"structuredPatch": []any{map[string]any{"oldStart": 3, "oldLines": 1, "newStart": 3, "newLines": 1, "lines": []any{"-func f() { replaced_only_word() }", "+func f() { kept() }"}}}})
	svc := w.index()

	resp, err := svc.Search(t.Context(), SearchRequest{Query: "frobnicate_widget", Repo: w.repoA})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Hits) != 1 || resp.Hits[0].SessionID != a.id || resp.Hits[0].MatchedIn != MatchedInToolInput || resp.Hits[0].Role != "tool" {
		t.Fatalf("tool input hit: %+v", resp.Hits)
	}
	if !strings.Contains(resp.Hits[0].Excerpt, "frobnicate_widget") {
		t.Errorf("excerpt %q", resp.Hits[0].Excerpt)
	}

	resp, err = svc.Search(t.Context(), SearchRequest{Query: "deep_sentinel_word", Repo: w.repoA})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Hits) != 2 || resp.Hits[0].SessionID != c.id || resp.Hits[1].SessionID != b.id {
		t.Fatalf("hits %v, want the session that said it, then the whole output", sessionsOf(resp))
	}
	if h := resp.Hits[1]; h.MatchedIn != MatchedInFullOutput || h.Score >= 1 || h.Score >= resp.Hits[0].Score {
		t.Errorf("full output hit: matched_in %s score %v", h.MatchedIn, h.Score)
	}

	for _, q := range []string{"replaced_only_word", "original_only_word"} {
		resp, err := svc.Search(t.Context(), SearchRequest{Query: q, Repo: w.repoA})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Hits) != 0 {
			t.Errorf("%s found: %+v", q, resp.Hits)
		}
	}
}
