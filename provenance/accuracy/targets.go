package accuracy

import (
	"testing"

	"hansard/fixtures/truth"
)

// largeMistakes is how many lines of the large history's big file are
// answered wrongly today: identical adjacent lines, where git blame's
// choice of which copy is new differs from the generator's bookkeeping.
const largeMistakes = 6

// HoldTargets logs a ground-truth report and its mistakes and holds what
// the scenarios reach: no mistake (every substantive agent line answered
// with its writer's session, no answer naming another session or a line a
// person wrote), and every line expected conflicting answered so, listing
// its writer.
func HoldTargets(t testing.TB, rep truth.Report) {
	t.Helper()
	t.Logf("\n%s", rep.String())
	logMistakes(t, rep)
	o := rep.Overall
	if len(rep.Mistakes) != 0 || o.HumanFalse != 0 || o.ConflictOK != o.Conflicting {
		t.Errorf("%d mistakes (precision %.4f recall %.4f), human lines attributed %d, conflicting lines answered so %d/%d",
			len(rep.Mistakes), o.Precision(), o.Recall(), o.HumanFalse, o.ConflictOK, o.Conflicting)
	}
}

// HoldLarge holds what the large history's big file reaches (precision
// 99.56 %, recall 99.79 %): at most largeMistakes mistakes and no line a
// person wrote attributed. It logs the mistakes when it fails.
func HoldLarge(t testing.TB, rep truth.Report) {
	t.Helper()
	if o := rep.Overall; len(rep.Mistakes) > largeMistakes || o.HumanFalse != 0 {
		logMistakes(t, rep)
		t.Errorf("%d mistakes (at most %d), human lines attributed %d", len(rep.Mistakes), largeMistakes, o.HumanFalse)
	}
}

func logMistakes(t testing.TB, rep truth.Report) {
	t.Helper()
	for _, m := range rep.Mistakes {
		t.Logf("mistake %s:%d %q want %q (%s) got %q (%s)", m.Path, m.Line, m.Text, m.Want, m.Expect, m.Got, m.Said)
	}
}
