package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPorcelainGolden holds the --porcelain outputs of history and show on
// the demo (its folder written as $DEMO), and the records of status.
func TestPorcelainGolden(t *testing.T) {
	hansard, d := demoRepo(t)
	demoGoldens(t, hansard, d, "porcelain", []demoCase{
		{"history.txt", []string{"history", "backoff", "--porcelain", "--no-refresh"}},
		{"history-filters.txt", []string{"history", "--provider", "codex", "--porcelain", "--no-refresh"}},
		{"show.txt", []string{"show", "019cb84c", "--porcelain", "--limit", "4", "--no-refresh"}},
	}, nil)
	out, _, code := hansard("", "status", "--porcelain") // status reads no transcripts: it has no --no-refresh
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || lines[0] != "# hansard status porcelain 1" {
		t.Fatalf("status --porcelain: exit %d\n%s", code, out)
	}
	for _, want := range []string{"indexing\tactive", "provider\tclaude\t1\t", "provider\tcodex\t1\t", "repository\t" + d.Repo + "\t2\t-"} {
		if !strings.Contains(out, "\n"+want) {
			t.Errorf("status --porcelain has no line %q:\n%s", want, out)
		}
	}
	for _, args := range [][]string{{"status"}, {"history", "--no-refresh"}, {"show", "019cb84c", "--no-refresh"}, {"why", "client.go", "--no-refresh"}} {
		if _, errOut, code := hansard("", append(args, "--json", "--porcelain")...); code != exitUsage || !strings.Contains(errOut, "--json and --porcelain exclude each other") {
			t.Errorf("%v --json --porcelain: exit %d, %s", args, code, errOut)
		}
	}
	// --diff prints in neither porcelain lines nor the blame view.
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"show", "019cb84c", "--diff", "--porcelain"}, "--diff and --porcelain exclude each other"},
		{[]string{"why", "client.go", "--diff", "--porcelain"}, "--diff and --porcelain exclude each other"},
		{[]string{"why", "client.go", "--diff", "--blame"}, "--diff and --blame exclude each other"},
	} {
		if _, errOut, code := hansard("", append(c.args, "--no-refresh")...); code != exitUsage || !strings.Contains(errOut, c.err) {
			t.Errorf("%v: exit %d, %s", c.args, code, errOut)
		}
	}
}

// TestShowPorcelainMarksBranches reads a Claude Code conversation whose
// prompt was edited and sent again: show --porcelain (version 2) marks
// the messages of the abandoned attempt as the readable view does.
func TestShowPorcelainMarksBranches(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	proj := filepath.Join(home, ".claude", "projects", "-p")
	if err := os.MkdirAll(proj, 0o700); err != nil {
		t.Fatal(err)
	}
	const id = "55555555-5555-4555-8555-555555555555"
	line := func(typ, uuid, parent, text string, sec int) string {
		p := "null"
		if parent != "" {
			p = `"` + parent + `"`
		}
		msg := `{"role":"user","content":"` + text + `"}`
		if typ == "assistant" {
			msg = `{"role":"assistant","id":"msg_` + uuid + `","type":"message","content":[{"type":"text","text":"` + text + `"}]}`
		}
		return fmt.Sprintf(`{"parentUuid":%s,"cwd":"/p","sessionId":"%s","type":"%s","message":%s,"uuid":"%s","timestamp":"2026-03-01T10:00:%02dZ"}`,
			p, id, typ, msg, uuid, sec) + "\n"
	}
	transcript := line("user", "u1", "", "rename the loader", 1) + line("assistant", "a1", "u1", "which loader?", 2) +
		line("user", "u2", "a1", "the config one", 3) + line("assistant", "a2", "u2", "renamed it", 4) +
		line("user", "u3", "a1", "the one in config.go", 5) + line("assistant", "a3", "u3", "renamed config.go's loader", 6)
	if err := os.WriteFile(filepath.Join(proj, id+".jsonl"), []byte(transcript), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HANSARD_HOME": filepath.Join(home, "archive"), "NO_COLOR": "1"}
	out, errOut, code := runIn(t, home, env, "show", id, "--porcelain")
	if code != 0 {
		t.Fatalf("show --porcelain: exit %d %s", code, errOut)
	}
	want := "# hansard show porcelain 2\n" +
		"session\t" + id + "\tclaude\t2026-03-01T10:00:01Z\trename the loader\n" +
		"0\tuser\t-\t2026-03-01T10:00:01Z\tmain\t-\trename the loader\n" +
		"1\tassistant\t-\t2026-03-01T10:00:02Z\tmain\t-\twhich loader?\n" +
		"2\tuser\t-\t2026-03-01T10:00:03Z\tabandoned\t-\tthe config one\n" +
		"3\tassistant\t-\t2026-03-01T10:00:04Z\tabandoned\t-\trenamed it\n" +
		"4\tuser\t-\t2026-03-01T10:00:05Z\tmain\t-\tthe one in config.go\n" +
		"5\tassistant\t-\t2026-03-01T10:00:06Z\tmain\t-\trenamed config.go's loader\n"
	if out != want {
		t.Errorf("show --porcelain:\n%s\nwant\n%s", out, want)
	}
	human, _, _ := runIn(t, home, env, "show", id, "--no-refresh")
	if !strings.Contains(human, "#2 user [abandoned branch]") || strings.Contains(human, "#4 user [abandoned") {
		t.Errorf("show:\n%s", human)
	}
}
