package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"hansard/recall"
)

// runIn runs one command line in-process for a user whose home holds the
// fixture transcripts.
func runIn(t *testing.T, home string, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return env[k]
	}
	code := run(context.Background(), args, streams{In: strings.NewReader(""), Out: &out, Err: &errb}, getenv)
	return out.String(), errb.String(), code
}

func fixtureHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "fixtures", "claude", "projects"), filepath.Join(home, ".claude", "projects"))
	return home
}

func TestHistoryAndShow(t *testing.T) {
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
	home := fixtureHome(t)
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"history", "--since", "soon"}, exitUsage, "since"},
		{[]string{"history", "--hits", "9"}, exitUsage, "hits_per_session"},
		{[]string{"history", "--repo", "no-such-repo"}, exitError, "no archived conversation"},
		{[]string{"show"}, exitUsage, "accepts 1 arg"},
		{[]string{"show", "ffffffff"}, exitError, "no such session"},
		{[]string{"show", "--limit", "0", "--content-offset", "5", "1111"}, exitUsage, "content_offset"},
	} {
		_, errOut, code := runIn(t, home, nil, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("%v: code %d, want %d; stderr %q", tt.args, code, tt.code, errOut)
		}
	}
}

func TestPainter(t *testing.T) {
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
