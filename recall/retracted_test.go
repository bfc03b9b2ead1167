package recall

import (
	"context"
	"path/filepath"
	"testing"

	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
)

// TestRetractedMessagesAreMarked reads, through a host given its own
// providers, a conversation whose agent rewound and replaced its history:
// the retracted messages are read under their indexes, marked, and a
// search hit on one says so.
func TestRetractedMessagesAreMarked(t *testing.T) {
	t.Parallel()
	ctx, home := context.Background(), t.TempDir()
	if _, err := fakeagents.Lay(home, ".fake-upsert/u.jsonl"); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "HANSARD_HOME": filepath.Join(t.TempDir(), "archive")}
	h := NewHost(HostOptions{Getenv: func(k string) string { return env[k] },
		Providers: []transcripts.Provider{fakeagents.NewUpsert()}})
	t.Cleanup(func() { h.Close() })

	read, err := h.Read(ctx, ReadRequest{SessionID: "u"})
	if err != nil {
		t.Fatal(err)
	}
	var marks []string
	for _, m := range read.Messages {
		marks = append(marks, m.Retracted)
	}
	if len(marks) != 6 || marks[1] != transcripts.RetractReplaced || marks[2] != transcripts.RetractRewound || marks[0] != "" {
		t.Errorf("retracted marks %q", marks)
	}
	res, err := h.Search(ctx, SearchRequest{Query: "editing"}, Scope{All: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 1 || res.Hits[0].MessageIndex != 1 || res.Hits[0].Retracted != transcripts.RetractReplaced {
		t.Errorf("hits %+v", res.Hits)
	}
}
