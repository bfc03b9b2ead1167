package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hansard/archive"
)

// attachHome lays out, in a new home, the transcripts of sessions recorded
// on another machine: a Codex session started in the subfolder agents/x
// of a checkout of git@example.com:team/proj.git at commit, editing
// agents/x/main.go; a Claude Code session in that checkout's top folder
// (it records no git state, but made commit made with git commit); and a
// Codex session of another repository.
func attachHome(t *testing.T, commit, made string) string {
	t.Helper()
	home := t.TempDir()
	codex := func(id, cwd, url, sha, file string) string {
		meta := map[string]any{"timestamp": "2026-04-30T08:00:01.000Z", "type": "session_meta", "payload": map[string]any{
			"id": id, "timestamp": "2026-04-30T08:00:00.000Z", "cwd": cwd, "originator": "codex-tui", "cli_version": "0.125.0",
			"git": map[string]any{"commit_hash": sha, "branch": "main", "repository_url": url}}}
		prompt := map[string]any{"timestamp": "2026-04-30T08:00:03.000Z", "type": "response_item", "payload": map[string]any{
			"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "add a greeting"}}}}
		call := map[string]any{"timestamp": "2026-04-30T08:00:05.000Z", "type": "response_item", "payload": map[string]any{
			"type": "custom_tool_call", "status": "completed", "call_id": "call_1", "name": "apply_patch",
			"input": "*** Begin Patch\n*** Add File: " + file + "\n+package main\n+\n+func greeting() string { return \"hello from the agent\" }\n*** End Patch\n"}}
		out := map[string]any{"timestamp": "2026-04-30T08:00:06.000Z", "type": "response_item", "payload": map[string]any{
			"type": "custom_tool_call_output", "call_id": "call_1", "output": `{"output":"Success.","metadata":{"exit_code":0}}`}}
		return jsonLines(t, meta, prompt, call, out)
	}
	write := func(rel, body string) {
		p := filepath.Join(home, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(".codex/sessions/2026/04/30/rollout-2026-04-30T08-00-00-0190aaaa-0000-7000-8000-0000000000a1.jsonl",
		codex("0190aaaa-0000-7000-8000-0000000000a1", "/recorded/alice/proj/agents/x", "git@example.com:team/proj.git", commit,
			"/recorded/alice/proj/agents/x/main.go"))
	write(".codex/sessions/2026/04/30/rollout-2026-04-30T08-00-00-0190aaaa-0000-7000-8000-0000000000b2.jsonl",
		codex("0190aaaa-0000-7000-8000-0000000000b2", "/recorded/bob/other", "https://example.com/team/other", "", "/recorded/bob/other/a.go"))
	write(".claude/projects/-recorded-alice-proj/7d3c1a52-9e4b-4c1f-8a2d-5b6e7f8a9b0c.jsonl", claudeCommit(t, made))
	return home
}

// claudeCommit is a Claude Code session recorded in /recorded/alice/proj
// that committed with git commit, which printed commit (an id prefix).
func claudeCommit(t *testing.T, commit string) string {
	const id = "7d3c1a52-9e4b-4c1f-8a2d-5b6e7f8a9b0c"
	env := func(typ, uuid, parent, at string, msg map[string]any) map[string]any {
		return map[string]any{"type": typ, "sessionId": id, "cwd": "/recorded/alice/proj", "gitBranch": "main",
			"uuid": uuid, "parentUuid": parent, "timestamp": at, "message": msg}
	}
	return jsonLines(t,
		env("user", "u1", "", "2026-04-30T09:00:00.000Z", map[string]any{"role": "user", "content": "commit it"}),
		env("assistant", "a1", "u1", "2026-04-30T09:00:05.000Z", map[string]any{"role": "assistant", "id": "msg_1", "model": "claude-opus-4-6",
			"content": []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": "Bash",
				"input": map[string]any{"command": `git commit -m "Add a greeting"`}}}}),
		env("user", "u2", "a1", "2026-04-30T09:00:06.000Z", map[string]any{"role": "user",
			"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_1",
				"content": "[main " + commit + "] Add a greeting\n 1 file changed, 3 insertions(+)"}}}))
}

