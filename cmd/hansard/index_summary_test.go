package main

import (
	"strings"
	"testing"

	"hansard/archive"
)

func TestSummaryCountsSubagentsApart(t *testing.T) {
	t.Parallel()
	got := summary(archive.RefreshResult{Reread: 3, Sessions: 12, Subagents: 9, Bytes: 2 << 20, Elapsed: 1e9})
	if want := "indexed 3 sessions and 9 subagents, 2.0 MB in 1.0 s"; got != want {
		t.Errorf("summary = %q, want %q", got, want)
	}
}

// TestIndexCountsSubagents indexes the fixtures, which hold subagents.
func TestIndexCountsSubagents(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	out, errOut, code := runIn(t, home, nil, "index")
	if code != 0 || !strings.Contains(out, "subagent") {
		t.Errorf("index: exit %d, want sessions and subagents counted apart:\n%s%s", code, out, errOut)
	}
	out, errOut, code = runIn(t, home, nil, "index", "--rebuild")
	if code != 0 || !strings.Contains(out, "subagent") {
		t.Errorf("index --rebuild: exit %d:\n%s%s", code, out, errOut)
	}
}
