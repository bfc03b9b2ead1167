package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/tempdir"
	"hansard/provenance/gitrepo/gittest"
	"hansard/recall"
)

// runIn runs one command line in-process for a user whose home holds the
// fixture transcripts.
func runIn(t *testing.T, home string, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	return runStdin(home, env, "", args...)
}

// runStdin runs one command line in-process with stdin and returns its
// outputs and exit code.
func runStdin(home string, env map[string]string, stdin string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, streams{In: strings.NewReader(stdin), Out: &out, Err: &errb}, homeEnv(home, env))
	return out.String(), errb.String(), code
}

// homeEnv is the environment of a command line run in-process: home as
// HOME, the rest from env.
func homeEnv(home string, env map[string]string) func(string) string {
	return func(k string) string {
		if k == "HOME" {
			return home
		}
		return env[k]
	}
}

// runOnHost runs one command line in-process on host, which the caller
// made (for the same home and env) and closes, and returns its outputs
// and exit code. Command lines that only read the archive share a host as
// the MCP server's tool calls do: each runs the same command, without
// opening the archive again.
func runOnHost(host *recall.Host, home string, env map[string]string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	app := &App{Streams: streams{In: strings.NewReader(""), Out: &out, Err: &errb}, Getenv: homeEnv(home, env), host: host}
	cmd, err := execute(context.Background(), app, args)
	code := exitOf(app, cmd, err, args)
	return out.String(), errb.String(), code
}

func fixtureHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	tempdir.CopyTree(t, filepath.Join("..", "..", "fixtures", "claude", "projects"), filepath.Join(home, ".claude", "projects"))
	return home
}

func TestHistoryAndShow(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)

	out, errOut, code := runIn(t, home, nil, "history", "--all-repos", "--json", "token", "store")
	if code != 0 {
		t.Fatalf("history --json: %d %s", code, errOut)
	}
	var resp recall.SearchResponse
	if err := json.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("history --json output: %v\n%s", err, out)
	}
	if len(resp.Hits) == 0 || resp.Notice == "" || resp.Mode != "keyword" {
		t.Fatalf("history --json: %+v", resp)
	}
	hit := resp.Hits[0]

	out, _, code = runIn(t, home, nil, "history", "--all-repos", "--no-refresh", "token", "store")
	if code != 0 || !strings.HasPrefix(out, evidenceHeader) || strings.Contains(out, "\x1b[") || !strings.Contains(out, shortID(hit.SessionID)) {
		t.Errorf("history plain (code %d):\n%s", code, out)
	}

	out, _, code = runIn(t, home, nil, "history", "--all-repos", "--no-refresh")
	if code != 0 || strings.Count(out, "claude") < 3 {
		t.Errorf("history without words lists sessions (code %d):\n%s", code, out)
	}

	out, _, code = runIn(t, home, nil, "show", "--no-refresh", "--json", "--around", itoa(hit.MessageIndex), "--limit", "3", hit.SessionID[:8])
	var read recall.ReadResponse
	if code != 0 || json.Unmarshal([]byte(out), &read) != nil || read.SessionID != hit.SessionID || len(read.Messages) == 0 {
		t.Fatalf("show --json (code %d):\n%s", code, out)
	}
	found := false
	for _, m := range read.Messages {
		found = found || m.Index == hit.MessageIndex
	}
	if !found {
		t.Errorf("show --around %d did not include the message", hit.MessageIndex)
	}

	out, _, code = runIn(t, home, nil, "show", "--no-refresh", "--limit", "2", hit.SessionID)
	if code != 0 || !strings.HasPrefix(out, evidenceHeader) || !strings.Contains(out, "#0 ") || !strings.Contains(out, "more: hansard show") {
		t.Errorf("show plain (code %d):\n%s", code, out)
	}
}