func jsonLines(t *testing.T, objs ...any) string {
	t.Helper()
	var b bytes.Buffer
	for _, o := range objs {
		line, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// attachRepo makes a repository whose origin is remote (in another form
// than the session recorded) with agents/x/main.go committed, and returns
// its folder and HEAD commit.
func attachRepo(t *testing.T, remote string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	if remote != "" {
		git("remote", "add", "origin", remote)
	}
	if err := os.MkdirAll(filepath.Join(dir, "agents", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	body := "package main\n\nfunc greeting() string { return \"hello from the agent\" }\n"
	if err := os.WriteFile(filepath.Join(dir, "agents", "x", "main.go"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", ".")
	git("commit", "-q", "-m", "Add a greeting")
	return dir, git("rev-parse", "HEAD")
}

// hansardIn runs one command line in-process in dir with HOME set to home
// and the archive in archiveDir.
func hansardIn(t *testing.T, dir, home, archiveDir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	t.Chdir(dir)
	env := map[string]string{"HOME": home, "HANSARD_HOME": archiveDir, "NO_COLOR": "1"}
	var out, errb bytes.Buffer
	code = run(context.Background(), args, streams{In: strings.NewReader(""), Out: &out, Err: &errb},
		func(k string) string { return env[k] })
	return out.String(), errb.String(), code
}

func status(t *testing.T, dir, home, archiveDir string) archive.Status {
	t.Helper()
	out, errOut, code := hansardIn(t, dir, home, archiveDir, "status", "--json")
	if code != 0 {
		t.Fatalf("status: %d %s", code, errOut)
	}
	var st archive.Status
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestAutoAttach checks that `hansard index`, run in a checkout whose
// origin is the remote a session recorded, attaches the sessions recorded
// in that checkout elsewhere (the Claude Code one, which records no git
// state, included) with the recorded subfolder in its place, says so, and
// remembers the map where --maps lists it and --unmap removes it.
func TestAutoAttach(t *testing.T) {
	repo, head := attachRepo(t, "https://example.com/team/proj")
	home := attachHome(t, head, "1234567")
	archiveDir := filepath.Join(t.TempDir(), "archive")
	out, errOut, code := hansardIn(t, repo, home, archiveDir, "index")
	if code != 0 {
		t.Fatalf("index: %d\n%s\n%s", code, out, errOut)
	}
	want := fmt.Sprintf("attached the sessions recorded in /recorded/alice/proj to %s", repo)
	if !strings.Contains(out, want) || !strings.Contains(out, "recorded remote git@example.com:team/proj.git is this checkout's origin") {
		t.Fatalf("index does not say what it attached:\n%s", out)
	}
	st := status(t, repo, home, archiveDir)
	if len(st.Repositories) != 1 || st.Repositories[0].Root != repo || st.Repositories[0].Sessions != 2 {
		t.Fatalf("repositories: %+v", st.Repositories)
	}
	if st.Unattached.Sessions != 1 || len(st.Unattached.Folders) != 1 || st.Unattached.Folders[0].Folder != "/recorded/bob/other" {
		t.Fatalf("unattached: %+v", st.Unattached)
	}
	out, errOut, code = hansardIn(t, repo, home, archiveDir, "why", "agents/x/main.go:3", "--porcelain")
	if code != 0 || !strings.Contains(out, "0190aaaa-0000-7000-8000-0000000000a1") {
		t.Fatalf("why after attaching: %d\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(errOut, "attached to no repository") {
		t.Errorf("why hints although sessions are attached here: %s", errOut)
	}

	out, _, code = hansardIn(t, repo, home, archiveDir, "index", "--maps")
	if code != 0 || strings.TrimSpace(out) != "/recorded/alice/proj="+repo {
		t.Fatalf("--maps: %d %q", code, out)
	}
	if _, errOut, code = hansardIn(t, repo, home, archiveDir, "index", "--unmap", "/nowhere"); code != 2 || !strings.Contains(errOut, "no remembered map") {
		t.Fatalf("--unmap of no map: %d %s", code, errOut)
	}
	// Removed, the map is not found again from the same evidence.
	if out, errOut, code = hansardIn(t, repo, home, archiveDir, "index", "--unmap", "/recorded/alice/proj"); code != 0 ||
		strings.Contains(out, "attached") {
		t.Fatalf("--unmap: %d %q %s", code, out, errOut)
	}
	if out, _, _ = hansardIn(t, repo, home, archiveDir, "index", "--maps"); !strings.Contains(out, "no path maps") {
		t.Fatalf("--maps after --unmap: %q", out)
	}
	if st := status(t, repo, home, archiveDir); st.Unattached.Sessions != 3 {
		t.Fatalf("after --unmap: %+v", st.Unattached)
	}
}

// TestAutoAttachNeedsEvidence checks that a checkout with the same folder
// layout but another origin and none of the recorded commits attaches
// nothing, that why then hints at the unattached sessions, and that status
// lists their folders with a --map line each, to a placeholder: one file
// found here (alice's) is too little to name this checkout, and bob's is
// not here (TestMapTarget has the cases that name it).
func TestAutoAttachNeedsEvidence(t *testing.T) {
	repo, _ := attachRepo(t, "https://example.com/someone/else")
	home := attachHome(t, strings.Repeat("ab", 20), "1234567")
	archiveDir := filepath.Join(t.TempDir(), "archive")
	out, errOut, code := hansardIn(t, repo, home, archiveDir, "index")
	if code != 0 || strings.Contains(out, "attached") {
		t.Fatalf("index: %d\n%s\n%s", code, out, errOut)
	}
	out, errOut, code = hansardIn(t, repo, home, archiveDir, "why", "agents/x/main.go:3", "--porcelain")
	if code != 0 || !strings.Contains(out, "\tnone\t") {
		t.Fatalf("why: %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "no archived session is attached to this repository, and 3 sessions are attached to none") {
		t.Errorf("why gives no hint: %q", errOut)
	}
	out, _, _ = hansardIn(t, repo, home, archiveDir, "status")
	for _, want := range []string{
		"3 sessions attached to no repository, recorded in",
		"2 sessions  /recorded/alice/proj",
		"hansard index --map /recorded/alice/proj=/path/to/its/checkout  # 1 of 1 files edited there are in this checkout\n",
		"hansard index --map /recorded/bob/other=/path/to/its/checkout  # 0 of 1 files edited there are in this checkout\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
}

// TestAutoAttachByOwnCommit checks that a Claude Code session, which
// records no git state, is attached where a commit it made with git
// commit is, and the folder's other sessions with it.
func TestAutoAttachByOwnCommit(t *testing.T) {
	repo, head := attachRepo(t, "")
	home := attachHome(t, strings.Repeat("ab", 20), head[:7])
	archiveDir := filepath.Join(t.TempDir(), "archive")
	out, errOut, code := hansardIn(t, repo, home, archiveDir, "index")
	if code != 0 || !strings.Contains(out, "a commit it made with git commit ("+head[:7]+" Add a greeting) is in this repository only") {
		t.Fatalf("index: %d\n%s\n%s", code, out, errOut)
	}
	if st := status(t, repo, home, archiveDir); len(st.Repositories) != 1 || st.Repositories[0].Sessions != 2 {
		t.Fatalf("repositories: %+v", st.Repositories)
	}
}

// TestIndexMapChecks checks that a map to a folder that does not exist is
// a usage error, and that index fails, naming the variables that move the
// transcript folders, when no source folder exists.
func TestIndexMapChecks(t *testing.T) {
	repo, _ := attachRepo(t, "")
	archiveDir := filepath.Join(t.TempDir(), "archive")
	empty := t.TempDir()
	_, errOut, code := hansardIn(t, repo, empty, archiveDir, "index", "--map", "/recorded/x=/does/not/exist")
	if code != 2 || !strings.Contains(errOut, "/does/not/exist is not a folder") {
		t.Fatalf("map to a missing folder: %d %s", code, errOut)
	}
	_, errOut, code = hansardIn(t, repo, empty, archiveDir, "index")
	if code != 1 || !strings.Contains(errOut, "CLAUDE_CONFIG_DIR") || !strings.Contains(errOut, "CODEX_HOME") ||
		!strings.Contains(errOut, filepath.Join(empty, ".claude", "projects")) {
		t.Fatalf("index without transcripts: %d %s", code, errOut)
	}
}
