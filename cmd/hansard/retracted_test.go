package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"hansard/archive"
	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
)

// TestShowAndHistoryMarkRetracted archives a conversation whose agent
// rewound and replaced its history (with a provider the CLI's registry
// does not hold) and reads it without a refresh: show and history mark
// the retracted messages.
func TestShowAndHistoryMarkRetracted(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if _, err := fakeagents.Lay(home, ".fake-upsert/u.jsonl"); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HANSARD_HOME": filepath.Join(t.TempDir(), "archive"), "NO_COLOR": "1"}
	ctx := context.Background()
	a, err := archive.Open(ctx, archive.Options{Dir: env["HANSARD_HOME"]})
	if err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	_, err = a.Refresh(ctx, []transcripts.Provider{fakeagents.NewUpsert()}, getenv, archive.RefreshOptions{})
	a.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, errb, code := runIn(t, home, env, "show", "u", "--no-refresh")
	if code != 0 || !strings.Contains(out, "#1 assistant [retracted: replaced]") || !strings.Contains(out, "#2 user [retracted: rewound]") ||
		strings.Contains(out, "#0 user [retracted") {
		t.Errorf("show: %d %s\n%s", code, errb, out)
	}
	out, errb, code = runIn(t, home, env, "show", "u", "--no-refresh", "--porcelain")
	for _, want := range []string{"# hansard show porcelain 2\n", "\n0\tuser\t-\t-\tmain\t-\tadd the retry\n",
		"\n1\tassistant\t-\t-\tmain\treplaced\tediting client.go\n", "\n2\tuser\t-\t-\tmain\trewound\tno, undo that\n"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("show --porcelain: %d %s, no %q in\n%s", code, errb, want, out)
		}
	}
	out, errb, code = runIn(t, home, env, "history", "editing", "--all-repos", "--no-refresh")
	if code != 0 || !strings.Contains(out, "assistant [retracted: replaced]") {
		t.Errorf("history: %d %s\n%s", code, errb, out)
	}
}
