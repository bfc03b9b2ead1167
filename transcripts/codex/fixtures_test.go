package codex

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// fixtureDir holds the hand-written rollouts, one per format variant.
const fixtureDir = "../../fixtures/codex"

const (
	idLegacy   = "0190aaaa-0000-7000-8000-000000000001"
	idShell077 = "0190aaaa-0000-7000-8000-000000000002"
	idExec     = "0190aaaa-0000-7000-8000-000000000003"
	idPatch    = "0190aaaa-0000-7000-8000-000000000004"
	idWrapped  = "0190aaaa-0000-7000-8000-000000000005"
	idCodeMode = "0190aaaa-0000-7000-8000-000000000006"
	idCompact  = "0190aaaa-0000-7000-8000-000000000007"
	idParent   = "0190aaaa-0000-7000-8000-00000000000a"
	idChild    = "0190aaaa-0000-7000-8000-00000000000b"
	idOrigin   = "0190aaaa-0000-7000-8000-0000000000f0"
	idFork     = "0190aaaa-0000-7000-8000-0000000000f1"
	idResumed0 = "0190aaaa-0000-7000-8000-0000000000e0"
	idResumed  = "0190aaaa-0000-7000-8000-0000000000e1"
	repo       = "/src/webapp"
)

// files lays fixtures out as Codex does: name -> session id.
func files(t *testing.T, fixtures map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, id := range fixtures {
		b, err := os.ReadFile(filepath.Join(fixtureDir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[".codex/sessions/2026/04/30/rollout-2026-04-30T08-00-00-"+id+".jsonl"] = string(b)
	}
	return out
}

func ok(session, call string, seq int, file, op string) providertest.WantEdit {
	return providertest.WantEdit{SessionID: session, ToolCallID: call, Seq: seq, File: file, Op: op, Status: transcripts.EditOK}
}

func TestLegacyFormat(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join(fixtureDir, "legacy.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        map[string]string{"ch/archived_sessions/rollout-2025-04-20T10-00-00-" + idLegacy + ".jsonl": string(b)},
		Env:          func(home string) map[string]string { return map[string]string{"CODEX_HOME": filepath.Join(home, "ch")} },
		Sessions:     []providertest.WantSession{{ID: idLegacy, Class: transcripts.ClassMain, Messages: 4}},
		Edits:        []providertest.WantEdit{ok(idLegacy, "call_l2", 0, repo+"/util.go", transcripts.OpUpdate)},
		Check: func(t *testing.T, c *providertest.Collector) {
			s := c.SessionsByID[idLegacy]
			if s.GitCommit != "abc1234" || s.CWD != repo || fmt.Sprint(s.Branches) != "[main]" || s.GitRepoURL != "git@github.com:example/webapp.git" ||
				s.StartedAt.IsZero() || s.Title != "Rename helper to renamed and run the tests" {
				t.Errorf("session %+v", s)
			}
			wantCommand(t, c, idLegacy, "call_l1", "go test ./...", repo, 1, "fail")
			if n := len(c.CommandsByKey); n != 1 {
				t.Errorf("%d commands, want 1 (apply_patch through the shell is an edit)", n)
			}
			msgs := c.Messages(idLegacy)
			if msgs[0].Human || msgs[0].Kind != "meta" || !msgs[1].Human || fmt.Sprint(msgs[2].ToolCallIDs) != "[call_l1 call_l2]" {
				t.Errorf("messages %+v", msgs)
			}
		},
	})
}

func TestShellCommand077(t *testing.T) {
	t.Parallel()
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"shell-command-077.jsonl": idShell077}),
		Sessions:     []providertest.WantSession{{ID: idShell077, Class: transcripts.ClassMain, Messages: 6}},
		Edits: []providertest.WantEdit{{SessionID: idShell077, ToolCallID: "call_s1", File: repo + "/docs/notes.md",
			Op: transcripts.OpWrite, NewText: "# Notes\n\nfirst\n", Status: transcripts.EditOK}},
		Check: func(t *testing.T, c *providertest.Collector) {
			wantCommand(t, c, idShell077, "call_s2", "pytest -q", repo, 1, "fail")
			e := c.EditsByKey[providertest.EditKey{SessionID: idShell077, ToolCallID: "call_s1"}]
			if e.Tool != "shell_write" {
				t.Errorf("heredoc write tool %q", e.Tool)
			}
		},
	})
}

