package provenance

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"hansard/transcripts"
)

const funcA = `package app

import "strings"

func Clean(input string) string {
	value := strings.TrimSpace(input)
	value = strings.ToLower(value)
	if value == "" {
		return "empty"
	}
	return value
}
`

const funcB = `
func Shout(input string) string {
	value := strings.TrimSpace(input)
	loud := strings.ToUpper(value) + "!"
	if loud == "!" {
		return "silence"
	}
	return loud
}
`

func TestContextDecidesCommonLine(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.write("s2", "app.go", funcA+funcB) // the same line, later, elsewhere
	s.commit("add Clean and Shout")
	out := s.why("app.go")
	expect(t, out, "value := strings.TrimSpace(input)", 1, StatusProven, "s1")
	expect(t, out, "value := strings.TrimSpace(input)", 2, StatusProven, "s2")
	expect(t, out, "strings.ToLower", 1, StatusProven, "s1")
	expect(t, out, "strings.ToUpper", 1, StatusProven, "s2")
	a := expect(t, out, "value := strings.TrimSpace(input)", 1, StatusProven, "s1")
	if len(a.Chain) != 0 {
		t.Errorf("chain of a line with context = %+v", a.Chain)
	}
	if a.Commit == nil || a.Commit.Summary != "add Clean and Shout" || !strings.HasSuffix(a.Commit.Time, "+01:00") {
		t.Errorf("commit = %+v", a.Commit)
	}
	if a.Edit.Tool != "Write" || a.Edit.Path != "app.go" || a.Edit.Provider != "claude" || !strings.HasSuffix(a.Edit.TimeLocal, "+01:00") {
		t.Errorf("edit = %+v", a.Edit)
	}
	if s.store.Calls != 1 {
		t.Errorf("Candidates called %d times, want 1", s.store.Calls)
	}
}

func TestHumanLinesAreNone(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	cur, _ := s.read("app.go")
	s.human("app.go", strings.Replace(cur, "\treturn value\n}", "\tlog.Printf(\"cleaned %q\", value)\n\treturn value\n}", 1))
	s.commit("human logging")
	out := s.why("app.go")
	a := expect(t, out, "log.Printf", 1, StatusNone, "")
	if a.Reason == "" || a.Commit == nil || a.Edit != nil || a.Candidates == nil || a.Chain == nil {
		t.Errorf("none answer = %+v", a)
	}
	expect(t, out, "strings.ToLower", 1, StatusProven, "s1")
}

func TestTrivialLinesNeedPositionalEvidence(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	cur, _ := s.read("app.go")
	// A human appends a block whose closing lines are common.
	s.human("app.go", cur+"\nfunc init() {\n\tif debugMode {\n\t\treturn\n\t}\n}\n")
	s.commit("human init")
	out := s.why("app.go")
	// `}` and `return value` inside the agent's function: by position.
	expect(t, out, "return value", 1, StatusProven, "s1")
	a := lineOf(t, out, "if value == \"\" {", 1)
	closing := out[a.Line+1] // the `}` after `return "empty"`
	if closing.Text != "\t}" || closing.Status != StatusProven || closing.Edit == nil || closing.Edit.SessionID != "s1" {
		t.Errorf("agent's closing brace = %+v", closing)
	}
	// The human's `}` and `return` have no evidence.
	human := lineOf(t, out, "if debugMode", 1)
	for _, l := range out[human.Line:] {
		if l.Status != StatusNone {
			t.Errorf("human line %d %q = %s", l.Line, l.Text, l.Status)
		}
	}
}

func TestRenameKeepsAttribution(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "old.go", funcA)
	s.commit("agent")
	s.g.Git("mv", "old.go", "new.go")
	s.commit("rename")
	out := s.why("new.go")
	a := expect(t, out, "strings.ToLower", 1, StatusProven, "s1")
	if a.Edit.Path != "old.go" {
		t.Errorf("edit path = %q", a.Edit.Path)
	}
}

func TestWhitespaceReformatIsPossible(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", strings.ReplaceAll(funcA, "\t", "    "))
	s.commit("agent")
	cur, _ := s.read("app.go")
	s.human("app.go", strings.ReplaceAll(cur, "    ", "\t"))
	s.commit("gofmt")
	out := s.why("app.go")
	expectReason(t, expect(t, out, "strings.ToLower", 1, StatusPossible, "s1"), "whitespace")
	expect(t, out, "package app", 1, StatusProven, "s1") // unchanged by the reformat
}

