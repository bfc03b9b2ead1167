package provenance

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestEvidenceReason(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestReasonNamesTheOrigin: a person's move of lines that an edit wrote
// into their source only after the source's commit is said to come from
// there.
func TestReasonNamesTheOrigin(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("other.go", funcA)
	s.commit("person writes other.go")
	s.now = s.now.Add(time.Hour)
	s.write("s1", "other.go", "package app\n")
	s.write("s1", "other.go", funcA) // written again, after other.go's commit
	s.human("other.go", "package app\n")
	var own strings.Builder
	for _, name := range []string{"Keep", "Hold", "Stay", "Rest", "Wait", "Stop"} {
		fmt.Fprintf(&own, "\n// %s is the person's own.\nfunc %s(n int) int {\n\tn = n * 3\n\treturn n + len(%q)\n}\n", name, name, name)
	}
	s.human("app.go", "package app\n"+own.String()+strings.TrimPrefix(funcA, "package app\n"))
	s.commit("person moves Clean to app.go")
	out := s.why("app.go")
	a := expect(t, out, "strings.ToLower", 1, StatusNone, "")
	if !strings.HasPrefix(a.Reason, "git found the line moved or copied from other.go, where ") || !strings.HasSuffix(a.Reason, reasonOnlyLater) {
		t.Errorf("reason %q, want the origin's", a.Reason)
	}
}
