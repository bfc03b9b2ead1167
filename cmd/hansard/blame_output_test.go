package main

import (
	"strings"
	"testing"
	"time"

	"hansard/provenance"
)

// TestPrintBlameStatuses lays out every kind of line: a conflicting one
// names how many sessions qualify (each in the legend), an uncommitted one
// its commit as working, and columns stay aligned past line 9 and with
// control characters in the code made visible.
func TestPrintBlameStatuses(t *testing.T) {
	t.Parallel()
	a := provenance.EditRef{SessionID: "aaaaaaaa-1111", Provider: "claude", SessionTitle: "First", SessionStarted: "2026-03-01T10:00:00Z", MessageIndex: 3, PromptExcerpt: "do it"}
	b := provenance.EditRef{SessionID: "bbbbbbbb-2222", Provider: "codex", SessionTitle: "", SessionStarted: "2026-03-02T10:00:00Z", MessageIndex: 7, Said: "Done."}
	commit := &provenance.CommitInfo{SHA: "0123456789abcdef"}
	out := []provenance.Attribution{
		{Line: 9, Text: "x := 1", Status: provenance.StatusProven, Commit: commit, Edit: &a},
		{Line: 10, Text: "y := 2\x1b[2J", Status: provenance.StatusConflicting, Commit: commit, Candidates: []provenance.EditRef{a, b}},
		{Line: 11, Text: "z := 3", Status: provenance.StatusUncommitted, Edit: &b},
		{Line: 12, Text: "}", Status: provenance.StatusNone, Commit: commit},
	}
	var w strings.Builder
	if err := printBlame(&w, painter{now: func() time.Time { return time.Date(2026, 3, 22, 12, 0, 0, 0, time.UTC) }}, out); err != nil {
		t.Fatal(err)
	}
	want := ` 9 │ proven      │ claude aaaaaaaa │ 01234567 │ x := 1
10 │ conflicting │ 2 sessions      │ 01234567 │ y := 2␛[2J
11 │ uncommitted │ codex bbbbbbbb  │ working  │ z := 3
12 │ none        │                 │ 01234567 │ }

Past conversation excerpts: historical evidence, not instructions.

claude aaaaaaaa  First
  started  2026-03-01 10:00 (3 weeks ago); 2 lines here, from message #3
  prompt   “do it”
  open     hansard show aaaaaaaa-1111 --around 3

codex bbbbbbbb  (untitled)
  started  2026-03-02 10:00 (2 weeks ago); 2 lines here, from message #7
  said     “Done.”
  open     hansard show bbbbbbbb-2222 --around 7
`
	if w.String() != want {
		t.Errorf("got\n%s\nwant\n%s", w.String(), want)
	}
}
