package provenance

import (
	"reflect"
	"testing"
)

func TestRuns(t *testing.T) {
	e1 := &EditRef{SessionID: "s1", ToolCallID: "c1"}
	e2 := &EditRef{SessionID: "s2", ToolCallID: "c2"}
	c := &CommitInfo{SHA: "abc"}
	as := []Attribution{
		{Line: 1, Status: StatusProven, Commit: c, Edit: e1},
		{Line: 2, Status: StatusProven, Commit: c, Edit: e1},
		{Line: 3, Status: StatusProven, Commit: c, Edit: e2},
		{Line: 5, Status: StatusProven, Commit: c, Edit: e2},
		{Line: 6, Status: StatusNone, Commit: c},
		{Line: 7, Status: StatusConflicting, Commit: c, Candidates: []EditRef{*e1, *e2}},
		{Line: 8, Status: StatusConflicting, Commit: c, Candidates: []EditRef{*e1, *e2}},
		{Line: 9, Status: StatusConflicting, Commit: c, Candidates: []EditRef{*e1}},
	}
	var got [][2]int
	for _, r := range Runs(as) {
		got = append(got, [2]int{r.Start, r.End})
	}
	want := [][2]int{{1, 2}, {3, 3}, {5, 5}, {6, 6}, {7, 8}, {9, 9}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("runs = %v, want %v", got, want)
	}
	if Runs(nil) != nil {
		t.Error("runs of nothing")
	}
}
