package claude

import (
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

const mirrorFixture = fixturesDir + "/-work-mirror/" + mirrorID + ".jsonl"

// TestMirrorSession checks the subagent session built from the parent's
// agent_progress lines: its own id, its link to the spawning call, its
// messages and calls in order, the prompt once and a repeated copy skipped.
func TestMirrorSession(t *testing.T) {
	t.Parallel()
	c := parseFile(t, mirrorFixture, transcripts.ClassMain)
	id := mirrorID + "/agent-" + mirrorAgent
	s, ok := c.SessionsByID[id]
	if !ok {
		t.Fatalf("no session %s", id)
	}
	if !s.Mirror || s.Class != transcripts.ClassSubagent || s.ParentID != mirrorID || s.Relation != transcripts.RelSubagent || s.ParentToolCallID != "toolu_M1" {
		t.Errorf("mirror session %+v", s)
	}
	if s.Title != "Search the code for RetryBudgetConfig and report its file" || s.CWD != "/work/mirror" || s.Version != "2.1.80" {
		t.Errorf("mirror session title %q cwd %q version %q", s.Title, s.CWD, s.Version)
	}
	if c.SessionsByID[mirrorID].Mirror {
		t.Error("the parent is not a mirror")
	}
	var got []string
	for i := 0; ; i++ {
		m, ok := c.MessagesByKey[providertest.MessageKey{SessionID: id, Index: i}]
		if !ok {
			break
		}
		got = append(got, m.Role+" "+m.UUID+" "+m.ParentUUID+" "+firstLine(m.Text))
		if m.Human {
			t.Errorf("message %d of a subagent is Human", i)
		}
	}
	want := []string{
		"user m0000001  Search the code for RetryBudgetConfig and report its file",
		"assistant m0000002 m0000001 ",
		"tool m0000003 m0000002 config/budget.go:12:type RetryBudgetConfig struct {",
		"assistant m0000004 m0000003 ",
		"tool m0000005 m0000004 The file /work/mirror/config/budget.go has been updated successfully.",
		"assistant m0000006 m0000005 RetryBudgetConfig is in config/budget.go; I capped MaxRetries.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("mirror messages:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	grep := c.ToolCallsByKey[providertest.CallKey{SessionID: id, ToolCallID: "toolu_S1"}]
	if grep.Name != "Grep" || !grep.HasResult || grep.InputText != "RetryBudgetConfig\n/work/mirror" {
		t.Errorf("mirrored Grep call %+v", grep)
	}
	e := c.EditsByKey[providertest.EditKey{SessionID: id, ToolCallID: "toolu_S2"}]
	if e.Status != transcripts.EditOK || !strings.Contains(e.NewText, "CappedBudgetMarker") {
		t.Errorf("mirrored edit %+v", e)
	}
	// The prompt each progress line repeats is stored once.
	n := 0
	for k, m := range c.MessagesByKey {
		if k.SessionID == id && strings.Contains(m.Text, "report its file") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the prompt is in %d messages of the mirror, want 1", n)
	}
}

// TestMirrorPromptWithoutCopy gives the prompt a message of its own when
// the copies do not start with the subagent's prompt.
func TestMirrorPromptWithoutCopy(t *testing.T) {
	t.Parallel()
	const parent = "77777777-7777-4777-8777-777777777777" // badSource's
	line := `{"type":"progress","sessionId":"` + parent + `","cwd":"/work/mirror","uuid":"p1","timestamp":"2026-03-20T10:00:00Z","parentToolUseID":"toolu_X",` +
		`"data":{"type":"agent_progress","agentId":"a77","prompt":"Audit the PromptOnlyMarker path",` +
		`"message":{"type":"assistant","uuid":"i1","timestamp":"2026-03-20T10:00:01Z","message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"Looking."}]}}}}` + "\n"
	c, _ := parseString(t, line, transcripts.Checkpoint{})
	id := parent + "/agent-a77"
	first := c.MessagesByKey[providertest.MessageKey{SessionID: id, Index: 0}]
	second := c.MessagesByKey[providertest.MessageKey{SessionID: id, Index: 1}]
	if first.Role != transcripts.RoleUser || first.Text != "Audit the PromptOnlyMarker path" || second.Text != "Looking." {
		t.Errorf("messages %+v, %+v", first, second)
	}
	if s := c.SessionsByID[id]; !s.Mirror || s.ParentToolCallID != "toolu_X" || s.Title != "Audit the PromptOnlyMarker path" {
		t.Errorf("session %+v", s)
	}
}

// TestToolInputText checks what a call's input gives the search: the new
// text, not the replaced one; every string argument of an MCP tool.
func TestToolInputText(t *testing.T) {
	t.Parallel()
	c := parseFile(t, mirrorFixture, transcripts.ClassMain)
	call := func(id string) transcripts.ToolCall {
		return c.ToolCallsByKey[providertest.CallKey{SessionID: mirrorID, ToolCallID: id}]
	}
	for _, w := range []struct{ id, want string }{
		{"toolu_M1", "Find the retry budget\nSearch the code for RetryBudgetConfig and report its file\nExplore"},
		{"toolu_M2", "go test -v ./config -run TestBudget\nRun the budget tests"},
		{"toolu_M3", "/work/mirror/config/load.go\nreturn capped(cfg) // NewLoadMarker"},
		{"toolu_M4", "Budget ceiling follow-up\nTrack the TrackerBodyMarker work"},
	} {
		if got := call(w.id).InputText; got != w.want {
			t.Errorf("InputText of %s = %q, want %q", w.id, got, w.want)
		}
	}
	if in := call("toolu_M3").InputText; strings.Contains(in, "OldLoadMarker") {
		t.Errorf("the replaced text is searchable: %q", in)
	}
}

// TestPersistedOutput keeps the whole output behind a persisted-output
// preview, once, and nothing of a result that was shown whole.
func TestPersistedOutput(t *testing.T) {
	t.Parallel()
	c := parseFile(t, mirrorFixture, transcripts.ClassMain)
	bash := c.ToolCallsByKey[providertest.CallKey{SessionID: mirrorID, ToolCallID: "toolu_M2"}]
	if strings.Contains(bash.Result, "TestBudgetDeepWindowSentinel") {
		t.Fatal("the fixture's preview holds the marker")
	}
	if !strings.Contains(bash.FullResult, "TestBudgetDeepWindowSentinel") || !strings.HasPrefix(bash.FullResult, "ok  \texample.com/mirror/config") {
		t.Errorf("FullResult = %.80q…", bash.FullResult)
	}
	for k, tc := range c.ToolCallsByKey {
		if k.ToolCallID != "toolu_M2" && tc.FullResult != "" {
			t.Errorf("%s has a FullResult", k.ToolCallID)
		}
		if strings.Contains(tc.Result+tc.InputText+tc.FullResult, "OriginalFileOnlyMarker") {
			t.Errorf("%s carries the Edit's originalFile", k.ToolCallID)
		}
	}
	for k, m := range c.MessagesByKey {
		if strings.Contains(m.Text, "OriginalFileOnlyMarker") {
			t.Errorf("message %v carries the Edit's originalFile", k)
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestMirrorCopiesKeepParentJoins: the copies of subagents' lines that
// come between the lines of one of the parent's API responses do not
// close it: the response stays one message.
func TestMirrorCopiesKeepParentJoins(t *testing.T) {
	t.Parallel()
	const parent = "77777777-7777-4777-8777-777777777777" // badSource's
	asst := func(uuid, text string) string {
		return `{"type":"assistant","sessionId":"` + parent + `","uuid":"` + uuid + `","timestamp":"2026-03-20T10:00:00Z","message":{"id":"msg_P","role":"assistant","content":[{"type":"text","text":"` + text + `"}]}}` + "\n"
	}
	data := asst("p1", "first part")
	for i := range 6 {
		n := string(rune('a' + i))
		data += `{"type":"progress","sessionId":"` + parent + `","uuid":"g` + n + `","timestamp":"2026-03-20T10:00:01Z","parentToolUseID":"toolu_` + n + `",` +
			`"data":{"type":"agent_progress","agentId":"a` + n + `","prompt":"p","message":{"type":"assistant","uuid":"i` + n + `","timestamp":"2026-03-20T10:00:01Z","message":{"id":"msg_` + n + `","role":"assistant","content":[{"type":"text","text":"sub"}]}}}}` + "\n"
	}
	data += asst("p2", "second part")
	c, _ := parseString(t, data, transcripts.Checkpoint{})
	m := c.MessagesByKey[providertest.MessageKey{SessionID: parent, Index: 0}]
	if _, more := c.MessagesByKey[providertest.MessageKey{SessionID: parent, Index: 1}]; more || m.Text != "first part\n\nsecond part" {
		t.Errorf("the parent's response is split: %q (a second message: %v)", m.Text, more)
	}
}