func TestEditAfterCommitIsNone(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("app.go", funcA)
	s.commit("human")
	s.now = s.now.Add(DefaultSlack * 3)
	s.write("s1", "other.go", funcA) // same text, later, another file
	// A later write of the same text to the file whose prior content the
	// transcript did not record: every line counts as written, but after
	// the commit.
	s.file("s1", transcripts.Edit{Tool: "Write", Op: transcripts.OpWrite, NewText: funcA}, "app.go", funcA)
	out := s.why("app.go")
	expectReason(t, expect(t, out, "strings.ToLower", 1, StatusNone, ""), "after the commit")
}

func TestEditWithinClockSlackIsPossible(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	entry := s.write("s1", "app.go", funcA)
	s.g.Now = entry.Time.Add(-time.Minute) // git's clock is behind the agent's
	s.g.Commit("agent")
	out := s.why("app.go")
	expectReason(t, expect(t, out, "strings.ToLower", 1, StatusPossible, "s1"), "1m0s after the commit")
	s.g.Now = entry.Time.Add(-DefaultSlack - time.Minute)
	s.g.Git("commit", "-q", "--amend", "--no-edit", "--reset-author")
	expect(t, s.why("app.go"), "strings.ToLower", 1, StatusNone, "")
}

func TestIdenticalSessionsConflict(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.g.Git("add", "-N", "app.go")
	s.g.Write("app.go", "")
	s.write("s2", "app.go", funcA)
	s.commit("both")
	out := s.why("app.go")
	a := expect(t, out, "strings.ToLower", 1, StatusConflicting, "")
	if len(a.Candidates) != 2 || a.Candidates[0].SessionID != "s1" || a.Candidates[1].SessionID != "s2" {
		t.Errorf("candidates = %+v", a.Candidates)
	}
	b := expect(t, out, "\t}", 1, StatusConflicting, "") // by position, like its block
	if len(b.Candidates) != 2 {
		t.Errorf("candidates of a common line = %+v", b.Candidates)
	}
}

func TestRevertedAndReaddedGoesToLaterSession(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("app.go", "package app\n")
	s.commit("start")
	s.write("s1", "app.go", funcA)
	s.commit("agent one")
	s.g.Git("revert", "--no-edit", "HEAD")
	s.now = s.now.Add(time.Minute)
	s.write("s2", "app.go", funcA)
	s.commit("agent two")
	out := s.why("app.go")
	a := expect(t, out, "strings.ToLower", 1, StatusProven, "s2")
	if len(a.Chain) != 1 || a.Chain[0].SessionID != "s1" {
		t.Errorf("chain = %+v", a.Chain)
	}
}

func TestUncommittedLines(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	s.edit("s2", "app.go", "\treturn value\n}\n", "\treturn value\n}\n\nfunc Twice(x int) int {\n\treturn x * 2\n}\n")
	s.failed("s3", "app.go", "func Twice(x int) int {\n")
	out := s.why("app.go")
	a := expect(t, out, "func Twice", 1, StatusUncommitted, "s2")
	if a.Commit != nil {
		t.Errorf("uncommitted line has commit %+v", a.Commit)
	}
	expect(t, out, "return x * 2", 1, StatusUncommitted, "s2")
	expect(t, out, "strings.ToLower", 1, StatusProven, "s1")
}

func TestOtherPathIsNone(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "draft/app.go", funcA)
	s.human("app.go", funcA) // the person typed the same text into another file
	s.commit("copy")
	out := s.why("app.go")
	expectReason(t, expect(t, out, "strings.ToLower", 1, StatusNone, ""), "other files")
}

func TestCopyTypedByAPersonIsNotCredited(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	cur, _ := s.read("app.go")
	// Before committing, the person pastes the agent's function again
	// below: the edit wrote that text once, and nothing tells which copy is
	// the edit's.
	s.human("app.go", cur+"\n"+strings.TrimPrefix(funcA, "package app\n\nimport \"strings\"\n\n"))
	s.commit("both copies")
	out := s.why("app.go")
	for n := 1; n <= 2; n++ {
		expectReason(t, expect(t, out, "strings.ToLower", n, StatusNone, ""), "once but it appears on 2 lines")
	}
	expect(t, out, "import \"strings\"", 1, StatusProven, "s1")

	// A line of the edit placed out of order loses to the copy in order.
	s.human("app.go", "package app\n\nfunc Dup() {\n\tvalue = strings.ToLower(value)\n}\n\nimport \"strings\"\n\nfunc Clean(input string) string {\n\tvalue := strings.TrimSpace(input)\n\tvalue = strings.ToLower(value)\n\treturn value\n}\n")
	s.g.Git("add", "-A")
	s.g.Git("commit", "-q", "--amend", "--no-edit")
	out = s.why("app.go")
	expect(t, out, "strings.ToLower", 1, StatusNone, "")
	expect(t, out, "strings.ToLower", 2, StatusProven, "s1")
}

