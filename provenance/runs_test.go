package provenance

import (
	"fmt"
	"reflect"
	"testing"
)

func TestRuns(t *testing.T) {
	t.Parallel()
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

func TestRunsByReason(t *testing.T) {
	t.Parallel()
	e1 := &EditRef{SessionID: "s1", ToolCallID: "c1"}
	c := &CommitInfo{SHA: "abc"}
	agree := func(n int) string { return fmt.Sprintf("introduced by this edit before the commit"+reasonAgree, n) }
	none := func(line int, reason string) Attribution {
		return Attribution{Line: line, Status: StatusNone, Commit: c, Reason: reason}
	}
	proven := func(line int, reason string) Attribution {
		return Attribution{Line: line, Status: StatusProven, Commit: c, Edit: e1, Reason: reason}
	}
	as := []Attribution{
		// Common lines without evidence join the person's lines around
		// them, whose reason is the run's.
		none(1, reasonCommonNone),
		none(2, reasonNoEdit),
		none(3, reasonCommonNone),
		none(4, reasonNoEdit),
		none(5, reasonElsewhere),
		// Another reason of none starts another run.
		none(6, "recurring text: the edits that introduced it do not explain the lines around it"),
		none(7, reasonCommonNone),
		// An edit's lines group whatever the number of lines that agree;
		// a common line attributed by position takes its anchor's reason.
		proven(8, reasonCommonPrefix+agree(3)),
		proven(9, agree(3)),
		proven(10, agree(5)),
		proven(11, "introduced by this edit before the commit"),
		// A weaker reason is another run.
		{Line: 12, Status: StatusProven, Commit: c, Edit: e1, Reason: "the text matches only when whitespace is ignored"},
		// Common lines alone keep their own reason.
		none(13, reasonCommonNone),
		none(14, reasonCommonNone),
		// Lines that agree on why no edit introduced them say so.
		{Line: 15, Status: StatusNone, Commit: &CommitInfo{SHA: "def"}, Reason: reasonOnlyLater},
		{Line: 16, Status: StatusNone, Commit: &CommitInfo{SHA: "def"}, Reason: reasonCommonNone},
		{Line: 17, Status: StatusNone, Commit: &CommitInfo{SHA: "def"}, Reason: reasonOnlyLater},
	}
	type run struct {
		start, end int
		reason     string
	}
	var got []run
	for _, r := range Runs(as) {
		got = append(got, run{r.Start, r.End, r.Reason})
	}
	want := []run{
		{1, 5, reasonNoEdit},
		{6, 7, as[5].Reason},
		{8, 11, agree(3)},
		{12, 12, as[11].Reason},
		{13, 14, reasonCommonNone},
		{15, 17, reasonOnlyLater},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("runs =\n%v\nwant\n%v", got, want)
	}
}
