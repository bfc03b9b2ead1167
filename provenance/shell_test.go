package provenance

import (
	"strings"
	"testing"
	"time"

	"hansard/transcripts"
)

// shellRun files a command of session run at the scene's clock.
func (s *scene) shellRun(session, cmd, output string) {
	s.store.AddShellRuns(s.g.Dir, ShellRun{SessionID: session, Provider: "claude", ToolCallID: "call-" + session,
		MessageIndex: 7, Time: s.tick(), Command: cmd, Rewrites: transcripts.ShellRewrites(cmd), Output: output,
		Commit: strings.Contains(cmd, "git commit"), Message: "agent commit"})
}

// TestShellRewriteExplainsLines checks that a line no edit wrote is
// possible for the session that rewrote its file with sed -i after the
// file's previous commit and before the line's, and for no other: not one
// that rewrote it earlier or later, nor one that rewrote another file.
func TestShellRewriteExplainsLines(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("app.go", funcA)
	s.commit("person")
	s.now = s.now.Add(time.Hour) // past the clock slack
	s.shellRun("s0", "sed -i 's/ToLower/ToTitle/' app.go", "")
	second := strings.Replace(funcA, "ToLower", "ToTitle", 1)
	s.human("app.go", second)
	s.commit("title case")
	s.now = s.now.Add(time.Hour)
	s.shellRun("s1", "cd . && sed -i 's/empty/blank/' app.go", "")
	s.shellRun("s2", "sed -i 's/x/y/' other.go", "")
	s.human("app.go", strings.Replace(second, `"empty"`, `"blank"`, 1))
	s.commit("rename")
	out := s.why("app.go")
	a := expect(t, out, `return "blank"`, 1, StatusPossible, "s1")
	expectReason(t, a, "rewrote the file with sed -i")
	if a.Edit.Tool != toolShell || a.Edit.ToolCallID != "call-s1" || a.Edit.MessageIndex != 7 {
		t.Errorf("edit = %+v", a.Edit)
	}
	expect(t, out, "strings.ToTitle", 1, StatusPossible, "s0")
	expect(t, out, "strings.TrimSpace", 1, StatusNone, "")
}

// TestShellRewritesOfTwoSessionsConflict checks that two sessions that
// rewrote the file make the line conflicting.
func TestShellRewritesOfTwoSessionsConflict(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("app.go", funcA)
	s.commit("person")
	s.now = s.now.Add(time.Hour)
	s.shellRun("s1", "gofmt -w .", "")
	s.shellRun("s2", "perl -pi -e 's/empty/blank/' app.go", "")
	s.human("app.go", strings.Replace(funcA, `"empty"`, `"blank"`, 1))
	s.commit("rename")
	a := lineOf(t, s.why("app.go"), `return "blank"`, 1)
	if a.Status != StatusConflicting || len(a.Candidates) != 2 {
		t.Errorf("answer = %+v", a)
	}
}

// TestShellCommitNeedsItsOwnCommit checks that a session that made the
// commit with git commit explains the commit's lines no edit wrote, but
// not when another session's edit wrote lines of that commit, nor a
// commit it did not make.
func TestShellCommitNeedsItsOwnCommit(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("app.go", funcA)
	s.g.Now = s.tick()
	sha := s.g.Commit("agent commit")
	s.shellRun("s1", `git commit -m "agent commit"`, "[main "+sha[:7]+"] agent commit\n 1 file changed\n")
	a := expect(t, s.why("app.go"), "strings.ToLower", 1, StatusPossible, "s1")
	expectReason(t, a, "made the commit itself")

	s.now = s.now.Add(time.Hour)
	s.write("s2", "app.go", funcA+funcB)
	s.human("app.go", funcA+funcB+"\nvar Version = \"1.0.0-dev\"\n")
	s.g.Now = s.tick()
	sha = s.g.Commit("more")
	s.shellRun("s1", `git commit -m "more"`, "[main "+sha[:7]+"] more\n")
	out := s.why("app.go")
	expect(t, out, "strings.ToUpper", 1, StatusProven, "s2")
	expect(t, out, "Version", 1, StatusNone, "")
}

func TestMadeCommit(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	hash := "73b7e4acac6d4ca0cdb82b8d886fce6d8ab53ac1"
	for _, tc := range []struct {
		run  ShellRun
		want bool
	}{
		{ShellRun{Output: "[main 73b7e4a] Fix\n 2 files changed", Time: at.Add(time.Hour)}, true},
		{ShellRun{Output: "[feature/x (root-commit) 73b7e4ac] Fix", Time: at}, true},
		{ShellRun{Output: "[main 0123abc] Fix", Time: at}, false},
		{ShellRun{Message: "Fix the cache\n\nBody", Time: at.Add(time.Minute)}, true},
		{ShellRun{Message: "Fix the cache", Time: at.Add(time.Hour)}, false},
		{ShellRun{Message: "Other", Time: at}, false},
	} {
		if got := madeCommit(&tc.run, hash, "Fix the cache", at, DefaultSlack); got != tc.want {
			t.Errorf("madeCommit(%+v) = %v, want %v", tc.run, got, tc.want)
		}
	}
}