func TestHistoryAndShowErrors(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"history", "--since", "soon"}, exitUsage, "since"},
		{[]string{"history", "--hits", "9"}, exitUsage, "--hits must be 1 to 5"},
		{[]string{"history", "--repo", "no-such-repo"}, exitError, "no archived conversation"},
		{[]string{"show"}, exitUsage, "missing SESSION"},
		{[]string{"show", "ffffffff"}, exitError, "no such session"},
		{[]string{"show", "--limit", "0", "--content-offset", "5", "1111"}, exitUsage, "--content-offset"},
	} {
		_, errOut, code := runIn(t, home, nil, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("%v: code %d, want %d; stderr %q", tt.args, code, tt.code, errOut)
		}
	}
}

func TestPainter(t *testing.T) {
	t.Parallel()
	q := recall.ParseQuery("token")
	on := painter{on: true}
	if got := on.highlight("the Token store", q); got != "the \x1b[1;33mToken\x1b[0m store" {
		t.Errorf("highlight: %q", got)
	}
	if got := (painter{}).highlight("the Token store", q); got != "the Token store" {
		t.Errorf("plain: %q", got)
	}
	app := &App{Getenv: func(k string) string {
		if k == "NO_COLOR" {
			return "1"
		}
		return ""
	}, Streams: streams{Out: &bytes.Buffer{}}}
	if newPainter(app).on {
		t.Errorf("NO_COLOR ignored")
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// claudeSession writes a two-line Claude Code transcript recorded in cwd.
func claudeSession(t *testing.T, home, id, cwd, prompt string) {
	t.Helper()
	dir := filepath.Join(home, ".claude", "projects", strings.ReplaceAll(cwd, "/", "-"))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	line := func(v map[string]any) string {
		b, _ := json.Marshal(v)
		return string(b)
	}
	body := line(map[string]any{"type": "user", "sessionId": id, "cwd": cwd, "uuid": id + "-1", "parentUuid": nil,
		"timestamp": "2026-11-02T09:00:00.000Z", "message": map[string]any{"role": "user", "content": prompt}}) + "\n" +
		line(map[string]any{"type": "assistant", "sessionId": id, "cwd": cwd, "uuid": id + "-2", "parentUuid": id + "-1",
			"timestamp": "2026-11-02T09:01:00.000Z", "requestId": "r1", "message": map[string]any{"id": "m1", "role": "assistant",
				"model": "claude-sonnet-4-5", "content": []any{map[string]any{"type": "text", "text": "ok: " + prompt}}}}) + "\n"
	if err := os.WriteFile(filepath.Join(dir, id+".jsonl"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestHistoryDefaultsToTheCurrentRepository(t *testing.T) {
	home := t.TempDir()
	here, other := gittest.New(t), gittest.New(t)
	here.Write("sub/a.txt", "a")
	here.Commit("first")
	claudeSession(t, home, "11111111-1111-4111-8111-111111111111", here.Dir, "tune the flux capacitor here")
	claudeSession(t, home, "22222222-2222-4222-8222-222222222222", other.Dir, "tune the flux capacitor elsewhere")
	worktree := filepath.Join(t.TempDir(), "wt")
	here.Git("worktree", "add", "-q", worktree)

	for _, dir := range []string{here.Dir, filepath.Join(here.Dir, "sub"), worktree} {
		t.Chdir(dir)
		out, errOut, code := runIn(t, home, nil, "history", "--json", "flux", "capacitor")
		var resp recall.SearchResponse
		if code != 0 || json.Unmarshal([]byte(out), &resp) != nil {
			t.Fatalf("in %s: code %d %s", dir, code, errOut)
		}
		if len(resp.Hits) != 1 || !strings.HasPrefix(resp.Hits[0].SessionID, "1111") {
			t.Errorf("in %s: hits %+v, want only this repository's session", dir, resp.Hits)
		}
	}
	t.Chdir(t.TempDir())
	out, _, _ := runIn(t, home, nil, "history", "--json", "--no-refresh", "flux")
	var resp recall.SearchResponse
	if json.Unmarshal([]byte(out), &resp) != nil || len(resp.Hits) != 2 {
		t.Errorf("outside any repository every repository is searched: %s", out)
	}
}

// The readable answer labels the lower tiers and boilerplate, and names the
// identifiers holding a word that found nothing.
func TestHistoryTiersAndBoilerplate(t *testing.T) {
	home := t.TempDir()
	writeSession(home, "/src/chat", "abcd3333-3333-4333-8333-333333333333", "2026-03-01T10:00:00Z",
		"<system-reminder>Ask before any escalation.</system-reminder>", "Noted.")
	writeSession(home, "/src/chat", "abcd4444-4444-4444-8444-444444444444", "2026-03-02T10:00:00Z",
		"rename the chat method", "AddUserMessage now takes the text.")
	out, _, code := runIn(t, home, nil, "history", "--all-repos", "escalation")
	if code != 0 || !strings.Contains(out, "no conversations found") {
		t.Errorf("boilerplate searched by default (code %d):\n%s", code, out)
	}
	out, _, code = runIn(t, home, nil, "history", "--all-repos", "--no-refresh", "--include-boilerplate", "escalation")
	if code != 0 || !strings.Contains(out, "abcd3333") || !strings.Contains(out, "(boilerplate)") {
		t.Errorf("--include-boilerplate (code %d):\n%s", code, out)
	}
	out, _, code = runIn(t, home, nil, "history", "--all-repos", "--no-refresh", "UserMessage")
	if code != 0 || !strings.Contains(out, "abcd4444") || !strings.Contains(out, "(expanded)") {
		t.Errorf("expanded tier (code %d):\n%s", code, out)
	}
	out, _, code = runIn(t, home, nil, "history", "--all-repos", "--no-refresh", "--since", "2030-01-01", "UserMessage")
	if code != 0 || !strings.Contains(out, "no conversations found") || !strings.Contains(out, "hold these words: addusermessage") {
		t.Errorf("empty answer (code %d):\n%s", code, out)
	}
}

// TestHistoryToolInputsAndWholeOutputs: a word only in a tool call's
// input, or only in the whole output behind a preview, is found and
// labelled; one only in a subagent known from its parent's agent_progress
// lines is found with the subagents.
func TestHistoryToolInputsAndWholeOutputs(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	for _, c := range []struct {
		args      []string
		label     string
		matchedIn string
	}{
		{[]string{"TrackerBodyMarker"}, "(tool input)", recall.MatchedInToolInput},
		{[]string{"TestBudgetDeepWindowSentinel"}, "(output behind its preview)", recall.MatchedInFullOutput},
		{[]string{"--include-subagents", "CappedBudgetMarker"}, "(tool input)", recall.MatchedInToolInput},
	} {
		out, errOut, code := runIn(t, home, nil, append([]string{"history", "--all-repos"}, c.args...)...)
		if code != 0 || !strings.Contains(out, "bbbbbbbb") || !strings.Contains(out, "tool "+c.label+"  ") {
			t.Errorf("history %v (code %d): want a %q match of bbbbbbbb…\n%s%s", c.args, code, c.label, out, errOut)
		}
		out, _, _ = runIn(t, home, nil, append([]string{"history", "--all-repos", "--no-refresh", "--json"}, c.args...)...)
		var resp recall.SearchResponse
		if err := json.Unmarshal([]byte(out), &resp); err != nil || len(resp.Hits) != 1 || resp.Hits[0].MatchedIn != c.matchedIn {
			t.Errorf("history --json %v: %v %+v", c.args, err, resp.Hits)
		}
	}
	out, _, _ := runIn(t, home, nil, "history", "--all-repos", "--no-refresh", "--json", "--include-subagents", "CappedBudgetMarker")
	if !strings.Contains(out, `"session_id": "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb/agent-m1a2b3c4d5e6f7a8b"`) {
		t.Errorf("the mirrored subagent is not the hit:\n%s", out)
	}
}
