package recall

import (
	"context"
	"os"
	"testing"

	"hansard/archive"
	"hansard/embed/local"
	"hansard/fixtures/gen"
	"hansard/provenance/accuracy"
)

// The local model is learned when due: first when the archive holds
// enough messages, again once they have grown local.Growth times, and
// when its file is damaged; otherwise the model in use stays.
func TestLearnMeaningModel(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a generated home and learns models from it")
	}
	small := local.Options{Dims: 16, Power: 1} // learned fast, under the race detector too
	t.Parallel()
	ctx := context.Background()
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 8, TargetBytes: 2 << 20, Seed: 9, Topics: true, SubagentRatio: -1}); err != nil {
		t.Fatal(err)
	}
	a, err := accuracy.IndexHome(ctx, home, nil, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, ok, err := LoadMeaningModel(a); ok || err != nil {
		t.Fatalf("a model before any was learned: %v %v", ok, err)
	}
	res, err := learnMeaningModel(ctx, a, small)
	if err != nil || !res.Learned || res.Messages < local.MinArchived || res.Info.Archived != res.Messages || res.Words == 0 {
		t.Fatalf("first learning: %+v %v", res, err)
	}
	m, ok, err := LoadMeaningModel(a)
	if !ok || err != nil || m.Info() != res.Info {
		t.Fatalf("loaded %v %v %+v, learned %+v", ok, err, m, res.Info)
	}
	if again, err := learnMeaningModel(ctx, a, small); err != nil || again.Learned || again.Info != res.Info {
		t.Errorf("an archive that has not grown learned again: %+v %v", again, err)
	}
	// A model learned when the archive held a third of its messages is
	// out of date.
	sessions, err := a.ListSessions(ctx, archive.SearchFilter{IncludeSubagents: true}, meaningListLimit, 0)
	if err != nil {
		t.Fatal(err)
	}
	old, err := local.Train(ctx, func(fn func(string) error) error {
		return meaningTexts(ctx, a, sessions, func(_, s string) error { return fn(s) })
	}, local.Options{Dims: 16, Power: 1, Archived: res.Messages / 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := old.Save(res.Path); err != nil {
		t.Fatal(err)
	}
	if grown, err := learnMeaningModel(ctx, a, small); err != nil || !grown.Learned || grown.Info.Archived != res.Messages {
		t.Errorf("an archive grown three times kept its model: %+v %v", grown, err)
	}
	if err := os.WriteFile(res.Path, []byte("not a model"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := LoadMeaningModel(a); ok || err != nil {
		t.Errorf("a damaged model is none: %v %v", ok, err)
	}
	if again, err := learnMeaningModel(ctx, a, small); err != nil || !again.Learned {
		t.Errorf("a damaged model was not learned again: %+v %v", again, err)
	}
}