func TestExecCommand(t *testing.T) {
	t.Parallel()
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"exec-command.jsonl": idExec}),
		Sessions:     []providertest.WantSession{{ID: idExec, Class: transcripts.ClassMain, Messages: 3}},
		Check: func(t *testing.T, c *providertest.Collector) {
			wantCommand(t, c, idExec, "call_e1", "go test ./upload/...", repo, 1, "fail")
			wantCommand(t, c, idExec, "call_e2", "rg -n TrimSpace", repo+"/upload", 0, "")
			wantCommand(t, c, idExec, "call_e3", "npm test", repo+"/web", 0, "pass")
			if n := len(c.CommandsByKey); n != 3 {
				t.Errorf("%d commands, want 3 (write_stdin polls are not commands)", n)
			}
			tc := c.ToolCallsByKey[providertest.CallKey{SessionID: idExec, ToolCallID: "call_e3"}]
			if !strings.Contains(tc.Result, "starting") || !strings.Contains(tc.Result, "still running") ||
				!strings.HasSuffix(tc.Result, "3 passed") || tc.ExitCode == nil || *tc.ExitCode != 0 {
				t.Errorf("joined command %+v", tc)
			}
			p1 := c.TodosByKey[providertest.CallKey{SessionID: idExec, ToolCallID: "call_p1"}]
			p2 := c.TodosByKey[providertest.CallKey{SessionID: idExec, ToolCallID: "call_p2"}]
			if len(p1.Items) != 3 || p1.Items[0].Text != "Inspect repo" || p1.Items[0].Status != "in_progress" ||
				len(p2.Items) != 3 || p2.Items[2].Status != "in_progress" || p2.Items[1].Status != "completed" || p2.Items[2].Seq != 2 {
				t.Errorf("plans %+v %+v", p1, p2)
			}
			s := c.SessionsByID[idExec]
			if s.Title != "Fix upload test" || !s.TitleFromAgent || s.GitCommit == "" || s.Originator != "codex-tui" || fmt.Sprint(s.Models) != "[gpt-5.4]" {
				t.Errorf("session %+v", s)
			}
			msgs := c.Messages(idExec)
			if msgs[0].Role != transcripts.RoleSystem || msgs[0].Human || !msgs[1].Human || len(msgs[2].ToolCallIDs) != 7 {
				t.Errorf("messages %+v", msgs)
			}
		},
	})
}

func TestApplyPatchForms(t *testing.T) {
	t.Parallel()
	failed := func(call string, seq int, file, op string) providertest.WantEdit {
		e := ok(idPatch, call, seq, file, op)
		e.Status = transcripts.EditFailed
		return e
	}
	created := ok(idPatch, "call_a2", 0, repo+"/upload/url.go", transcripts.OpCreate)
	created.NewText = "package upload\n\nfunc normalizeURL(s string) string { return s }\n"
	deleted := ok(idPatch, "call_a3", 0, repo+"/old.go", transcripts.OpDelete)
	deleted.OldText = "package old\n"
	partial := ok(idPatch, "call_a6", 0, repo+"/created.txt", transcripts.OpCreate)
	partial.NewText = "hello\n"
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"apply-patch.jsonl": idPatch}),
		Sessions:     []providertest.WantSession{{ID: idPatch, Class: transcripts.ClassMain, Messages: 3}},
		Edits: []providertest.WantEdit{
			ok(idPatch, "call_a1", 0, repo+"/cfg.go", transcripts.OpUpdate),
			created, deleted,
			ok(idPatch, "call_a4", 0, repo+"/a/x.go", transcripts.OpMove),
			failed("call_a5", 0, repo+"/cfg.go", transcripts.OpUpdate),
			partial,
			ok(idPatch, "call_a6", 1, repo+"/cfg.go", transcripts.OpUpdate),
			failed("call_a6", 2, repo+"/missing.txt", transcripts.OpDelete),
		},
		Check: func(t *testing.T, c *providertest.Collector) {
			a1 := c.EditsByKey[providertest.EditKey{SessionID: idPatch, ToolCallID: "call_a1"}]
			if len(a1.Hunks) != 1 || a1.Hunks[0].OldStart != 31 || a1.Hunks[0].NewLines != 3 || !strings.HasPrefix(a1.Patch, "*** Update File:") {
				t.Errorf("patch_apply_end hunks not used: %+v", a1)
			}
			a2 := c.EditsByKey[providertest.EditKey{SessionID: idPatch, ToolCallID: "call_a2"}]
			if a2.CWD != repo || len(a2.Hunks) != 1 || a2.Hunks[0].NewLines != 3 {
				t.Errorf("added file %+v", a2)
			}
			a4 := c.EditsByKey[providertest.EditKey{SessionID: idPatch, ToolCallID: "call_a4"}]
			if a4.MoveTo != repo+"/b/x.go" || len(a4.Hunks) != 1 || a4.Hunks[0].OldStart != 1 {
				t.Errorf("move %+v", a4)
			}
			if n := len(c.EditsByKey); n != 8 {
				t.Errorf("%d edits, want 8 (the invalid patch has none)", n)
			}
			for _, id := range []string{"call_a5", "call_a6", "call_a7"} {
				if tc := c.ToolCallsByKey[providertest.CallKey{SessionID: idPatch, ToolCallID: id}]; !tc.IsError {
					t.Errorf("%s not an error: %+v", id, tc)
				}
			}
			if tc := c.ToolCallsByKey[providertest.CallKey{SessionID: idPatch, ToolCallID: "call_a3"}]; tc.IsError || string(tc.Input) == "" || tc.Input[0] != '{' {
				t.Errorf("function_call apply_patch %+v", tc)
			}
		},
	})
}

