package provenance

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestDecodeRecord checks decodeRecord against json.Unmarshal on records
// as encodeMatches writes them and on records it must hand over: escapes,
// invalid UTF-8, other number forms, unknown or differently cased keys,
// nulls, white space and malformed JSON.
func TestDecodeRecord(t *testing.T) {
	t.Parallel()
	lines := []string{
		`{"n":12,"t":"\treturn fmt.Sprintf(\"%d\\n\", x) // é ☃ \u2028 \ud83d\ude00","s":"proven","c":1,"e":2,"k":[3,4],"h":[5]}`,
		`{"p":"old/a.go","n":0,"t":"","s":"possible","r":"a shell command rewrote it"}`,
		`{"n":-3,"t":"x","s":"none","k":[]}`,
		` { "n" : 7 , "t" : "y" , "s" : "z" , "k" : [ 1 , 2 ] } `,
		`{}`,
		`{"n":1.5,"t":"x"}`, `{"n":1e3}`, `{"n":01}`, `{"n":-}`, `{"n":99999999999999999999}`,
		`{"N":4,"T":"x"}`, `{"x":1,"n":2}`, `{"t":null}`, `{"k":null}`, `{"k":[1,]}`, `{"n":1,}`,
		`{"t":"a` + "\xff" + `b"}`, `{"t":"a` + "\x01" + `b"}`, `{"t":"\x"}`, `{"t":"\ud800"}`,
		`{"n":1}x`, `{"n":1`, `[1]`, ``, `{"n":1,"n":2}`, `{"t":"unterminated}`, `{"\u006e":5}`,
	}
	for _, rec := range lines {
		var got, want matchLine
		gotErr, wantErr := decodeRecord([]byte(rec), &got), json.Unmarshal([]byte(rec), &want)
		if (gotErr == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decodeRecord = %+v, %v; json.Unmarshal = %+v, %v", rec, got, gotErr, want, wantErr)
		}
	}
	b, err := encodeMatches(matchBlob{
		Commits: []CommitInfo{{SHA: "0123abcd", Author: "Ada \"A\" <ada@example.com>", Time: "2026-03-01T09:00:00+01:00", Summary: "Add <store> & more"}},
		Edits: []EditRef{{SessionID: "s1", Provider: "claude", SessionTitle: "Fix\tthe store", SessionStarted: "2026-03-01T09:00:00+01:00",
			MessageIndex: 41, Tool: "Edit", ToolCallID: "toolu_1", Seq: 2, Path: "store/store.go", TimeLocal: "2026-03-01T09:02:00+01:00",
			PromptExcerpt: "make it \"fast\"\n", Source: "file:///h/s1.jsonl#L12", Open: "hansard show s1 --around 41", Said: "Done.", Diff: "-a\n+b\n"}},
		Lines: []matchLine{{Line: 1, Text: "package store", Status: "proven", Commit: 1, Edit: 1, Candidates: []int{1}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r, err := splitMatches(b)
	if err != nil {
		t.Fatal(err)
	}
	var c, wc CommitInfo
	var e, we EditRef
	var l, wl matchLine
	for _, d := range []struct {
		rec       []byte
		got, want any
	}{{r.commits[0], &c, &wc}, {r.edits[0], &e, &we}, {r.lines[0], &l, &wl}} {
		if err := decodeRecord(d.rec, d.got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(d.rec, d.want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(d.got, d.want) {
			t.Errorf("%s: decodeRecord = %+v, json.Unmarshal = %+v", d.rec, d.got, d.want)
		}
	}
	// The fast path reads them itself: a record with a key it does not
	// know would fail it.
	if !readRecord(r.edits[0], e.field) || !readRecord(r.commits[0], c.field) || !readRecord(r.lines[0], l.field) {
		t.Error("a record as encodeMatches writes it was left to json.Unmarshal")
	}
}
