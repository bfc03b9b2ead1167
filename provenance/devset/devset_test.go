package devset

import (
	"testing"
)

// floor is what a set's answers must reach: precision and recall at least,
// false attribution at most, recall per provider at least.
type floor struct {
	Precision, Recall, FalseRate float64
	ProviderRecall               map[string]float64
}

// floors sit just under what each set reaches on gt-strict.jsonl today,
// so that a change that loses accuracy fails.
var floors = map[string]floor{
	// 1,742 of 2,025 positives (Claude Code 1,072 / 1,292, Codex
	// 670 / 733); 1 answer of 1,743 names a wrong session.
	"external-agents": {Precision: 0.999, Recall: 0.860, ProviderRecall: map[string]float64{"claude": 0.829, "codex": 0.914}},
	// 181 of 186 positives, all Claude Code.
	"auth-go": {Precision: 1, Recall: 0.973, ProviderRecall: map[string]float64{"claude": 0.973}},
}

// TestDevset answers `why` for every file of each set's ground truth and
// holds the set's floors on gt-strict.jsonl (false attribution: none). With -v it prints the figures per set and
// provider, and the misses grouped by the answer's status and reason, with
// examples.
func TestDevset(t *testing.T) {
	var reps []report
	for _, name := range []string{"external-agents", "auth-go"} {
		t.Run(name, func(t *testing.T) {
			w := loadWorld(t, name)
			rep := score(w, name, w.strict)
			reps = append(reps, rep, score(w, name+" (gt.jsonl)", w.all))
			t.Logf("indexed in %v, %d files answered in %v; maps %v", w.index.Round(1e6), len(w.answers), w.answer.Round(1e6), w.maps)
			t.Logf("\n%s\n%s", table([]report{rep}), rep)
			for _, e := range rep.TextDiffer {
				t.Errorf("%s:%d: the answer holds %q, the ground truth %q", e.File, e.Line, e.Got, e.Text)
			}
			holdFloor(t, rep, floors[name])
		})
	}
	if len(reps) > 0 {
		t.Logf("precision, recall and false attribution on gt-strict.jsonl (held) and gt.jsonl:\n%s", table(reps))
	}
}

func holdFloor(t *testing.T, rep report, f floor) {
	t.Helper()
	o := rep.All
	if o.Precision() < f.Precision || o.Recall() < f.Recall || o.FalseRate() > f.FalseRate {
		t.Errorf("precision %.3f recall %.3f false attribution %.4f: floors %.3f, %.3f, at most %.4f",
			o.Precision(), o.Recall(), o.FalseRate(), f.Precision, f.Recall, f.FalseRate)
	}
	for p, min := range f.ProviderRecall {
		if r := rep.ByProvider[p].Recall(); r < min {
			t.Errorf("%s recall %.3f: floor %.3f", p, r, min)
		}
	}
}
