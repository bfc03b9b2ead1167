package archive

import (
	"context"
	"os"
	"strings"
	"testing"
)

// messageTexts returns the texts of a session's messages in index order,
// failing when an index is missing.
func messageTexts(t *testing.T, a *Archive, id string) []string {
	t.Helper()
	msgs, err := a.Messages(context.Background(), id, 0, 0)
	if err != nil {
		t.Fatalf("messages of %s: %v", id, err)
	}
	texts := make([]string, len(msgs))
	for i, m := range msgs {
		if m.Index != i {
			t.Fatalf("%s: message %d has index %d", id, i, m.Index)
		}
		texts[i] = m.Text
	}
	return texts
}

func TestTwoFilesWithOneSessionIDKeepBoth(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	pa := e.write("a.jsonl", sessionLines("dup", "/w")...)
	e.refresh(a, RefreshOptions{})
	first := messageTexts(t, a, "dup")

	// A second file with the same session id and the same call ids, but
	// other text: an export, or a copy that went on elsewhere.
	// It names where it was resumed from before it names itself.
	other := reworded(sessionLines("dup", "/w"))
	other[5] = strings.Replace(other[5], "zebra_output", "second file's result", 1)
	other = append([]string{`{"t":"link","parent":"elsewhere","rel":"resumed_from","evidence":"copied"}`}, other...)
	pb := e.write("copy/dup.jsonl", other...)
	e.refresh(a, RefreshOptions{})
	e.appendRaw("copy/dup.jsonl", `{"t":"msg","role":"user","text":"one more in the copy","uuid":"b-u3"}`+"\n")
	e.refresh(a, RefreshOptions{})

	if got := messageTexts(t, a, "dup"); strings.Join(got, "\n") != strings.Join(first, "\n") {
		t.Fatalf("the first file's session changed: %q, was %q", got, first)
	}
	second := messageTexts(t, a, "dup~2")
	if len(second) != 3 || !strings.HasPrefix(second[0], "kindly fix") || second[2] != "one more in the copy" {
		t.Fatalf("the second file's session: %q", second)
	}
	si, err := a.GetSession(context.Background(), "dup~2")
	if err != nil || si.ParentID != "dup" || si.Relation != "continued_from" || !strings.Contains(si.LinkEvidence, pa) {
		t.Fatalf("second session: %+v %v", si.Session, err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM session_links WHERE parent_id = 'elsewhere' AND session_id = 'dup~2'`); n != 1 ||
		len(si.Links) != 2 {
		t.Fatalf("the second file's links: %+v", si.Links)
	}
	if first, _ := a.GetSession(context.Background(), "dup"); len(first.Links) != 0 {
		t.Fatalf("the first file's session got links: %+v", first.Links)
	}
	// A prefix of the id names the session holding it, not its copy.
	if si, err := a.GetSession(context.Background(), "du"); err != nil || si.ID != "dup" {
		t.Fatalf("session by prefix: %+v %v", si.Session, err)
	}
	results := map[string]string{}
	for _, id := range []string{"dup", "dup~2"} {
		calls, err := a.ToolCalls(context.Background(), id, 1)
		if err != nil || len(calls) != 3 {
			t.Fatalf("calls of %s: %+v %v", id, calls, err)
		}
		results[id] = calls[0].Result
	}
	if !strings.Contains(results["dup"], "zebra_output") || !strings.Contains(results["dup~2"], "second file's result") {
		t.Fatalf("one file's call replaced the other's: %q", results)
	}
	if n := count(t, a.db, `SELECT count(*) FROM edits`); n != 2 {
		t.Fatalf("edits = %d", n)
	}

	// Both originals gone, rebuilt from the retained copies (the larger
	// file first): every record lands where it did.
	before := dump(t, a)
	os.Remove(pa)
	os.Remove(pb)
	e.refresh(a, RefreshOptions{})
	e.refresh(a, RefreshOptions{Rebuild: true})
	if after := dump(t, a); !sameExceptDeleted(before, after) {
		t.Fatalf("rebuild moved records:\n%s\n---\n%s", before, after)
	}
}

func TestTwoNewFilesWritingOneSession(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("a.jsonl", sessionLines("dup", "/w")...)
	e.write("b.jsonl", sessionLines("dup", "/w")...)
	res := e.refresh(a, RefreshOptions{})
	if res.Failed != 0 || res.Reread != 2 {
		t.Fatalf("refresh: %+v %q", res, e.warnings)
	}
	// Each file has its session: whichever was read first holds the id.
	for _, id := range []string{"dup", "dup~2"} {
		if msgs := messageTexts(t, a, id); len(msgs) != 2 {
			t.Fatalf("messages of %s: %q", id, msgs)
		}
	}
	if n := count(t, a.db, `SELECT count(*) FROM tool_calls`); n != 6 {
		t.Fatalf("tool calls = %d", n)
	}
	// The ledger reads the copy's edit once.
	var edits []string
	err := a.ForEachEdit(context.Background(), EditFilter{SkipCopies: true}, func(e RepoEdit) error {
		edits = append(edits, e.SessionID+" "+e.ToolCallID)
		return nil
	})
	if err != nil || len(edits) != 1 || edits[0] != "dup c1" {
		t.Fatalf("edits without copies: %q %v", edits, err)
	}
	dump(t, a) // full-text index intact
}
