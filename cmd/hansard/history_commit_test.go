package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/fixtures/truth"
	"hansard/provenance/gitrepo/gittest"
	"hansard/recall"
)

// TestHistoryCommitFromLedger: a person committed lines a Claude session
// wrote (the session never ran git commit); --commit finds the session by a
// short and by the full sha, a person's own commit finds none, and a sha
// naming no commit, or several, is a usage error.
func TestHistoryCommitFromLedger(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not on PATH")
	}
	sc, _ := truth.ScenarioByName("human-interleaved")
	res, err := truth.Build(context.Background(), t.TempDir(), 1, sc)
	if err != nil {
		t.Fatal(err)
	}
	var claude string
	for _, s := range res.Truth.Sessions {
		if s.Provider == "claude" {
			claude = s.ID
		}
	}
	log, err := exec.Command("git", "-C", res.Repo, "log", "--format=%H %s").Output()
	if err != nil {
		t.Fatal(err)
	}
	commits := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(log)), "\n") {
		id, subject, _ := strings.Cut(line, " ")
		commits[subject] = id
	}
	env := map[string]string{"HANSARD_HOME": filepath.Join(t.TempDir(), "archive"), "NO_COLOR": "1"}
	t.Chdir(filepath.Join(res.Repo, "human-interleaved"))

	for _, sha := range []string{commits["Add handlers"][:7], commits["Add handlers"]} {
		out, errOut, code := runIn(t, res.Home, env, "history", "--json", "--commit", sha)
		var resp recall.SearchResponse
		if code != 0 || json.Unmarshal([]byte(out), &resp) != nil {
			t.Fatalf("--commit %s: code %d %s", sha, code, errOut)
		}
		if len(resp.Hits) != 1 || resp.Hits[0].SessionID != claude {
			t.Errorf("--commit %s: hits %+v, want the session %s", sha, resp.Hits, claude)
		}
	}
	out, _, code := runIn(t, res.Home, env, "history", "--no-refresh", "--commit", commits["Add handlers"][:7])
	if code != 0 || !strings.Contains(out, shortID(claude)) {
		t.Errorf("plain --commit (code %d):\n%s", code, out)
	}
	out, _, code = runIn(t, res.Home, env, "history", "--no-refresh", "--commit", commits["Initial commit"][:7])
	if code != 0 || !strings.Contains(out, "no conversations found") {
		t.Errorf("a person's commit (code %d):\n%s", code, out)
	}
	_, errOut, code := runIn(t, res.Home, env, "history", "--no-refresh", "--commit", "0000000")
	if code != exitUsage || !strings.Contains(errOut, "no commit 0000000") {
		t.Errorf("unknown commit: code %d, stderr %s", code, errOut)
	}

	seen := map[string]bool{}
	prefix := ""
	for _, id := range (&gittest.Repo{T: t, Dir: res.Repo, Now: time.Now()}).EmptyCommits(1500) {
		if seen[id[:4]] {
			prefix = id[:4]
			break
		}
		seen[id[:4]] = true
	}
	_, errOut, code = runIn(t, res.Home, env, "history", "--no-refresh", "--commit", prefix)
	if code != exitUsage || !strings.Contains(errOut, "commit "+prefix+" is ambiguous") {
		t.Errorf("ambiguous commit: code %d, stderr %s", code, errOut)
	}
}
