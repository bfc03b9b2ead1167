package accuracy

import (
	"testing"

	"hansard/fixtures/truth"
)

// HoldTargets logs a ground-truth report and its mistakes and holds the
// accuracy targets: precision >= 99 %, recall >= 95 % on substantive agent
// lines, and no line a person wrote attributed to a session.
func HoldTargets(t testing.TB, rep truth.Report) {
	t.Helper()
	t.Logf("\n%s", rep.String())
	for _, m := range rep.Mistakes {
		t.Logf("mistake %s:%d %q want %q (%s) got %q (%s)", m.Path, m.Line, m.Text, m.Want, m.Expect, m.Got, m.Said)
	}
	o := rep.Overall
	if o.Precision() < 0.99 || o.Recall() < 0.95 || o.HumanFalse != 0 {
		t.Errorf("precision %.3f recall %.3f human lines attributed %d", o.Precision(), o.Recall(), o.HumanFalse)
	}
}
