package provenance

import (
	"reflect"
	"testing"
	"time"

	"hansard/transcripts"
)

type lineWant struct {
	Text string
	Pos  int
}

func texts(ls []LedgerLine) []lineWant {
	var out []lineWant
	for _, l := range ls {
		out = append(out, lineWant{l.Text, l.Pos})
	}
	return out
}

func TestIntroduced(t *testing.T) {
	t.Parallel()
	prev := "package a\n\nfunc A() {}\n"
	cases := []struct {
		name string
		edit transcripts.Edit
		prev *string
		want []lineWant
	}{
		{
			name: "edit repeats context from old_string",
			edit: transcripts.Edit{Tool: "Edit", Op: transcripts.OpUpdate,
				OldText: "func A() {\n\treturn 1\n}",
				NewText: "func A() {\n\tx := compute()\n\treturn x\n}"},
			want: []lineWant{{"\tx := compute()", 1}, {"\treturn x", 2}},
		},
		{
			name: "indentation change counts as written",
			edit: transcripts.Edit{Tool: "Edit", Op: transcripts.OpUpdate, OldText: "a()\nb()\n", NewText: "a()\n  b()\n"},
			want: []lineWant{{"  b()", 1}},
		},
		{
			name: "create writes every line",
			edit: transcripts.Edit{Tool: "Write", Op: transcripts.OpCreate, NewText: "one\r\ntwo\n"},
			want: []lineWant{{"one", 0}, {"two", 1}},
		},
		{
			name: "write of unknown prior content writes every line",
			edit: transcripts.Edit{Tool: "Write", Op: transcripts.OpWrite, NewText: "package a\n\nfunc B() {}"},
			want: []lineWant{{"package a", 0}, {"", 1}, {"func B() {}", 2}},
		},
		{
			name: "write diffed against previous content supplied by the caller",
			edit: transcripts.Edit{Tool: "Write", Op: transcripts.OpWrite, NewText: "package a\n\nfunc A() {}\nfunc B() {}\n"},
			prev: &prev,
			want: []lineWant{{"func B() {}", 3}},
		},
		{
			name: "write diffed against originalFile",
			edit: transcripts.Edit{Tool: "Write", Op: transcripts.OpUpdate, OldText: prev, NewText: "package b\n\nfunc A() {}\n"},
			want: []lineWant{{"package b", 0}},
		},
		{
			name: "patch hunks without line numbers",
			edit: transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpUpdate, Hunks: []transcripts.Hunk{
				{Lines: []string{" ctx", "-old", "+new1", "+new2", " tail"}},
				{Lines: []string{"+later"}},
			}},
			want: []lineWant{{"new1", 1}, {"new2", 2}, {"later", 4 + hunkGap}},
		},
		{
			name: "patch hunks with line numbers",
			edit: transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpUpdate, Hunks: []transcripts.Hunk{
				{OldStart: 10, NewStart: 10, Lines: []string{" a", "+b", "", "+c"}},
			}},
			want: []lineWant{{"b", 10}, {"c", 12}},
		},
		{
			name: "delete introduces nothing",
			edit: transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpDelete, OldText: "x\n"},
		},
		{
			name: "pure move introduces nothing",
			edit: transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpMove},
		},
		{
			name: "no change",
			edit: transcripts.Edit{Tool: "Edit", Op: transcripts.OpUpdate, OldText: "same", NewText: "same\n"},
		},
	}
	for _, c := range cases {
		got := texts(Introduced(c.edit, c.prev))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestNewEntry(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.FixedZone("x", 3600))
	e := transcripts.Edit{SessionID: "s1", ToolCallID: "c1", Seq: 2, MessageIndex: 7, Tool: "Edit",
		Op: transcripts.OpUpdate, OldText: "a\n", NewText: "a\n}\nb := compute()\n", Status: transcripts.EditOK, Timestamp: at}
	got, ok := NewEntry(e, transcripts.ProviderClaude, "/repo", "x.go", nil)
	if !ok {
		t.Fatal("ok edit not evidence")
	}
	if got.Repo != "/repo" || got.Path != "x.go" || got.SessionID != "s1" || got.Provider != "claude" || got.MessageIndex != 7 ||
		got.ToolCallID != "c1" || got.Seq != 2 || got.Tool != "Edit" || !got.Time.Equal(at) || got.Time.Location() != time.UTC {
		t.Errorf("entry = %+v", got)
	}
	if len(got.Lines) != 2 || !got.Lines[0].Trivial || got.Lines[1].Trivial || got.Lines[1].Key != "b := compute()" {
		t.Errorf("lines = %+v", got.Lines)
	}
	if k := got.Keys(); !reflect.DeepEqual(k, []string{"b := compute()"}) {
		t.Errorf("keys = %v", k)
	}
	for _, st := range []string{transcripts.EditFailed, transcripts.EditPending} {
		e.Status = st
		if _, ok := NewEntry(e, "claude", "/repo", "x.go", nil); ok {
			t.Errorf("%s edit taken as evidence", st)
		}
	}
}