func TestJSONShape(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	s.store.SetDetail(s.store.entries[0].Key(), EditDetail{SessionTitle: "Add Clean", PromptExcerpt: "please add Clean", Source: "file:///t.jsonl#L3",
		SessionStart: time.Date(2026, 2, 1, 8, 0, 0, 0, time.UTC)})
	out := s.why("app.go")
	b, err := json.Marshal(lineOf(t, out, "strings.ToLower", 1))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"path", "line", "text", "status", "reason", "commit", "edit", "candidates", "chain"} {
		if _, ok := m[k]; !ok {
			t.Errorf("missing %q in %s", k, b)
		}
	}
	edit := m["edit"].(map[string]any)
	for _, k := range []string{"session_id", "provider", "session_title", "message_index", "tool", "tool_call_id", "time_local", "prompt_excerpt", "source"} {
		if _, ok := edit[k]; !ok {
			t.Errorf("missing edit.%q", k)
		}
	}
	if edit["session_title"] != "Add Clean" || edit["prompt_excerpt"] != "please add Clean" || edit["source"] != "file:///t.jsonl#L3" ||
		edit["session_started"] != "2026-02-01T09:00:00+01:00" {
		t.Errorf("details not filled: %s", b)
	}
	commit := m["commit"].(map[string]any)
	for _, k := range []string{"sha", "author", "time", "summary"} {
		if _, ok := commit[k]; !ok {
			t.Errorf("missing commit.%q", k)
		}
	}
}

func TestRecurringLineWithoutContextIsNone(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "a.go", "package app\n\nfunc A() {\n\tdefer mu.Unlock()\n\tstepOne()\n}\n")
	s.write("s2", "b.go", "package app\n\nfunc B() {\n\tdefer mu.Unlock()\n\tstepTwo()\n}\n")
	s.commit("agents")
	cur, _ := s.read("a.go")
	// A person writes a new function that reuses the recurring line.
	s.human("a.go", cur+"\nfunc C() {\n\tmu.Lock()\n\tdefer mu.Unlock()\n\tstepThree()\n}\n")
	s.commit("human")
	out := s.why("a.go")
	expectReason(t, expect(t, out, "defer mu.Unlock()", 2, StatusNone, ""), "recurring")
	expect(t, out, "defer mu.Unlock()", 1, StatusProven, "s1")
}

func TestCodexPatchEntries(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("app.go", funcA)
	s.commit("human")
	e := transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpUpdate, Hunks: []transcripts.Hunk{{Lines: []string{
		" \treturn value", " }", "+", "+func Twice(x int) int {", "+\tdoubled := x * 2", "+\treturn doubled", "+}",
	}}}}
	cur, _ := s.read("app.go")
	entry := s.file("codex-1", e, "app.go", cur+"\nfunc Twice(x int) int {\n\tdoubled := x * 2\n\treturn doubled\n}\n")
	if len(entry.Lines) != 5 {
		t.Fatalf("patch lines = %+v", entry.Lines)
	}
	s.commit("codex")
	out := s.why("app.go")
	expect(t, out, "func Twice", 1, StatusProven, "codex-1")
	expect(t, out, "doubled := x * 2", 1, StatusProven, "codex-1")
	expect(t, out, "strings.ToLower", 1, StatusNone, "")
	last := out[len(out)-1]
	if last.Text != "}" || last.Status != StatusProven {
		t.Errorf("closing brace = %+v", last)
	}
}

func TestUntrackedAgentFileIsUncommitted(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "fresh.go", funcA) // never added to git, in a repository without commits
	out := s.why("fresh.go")
	expect(t, out, "strings.ToLower", 1, StatusUncommitted, "s1")
	expect(t, out, "\t}", 1, StatusUncommitted, "s1")
}