func TestShellWrappedPatchAndHeredoc(t *testing.T) {
	t.Parallel()
	hello := ok(idWrapped, "call_w1", 0, repo+"/hello.txt", transcripts.OpCreate)
	hello.NewText = "hi\n"
	notes := ok(idWrapped, "call_w3", 0, repo+"/docs/notes.md", transcripts.OpWrite)
	notes.NewText = "# Notes\nsecond\n"
	appended := ok(idWrapped, "call_w4", 0, repo+"/docs/notes.md", transcripts.OpAppend)
	appended.NewText = "appended\n"
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"shell-wrapped.jsonl": idWrapped}),
		Sessions:     []providertest.WantSession{{ID: idWrapped, Class: transcripts.ClassMain, Messages: 2}},
		Edits:        []providertest.WantEdit{hello, ok(idWrapped, "call_w2", 0, repo+"/hello.txt", transcripts.OpUpdate), notes, appended},
		Check: func(t *testing.T, c *providertest.Collector) {
			if n := len(c.EditsByKey); n != 4 {
				t.Errorf("%d edits, want 4 (two writes, an append, a patch)", n)
			}
			wantCommand(t, c, idWrapped, "call_w5", "cargo test", repo, 0, "pass")
			if n := len(c.CommandsByKey); n != 3 {
				t.Errorf("%d commands, want 3", n)
			}
		},
	})
}

func TestCodeMode(t *testing.T) {
	t.Parallel()
	notes := ok(idCodeMode, "call_c1", 0, repo+"/notes.md", transcripts.OpCreate)
	notes.NewText = "# Notes\nIt\u2019s \"quoted\" and `ticked`\n"
	gen := ok(idCodeMode, "exec-0190aaaa-1111-7000-8000-000000000003", 0, repo+"/gen.txt", transcripts.OpCreate)
	gen.NewText = "generated\n"
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"code-mode.jsonl": idCodeMode}),
		Sessions:     []providertest.WantSession{{ID: idCodeMode, Class: transcripts.ClassMain, Messages: 2}},
		Edits:        []providertest.WantEdit{notes, ok(idCodeMode, "call_c1", 1, repo+"/main.go", transcripts.OpUpdate), gen},
		Check: func(t *testing.T, c *providertest.Collector) {
			if n := len(c.EditsByKey); n != 3 {
				t.Errorf("%d edits, want 3 (a patch_apply_end of an extracted patch is not a second edit)", n)
			}
			main := c.EditsByKey[providertest.EditKey{SessionID: idCodeMode, ToolCallID: "call_c1", Seq: 1}]
			if len(main.Hunks) != 1 || main.Hunks[0].OldStart != 5 {
				t.Errorf("exec patch not enriched: %+v", main)
			}
			// Commands the script runs; exec_command_end (unknown call id) gives the test's exit code.
			wantCommand(t, c, idCodeMode, "call_c1#2", "go test ./...", repo+"/cmd", 1, "fail")
			build := c.CommandsByKey[providertest.CallKey{SessionID: idCodeMode, ToolCallID: "call_c1#1"}]
			if build.Command != "go build ./..." || build.ExitCode != nil || build.CWD != repo {
				t.Errorf("script command %+v", build)
			}
			if n := len(c.CommandsByKey); n != 2 {
				t.Errorf("%d commands, want 2", n)
			}
		},
	})
}

// wantCommand checks one command's text, folder, exit code and test status.
func wantCommand(t *testing.T, c *providertest.Collector, session, call, command, cwd string, exit int, test string) {
	t.Helper()
	cmd, found := c.CommandsByKey[providertest.CallKey{SessionID: session, ToolCallID: call}]
	switch {
	case !found:
		t.Errorf("command %s missing", call)
	case cmd.Command != command || cmd.CWD != cwd || cmd.ExitCode == nil || *cmd.ExitCode != exit || cmd.TestStatus != test:
		t.Errorf("command %s: %+v (exit %v), want %q in %s exit %d test %q", call, cmd, deref(cmd.ExitCode), command, cwd, exit, test)
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
