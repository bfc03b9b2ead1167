package provenance

import (
	"testing"
	"time"
)

func TestEvidenceReason(t *testing.T) {
	for _, tc := range []struct {
		e    evidence
		want string
	}{
		{evidence{}, reasonNoEdit},
		{evidence{elsewhereLater: 2}, reasonElsewhereLater},
		{evidence{later: 1, elsewhereLater: 2}, reasonOnlyLater},
		{evidence{elsewhere: 1, later: 3}, reasonElsewhere},
		{evidence{elsewhere: 1, later: 1, elsewhereLater: 1}, reasonElsewhere},
	} {
		if got := tc.e.reason(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}

// TestReasonNamesOtherFilesBeforeLaterEdits: a person's line whose text an
// edit wrote into another file before the commit, and an edit of this
// file rewrote after it, is said to come from the other file.
func TestReasonNamesOtherFilesBeforeLaterEdits(t *testing.T) {
	s := newScene(t)
	s.write("s1", "other.go", funcA)
	s.commit("agent writes other.go")
	app := "package app\n\nfunc Lower(value string) string {\n\tvalue = strings.ToLower(value)\n\tlog.Printf(\"lowered to %q\", value)\n\treturn value\n}\n"
	s.human("app.go", app)
	s.commit("person writes app.go with a line of other.go")
	s.now = s.now.Add(time.Hour)
	s.write("s2", "app.go", app)
	out := s.why("app.go")
	a := expect(t, out, "strings.ToLower", 1, StatusNone, "")
	if a.Reason != reasonElsewhere {
		t.Errorf("reason %q, want %q", a.Reason, reasonElsewhere)
	}
}
