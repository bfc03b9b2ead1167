package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestStatsCommand(t *testing.T) {
	t.Parallel()
	w := logWorld(t)
	env := []string{"HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "archive")}

	out, errOut, code := runHansard(t, w.bin, w.repo, env, "stats", "--json")
	if code != 0 {
		t.Fatalf("stats --json: exit %d\n%s", code, errOut)
	}
	var r struct {
		Path     string `json:"path"`
		Files    int    `json:"files"`
		Lines    int    `json:"lines"`
		Sessions []struct {
			SessionID string  `json:"session_id"`
			Lines     int     `json:"lines"`
			Share     float64 `json:"share"`
		} `json:"sessions"`
		Providers []struct {
			Name  string  `json:"name"`
			Share float64 `json:"share"`
		} `json:"providers"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lines := strings.Count(payGo, "\n")
	if r.Path != "." || r.Files != 1 || r.Lines != lines || len(r.Sessions) != 1 || r.Sessions[0].SessionID != logSession ||
		r.Sessions[0].Lines != lines || len(r.Providers) != 1 || r.Providers[0].Name != "claude" || r.Providers[0].Share != 1 {
		t.Errorf("stats --json = %s, want the session writing all %d lines of pay.go", out, lines)
	}

	out, _, code = runHansard(t, w.bin, w.repo, env, "stats", "pay.go")
	if code != 0 || !strings.Contains(out, "historical evidence") || !strings.Contains(out, "pay.go (file: 1 file, 6 lines)") ||
		!strings.Contains(out, "└─ claude   6 lines (100.0 %)") || !strings.Contains(out, logSession) {
		t.Errorf("stats pay.go: exit %d\n%s", code, out)
	}

	out, _, code = runHansard(t, w.bin, w.repo, env, "stats", "--porcelain", ".")
	want := []string{"# hansard stats porcelain 1", "total\t" + w.repo + "\t.\t1\t6", "status\tproven\t6",
		"provider\tclaude\t6\t1.0000", "session\t" + logSession + "\tclaude\t6\t1.0000\t1\t", "nobody\t0\t0.0000"}
	for _, l := range want {
		if !strings.Contains(out, l) {
			t.Errorf("stats --porcelain lacks %q (exit %d):\n%s", l, code, out)
		}
	}

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"stats", "a", "b"}, 2, "at most one PATH"},
		{[]string{"stats", "--json", "--porcelain"}, 2, "exclude each other"},
		{[]string{"stats", "missing.go"}, 2, "missing.go: no such file or folder"},
		{[]string{"stats", t.TempDir()}, 2, "not inside a git repository"},
	} {
		if _, errOut, code := runHansard(t, w.bin, w.repo, env, c.args...); code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %s; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}
