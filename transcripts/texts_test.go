package transcripts

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestTextsVisitsEveryStringField fills every string of every record type
// (lists, todo items, hunks and a call's JSON input included) with a value
// of its own, found by reflection, and fails for each one Texts does not
// visit: a string field added to the model must be listed in Texts, with
// its kind, before redaction and search can miss it.
func TestTextsVisitsEveryStringField(t *testing.T) {
	t.Parallel()
	rt := reflect.TypeFor[Record]()
	for i := range rt.NumField() {
		f := rt.Field(i)
		rec := Record{}
		v := reflect.New(f.Type.Elem())
		var want []string
		fill(v.Elem(), f.Type.Elem().Name(), &want)
		reflect.ValueOf(&rec).Elem().Field(i).Set(v)
		var got []string
		rec.Texts(func(_ Field, s *string) { got = append(got, *s) })
		for _, w := range want {
			if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) }) {
				t.Errorf("Record.Texts does not visit %s", w)
			}
		}
	}
}

// fill sets every string reachable from v to its own path, and lists the
// paths in want.
func fill(v reflect.Value, path string, want *[]string) {
	switch {
	case v.Type() == reflect.TypeFor[json.RawMessage]():
		v.SetBytes([]byte(fmt.Sprintf("%q", path)))
		*want = append(*want, path)
	case v.Kind() == reflect.String:
		v.SetString(path)
		*want = append(*want, path)
	case v.Kind() == reflect.Struct && v.Type().PkgPath() == reflect.TypeFor[Record]().PkgPath():
		for i := range v.NumField() {
			fill(v.Field(i), path+"."+v.Type().Field(i).Name, want)
		}
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() != reflect.Int:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), fmt.Sprintf("%s[%d]", path, i), want)
		}
	}
}

func TestTextsWritesBack(t *testing.T) {
	t.Parallel()
	e := Edit{Patch: "+a", Hunks: []Hunk{{Lines: []string{" x", "+key"}}}}
	c := ToolCall{Input: json.RawMessage(`{"k":"key"}`), Result: "key"}
	up := func(_ Field, s *string) { *s = strings.ReplaceAll(*s, "key", "K") }
	Record{Edit: &e}.Texts(up)
	Record{ToolCall: &c}.Texts(up)
	if e.Hunks[0].Lines[1] != "+K" || len(e.Hunks[0].Lines) != 2 || string(c.Input) != `{"k":"K"}` || c.Result != "K" {
		t.Errorf("not written back: %+v %+v", e, c)
	}
	m := Message{Text: "found"}
	if got := (Record{Message: &m}).SearchText(); got != "found" {
		t.Errorf("SearchText = %q", got)
	}
	if got := (Record{Command: &Command{Command: "go test"}}).SearchText(); got != "" {
		t.Errorf("a command is searched: %q", got)
	}
}

func TestCloneSharesNoMemory(t *testing.T) {
	t.Parallel()
	code := 1
	e := Edit{Hunks: []Hunk{{Lines: []string{"+a"}}}}
	c := ToolCall{Input: json.RawMessage(`{"a":1}`), ExitCode: &code}
	ce, cc := Record{Edit: &e}.Clone(), Record{ToolCall: &c}.Clone()
	ce.Edit.Hunks[0].Lines[0], cc.ToolCall.Input[2], *cc.ToolCall.ExitCode = "+b", 'b', 2
	if e.Hunks[0].Lines[0] != "+a" || string(c.Input) != `{"a":1}` || code != 1 {
		t.Errorf("the clone shares memory: %+v %s %d", e, c.Input, code)
	}
}
