package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
)

// placeFake lays the fixture file rel of the fake agents under home.
func placeFake(t *testing.T, home, rel string) string {
	t.Helper()
	content, ok := fakeagents.Files()[rel]
	if !ok {
		t.Fatalf("no fixture %s", rel)
	}
	p := filepath.Join(home, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// retractedOf returns "index:reason" for every message of a session, the
// reason empty for a message in its history.
func retractedOf(t *testing.T, a *Archive, session string) string {
	t.Helper()
	msgs, err := a.ReadMessages(context.Background(), session, WindowQuery{Limit: 100, MaxChars: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := ""
	for _, m := range msgs {
		out += fmt.Sprintf("%d:%s ", m.Index, m.Retracted)
	}
	return out
}

// TestRetractionKeepsMessages reads a history that was rewound and then
// replaced: the messages it dropped stay, under their indexes, marked with
// why; a later copy of one gives it back; a rebuild gives the same; the
// edit of a retracted message stays in the ledger's input, and search
// labels a retracted match.
func TestRetractionKeepsMessages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, home := linkArchive(t)
	path := placeFake(t, home, ".fake-upsert/u.jsonl")
	providers := []transcripts.Provider{fakeagents.NewUpsert()}
	refresh := func(opts RefreshOptions) {
		t.Helper()
		if _, err := a.Refresh(ctx, providers, homeEnv(home), opts); err != nil {
			t.Fatal(err)
		}
	}
	refresh(RefreshOptions{})
	const want = "0: 1:replaced 2:rewound 3: 4: 5: "
	if got := retractedOf(t, a, "u"); got != want {
		t.Fatalf("after the first read: %s, want %s", got, want)
	}
	edits := 0
	if err := a.ForEachEdit(ctx, EditFilter{}, func(RepoEdit) error { edits++; return nil }); err != nil || edits != 1 {
		t.Errorf("edits of the retracted message: %d %v", edits, err)
	}
	hits, err := a.SearchMessages(ctx, `"editing"`, SearchFilter{})
	if err != nil || len(hits) != 1 {
		t.Fatalf("search: %+v %v", hits, err)
	}
	if texts, err := a.HitTexts(ctx, hits, 100); err != nil || texts[0].Retracted != transcripts.RetractReplaced {
		t.Errorf("hit texts: %+v %v", texts, err)
	}

	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(f, `{"type":"msg","id":"m2","role":"assistant","text":"editing client.go again"}`)
	f.Close()
	refresh(RefreshOptions{})
	const back = "0: 1: 2:rewound 3: 4: 5: "
	if got := retractedOf(t, a, "u"); got != back {
		t.Errorf("after m2 came back: %s, want %s", got, back)
	}
	refresh(RefreshOptions{Rebuild: true})
	if got := retractedOf(t, a, "u"); got != back {
		t.Errorf("after a rebuild: %s, want %s", got, back)
	}
}
