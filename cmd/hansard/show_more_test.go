package main

import (
	"strings"
	"testing"
)

func TestShowUnknownAmbiguousAndPastTheEnd(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	claudeSession(t, home, "abcd1111-1111-4111-8111-111111111111", "/work/one", "tune the flux capacitor")
	claudeSession(t, home, "abcd2222-2222-4222-8222-222222222222", "/work/two", "polish the warp core")

	_, errOut, code := runIn(t, home, nil, "show", "deadbeef")
	if code != exitError || !strings.Contains(errOut, "no such session") || !strings.Contains(errOut, "hansard history") {
		t.Errorf("unknown session: exit %d:\n%s", code, errOut)
	}

	_, errOut, code = runIn(t, home, nil, "show", "--no-refresh", "abcd")
	lines := strings.Split(errOut, "\n")
	var matches []string
	for _, l := range lines {
		if strings.HasPrefix(l, "  abcd") {
			matches = append(matches, l)
		}
	}
	if code != exitError || len(matches) != 2 || !strings.Contains(matches[0], "tune the flux capacitor") ||
		!strings.Contains(matches[1], "polish the warp core") || !strings.Contains(matches[0], "2026-11-02") {
		t.Errorf("ambiguous prefix: exit %d, want each match on its line with time and title:\n%s", code, errOut)
	}

	_, errOut, code = runIn(t, home, nil, "show", "--no-refresh", "--around", "15", "11111111")
	if code != exitUsage || !strings.Contains(errOut, "--around 15 is past the end of 11111111: its messages are #0 to #14") {
		t.Errorf("--around past the end: exit %d:\n%s", code, errOut)
	}
	if _, errOut, code = runIn(t, home, nil, "show", "--no-refresh", "--around", "14", "11111111"); code != 0 {
		t.Errorf("--around the last message: exit %d: %s", code, errOut)
	}
}

func TestShowAllAndMeta(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	out, errOut, code := runIn(t, home, nil, "show", "--all", "--limit", "2", "11111111")
	if code != 0 {
		t.Fatalf("show --all: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "#0 user") || !strings.Contains(out, "#14 assistant") || strings.Contains(out, "more: hansard show") {
		t.Errorf("show --all did not print the whole conversation:\n%s", out)
	}
	if strings.Contains(out, "#13 user (meta)") || !strings.Contains(out, "1 system or meta message not shown") {
		t.Errorf("show hides meta messages and says so:\n%s", out)
	}
	out, _, _ = runIn(t, home, nil, "show", "--no-refresh", "--all", "--meta", "11111111")
	if !strings.Contains(out, "#13 user (meta)") || strings.Contains(out, "not shown") {
		t.Errorf("show --meta shows them:\n%s", out)
	}
	out, _, _ = runIn(t, home, nil, "show", "--no-refresh", "--all", "--roles", "user", "11111111")
	if !strings.Contains(out, "#13 user (meta)") {
		t.Errorf("show --roles user keeps the meta messages it asks for:\n%s", out)
	}
}
