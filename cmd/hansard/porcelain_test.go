package main

import (
	"strings"
	"testing"
)

// TestPorcelainGolden holds the --porcelain outputs of history and show on
// the demo (its folder written as $DEMO), and the records of status.
func TestPorcelainGolden(t *testing.T) {
	hansard, d := demoRepo(t)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"history.txt", []string{"history", "backoff", "--porcelain"}},
		{"history-filters.txt", []string{"history", "--provider", "codex", "--porcelain"}},
		{"show.txt", []string{"show", "019cb84c", "--porcelain", "--limit", "4"}},
	} {
		out, errOut, code := hansard("", append(c.args, "--no-refresh")...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", c.args, code, errOut)
		}
		golden(t, "porcelain/"+c.name, strings.ReplaceAll(out, d.Dir, "$DEMO"))
	}
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
