package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"hansard/internal/demo"
)

// TestShowFromAnswer follows an answer to its conversation: why names the
// show command that opens its edit (and --json its open field); show reads
// the session from the answer's file:// link, centred on the edit's
// message, and from the transcript's path.
func TestShowFromAnswer(t *testing.T) {
	hansard, d := demoRepo(t)
	out, errOut, code := hansard("", "why", "client.go:52", "--json", "--no-refresh")
	if code != 0 {
		t.Fatalf("why: %d %s", code, errOut)
	}
	var a struct {
		Edit struct {
			SessionID    string `json:"session_id"`
			MessageIndex int    `json:"message_index"`
			Source       string `json:"source"`
			Open         string `json:"open"`
		} `json:"edit"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if want := "hansard show " + demo.ClaudeSession + " --around 13"; a.Edit.Open != want {
		t.Errorf("open = %q, want %q", a.Edit.Open, want)
	}
	human, _, _ := hansard("", "why", "client.go:52", "--no-refresh")
	if !strings.Contains(human, "  open     hansard show "+demo.ClaudeSession+" --around 13\n") {
		t.Errorf("why does not name the show command:\n%s", human)
	}

	byLink, errOut, code := hansard("", "show", a.Edit.Source, "--limit", "1", "--no-refresh")
	if code != 0 {
		t.Fatalf("show %s: %d %s", a.Edit.Source, code, errOut)
	}
	if !strings.Contains(byLink, demo.ClaudeSession) || !strings.Contains(byLink, "\n#13 assistant") {
		t.Errorf("show LINK is not message #13 of the session:\n%s", byLink)
	}
	path, _, _ := strings.Cut(strings.TrimPrefix(a.Edit.Source, "file://"), "#")
	rel, err := filepath.Rel(d.Repo, path)
	if err != nil {
		t.Fatal(err)
	}
	byPath, errOut, code := hansard("", "show", rel, "--limit", "2", "--no-refresh")
	if code != 0 {
		t.Fatalf("show %s: %d %s", rel, code, errOut)
	}
	if !strings.Contains(byPath, demo.ClaudeSession) || !strings.Contains(byPath, "\n#0 ") {
		t.Errorf("show PATH does not read the session from its start:\n%s", byPath)
	}
	retained, err := filepath.Glob(filepath.Join(d.Archive, "retained", "codex", "*.jsonl.gz"))
	if err != nil || len(retained) != 1 {
		t.Fatalf("retained copies of the Codex transcript: %v %v", retained, err)
	}
	byCopy, errOut, code := hansard("", "show", "file://"+retained[0]+"#L14", "--limit", "1", "--no-refresh")
	if code != 0 || !strings.Contains(byCopy, demo.CodexSession) || !strings.Contains(byCopy, "\n#4 ") {
		t.Errorf("show of a link to the retained copy: exit %d %s\n%s", code, errOut, byCopy)
	}
	if _, errOut, code := hansard("", "show", filepath.Join(d.Dir, "none.jsonl"), "--no-refresh"); code != exitError || !strings.Contains(errOut, "no archived session") {
		t.Errorf("show of an unknown transcript: exit %d, %s", code, errOut)
	}
}
