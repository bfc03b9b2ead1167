package archive

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestGetSessionByPrefix(t *testing.T) {
	e := newTestEnv(t)
	a := e.open(Options{})
	for _, id := range []string{"abc-1", "abc-2", "abd-1"} {
		e.write(id+".jsonl", sessionLines(id, "/w")...)
	}
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	if si, err := a.GetSession(ctx, "abd"); err != nil || si.ID != "abd-1" || si.Messages != 2 || si.Title != "please fix parse_config in abd-1" {
		t.Fatalf("unique prefix: %+v %v", si, err)
	}
	if si, err := a.GetSession(ctx, "abc-2"); err != nil || si.ID != "abc-2" {
		t.Fatalf("exact id: %+v %v", si, err)
	}
	_, err := a.GetSession(ctx, "abc")
	var amb *AmbiguousError
	if !errors.Is(err, ErrAmbiguous) || !errors.As(err, &amb) || fmt.Sprint(amb.Candidates) != "[abc-1 abc-2]" {
		t.Fatalf("ambiguous prefix: %v", err)
	}
	for _, id := range []string{"zzz", "", "abc-10"} {
		if _, err := a.GetSession(ctx, id); !errors.Is(err, ErrNotFound) {
			t.Fatalf("GetSession(%q): %v", id, err)
		}
	}
}

func TestMessagesAndToolCalls(t *testing.T) {
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	msgs, err := a.Messages(ctx, "s1", 1, 2)
	if err != nil || len(msgs) != 1 || msgs[0].Index != 1 || msgs[0].Role != "assistant" ||
		fmt.Sprint(msgs[0].ToolCallIDs) != "[c1 c2 c3]" || msgs[0].Timestamp.IsZero() || msgs[0].Line != 3 {
		t.Fatalf("messages: %+v %v", msgs, err)
	}
	calls, err := a.ToolCalls(ctx, "s1", 1)
	if err != nil || len(calls) != 3 {
		t.Fatalf("tool calls: %+v %v", calls, err)
	}
	if c := calls[0]; c.ID != "c1" || !c.HasResult || c.Result != "The file main.go has been updated; zebra_output" || c.ResultLine != 6 || string(c.Input) == "" {
		t.Fatalf("call c1: %+v", c)
	}
	if _, err := a.Messages(ctx, "nope", 0, 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("messages of a missing session: %v", err)
	}
}

func TestMainBranch(t *testing.T) {
	type m struct{ uuid, parent string }
	cases := []struct {
		name string
		msgs []m
		want string
	}{
		{"linear", []m{{"a", ""}, {"b", "a"}, {"c", "b"}}, "111"},
		{"rewind", []m{{"a", ""}, {"b", "a"}, {"c", "b"}, {"d", "a"}, {"e", "d"}}, "10011"},
		{"no uuids", []m{{"", ""}, {"", ""}}, "11"},
		{"mixed", []m{{"a", ""}, {"", ""}, {"b", "a"}, {"x", "a"}, {"c", "b"}}, "11101"},
		{"compaction restarts the tree", []m{{"a", ""}, {"b", "a"}, {"c", "a"}, {"r", ""}, {"s", "r"}}, "10111"},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		got := mainBranch(len(c.msgs), func(i int) (string, string) { return c.msgs[i].uuid, c.msgs[i].parent })
		s := ""
		for _, b := range got {
			if b {
				s += "1"
			} else {
				s += "0"
			}
		}
		if s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}

func TestOnMainBranchStored(t *testing.T) {
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl",
		`{"t":"msg","role":"user","text":"one","uuid":"a"}`,
		`{"t":"msg","role":"assistant","text":"two","uuid":"b","parent":"a"}`,
		`{"t":"msg","role":"user","text":"edited prompt","uuid":"c","parent":"a"}`,
	)
	e.refresh(a, RefreshOptions{})
	msgs, _ := a.Messages(context.Background(), "s1", 0, 0)
	if len(msgs) != 3 || !msgs[0].OnMainBranch || msgs[1].OnMainBranch || !msgs[2].OnMainBranch {
		t.Fatalf("branches: %+v", msgs)
	}
	// The abandoned branch is continued later: it becomes the main one.
	e.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"back","uuid":"d","parent":"b"}`+"\n")
	e.refresh(a, RefreshOptions{})
	msgs, _ = a.Messages(context.Background(), "s1", 0, 0)
	if !msgs[1].OnMainBranch || msgs[2].OnMainBranch || !msgs[3].OnMainBranch {
		t.Fatalf("branches after append: %+v", msgs)
	}
}

func TestTwoNewFilesWritingOneSession(t *testing.T) {
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
