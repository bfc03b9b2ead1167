package providertest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// lineProvider is a minimal provider of a toy format, one JSON object per
// line: {"type":"msg","text":…} or {"type":"edit","id":…,"file":…,"old":…,"new":…}.
// The session id is the file's stem.
type lineProvider struct{}

func (lineProvider) Name() string { return "toy" }

func (lineProvider) Roots(env transcripts.Env) []string {
	return []string{filepath.Join(env("HOME"), "toy")}
}

func (lineProvider) Discover(ctx context.Context, roots []string, warn func(string, error), fn func(transcripts.Source) error) error {
	filter := transcripts.NewSourceFilter(roots)
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				warn(p, err)
				return nil
			}
			if !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
				if err := filter.Check(p, d); err != nil {
					warn(p, err)
					return nil
				}
				return fn(transcripts.Source{Provider: "toy", Path: p, Class: transcripts.ClassMain})
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (lineProvider) Parse(ctx context.Context, src transcripts.Source, r io.Reader, cp transcripts.Checkpoint, sink transcripts.Sink) (transcripts.Checkpoint, error) {
	id := strings.TrimSuffix(filepath.Base(src.Path), ".jsonl")
	next := cp.NextIndex
	held := -1 // the index counter before an unterminated last line
	off, n, err := transcripts.ReadLines(ctx, r, cp, func(l transcripts.Line) error {
		if l.Unterminated {
			held = next
		}
		var v struct{ Type, Text, ID, File, Old, New string }
		if err := json.Unmarshal(l.Bytes, &v); err != nil {
			return sink(transcripts.Record{Problem: &transcripts.Problem{Line: l.Number, Kind: transcripts.ProblemMalformed, Detail: err.Error()}})
		}
		switch v.Type {
		case "msg":
			if err := sink(transcripts.Record{Session: &transcripts.Session{ID: id, Provider: "toy", Class: transcripts.ClassMain}}); err != nil {
				return err
			}
			next++
			return sink(transcripts.Record{Message: &transcripts.Message{SessionID: id, Index: next - 1, Role: transcripts.RoleUser, Text: v.Text, Line: l.Number}})
		case "edit":
			return sink(transcripts.Record{Edit: &transcripts.Edit{SessionID: id, ToolCallID: v.ID, MessageIndex: next - 1, File: v.File,
				Op: transcripts.OpUpdate, OldText: v.Old, NewText: v.New, Status: transcripts.EditOK}})
		default:
			return sink(transcripts.Record{Problem: &transcripts.Problem{Line: l.Number, Kind: transcripts.ProblemUnknownType, Detail: v.Type}})
		}
	})
	if held >= 0 {
		next = held
	}
	return transcripts.Checkpoint{Offset: off, Line: n, NextIndex: next}, err
}

func TestRunToyProvider(t *testing.T) {
	var long strings.Builder
	for i := range 60 {
		fmt.Fprintf(&long, `{"type":"msg","text":"line %d"}`+"\n", i)
	}
	providertest.Run(t, providertest.Suite{
		Provider: lineProvider{},
		Files: map[string]string{
			"toy/a.jsonl": `{"type":"msg","text":"hi"}` + "\n" +
				`{"type":"edit","id":"c1","file":"/r/x.go","old":"a","new":"b"}` + "\n" +
				`{"type":"msg","text":"bye"}` + "\n" + `{"type":"msg","te`,
			"toy/b.jsonl": long.String(),
			"toy/c.jsonl": `{"type":"msg","text":"x"}` + "\n" + "not json\n",
		},
		Sessions: []providertest.WantSession{
			{ID: "a", Class: transcripts.ClassMain, Messages: 2},
			{ID: "b", Class: transcripts.ClassMain, Messages: 60},
			{ID: "c", Class: transcripts.ClassMain, Messages: 1},
		},
		Edits: []providertest.WantEdit{
			{SessionID: "a", ToolCallID: "c1", File: "/r/x.go", Op: transcripts.OpUpdate, OldText: "a", NewText: "b", Status: transcripts.EditOK},
		},
		Problems:    map[string][]string{"toy/c.jsonl": {transcripts.ProblemMalformed}},
		UnknownLine: `{"type":"brand-new"}`,
	})
}

func TestCollectorReplacesByKey(t *testing.T) {
	var c providertest.Collector
	sink := c.Sink()
	_ = sink(transcripts.Record{Message: &transcripts.Message{SessionID: "s", Index: 0, Text: "a"}})
	_ = sink(transcripts.Record{Message: &transcripts.Message{SessionID: "s", Index: 0, Text: "ab"}})
	_ = sink(transcripts.Record{Link: &transcripts.Link{SessionID: "k", ParentID: "s", Relation: transcripts.RelSubagent, ParentToolCallID: "t1"}})
	_ = sink(transcripts.Record{Link: &transcripts.Link{SessionID: "k", ParentID: "s", Relation: transcripts.RelSubagent, Evidence: "agent file"}})
	_ = sink(transcripts.Record{Problem: &transcripts.Problem{Line: 3, Kind: transcripts.ProblemMalformed}})
	if m := c.Messages("s"); len(m) != 1 || m[0].Text != "ab" {
		t.Fatalf("messages %+v", m)
	}
	if l := c.Links(); len(l) != 1 || l[0].ParentToolCallID != "t1" || l[0].Evidence != "agent file" {
		t.Fatalf("links not merged: %+v", l)
	}
	if c.ProblemCount(transcripts.ProblemMalformed) != 1 || c.Records != 5 {
		t.Fatalf("problems %d records %d", c.ProblemCount(transcripts.ProblemMalformed), c.Records)
	}
}

func TestRepeated(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 1000, 1 << 16} {
		want := "head" + strings.Repeat("x", n) + "tail"
		if got := string(providertest.Repeated("head", 'x', n, "tail")); got != want {
			t.Errorf("Repeated of %d bytes: %d bytes, not the head, the bytes and the tail", n, len(got))
		}
	}
}
