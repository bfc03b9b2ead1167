package archive

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
)

// fakeWorld is an archive and a home folder holding one fixture file of
// the fake agents (fixtures/fakeagents), read by one of them.
type fakeWorld struct {
	t     *testing.T
	a     *Archive
	home  string
	path  string // the fixture file
	p     transcripts.Provider
	stamp time.Time
}

func newFakeWorld(t *testing.T, rel string, p transcripts.Provider) *fakeWorld {
	t.Helper()
	a, home := linkArchive(t)
	path, err := fakeagents.Lay(home, rel)
	if err != nil {
		t.Fatal(err)
	}
	w := &fakeWorld{t: t, a: a, home: home, path: path, p: p, stamp: time.Now()}
	content, _ := os.ReadFile(path)
	w.rewrite(string(content)) // with a stamp of its own
	return w
}

func (w *fakeWorld) refresh(opts RefreshOptions) RefreshResult {
	w.t.Helper()
	res, err := w.a.Refresh(context.Background(), []transcripts.Provider{w.p}, homeEnv(w.home), opts)
	if err != nil {
		w.t.Fatal(err)
	}
	return res
}

// rewrite writes the file anew, a minute after its last write.
func (w *fakeWorld) rewrite(content string) {
	w.t.Helper()
	if err := os.WriteFile(w.path, []byte(content), 0o600); err != nil {
		w.t.Fatal(err)
	}
	w.stamp = w.stamp.Add(time.Minute)
	if err := os.Chtimes(w.path, w.stamp, w.stamp); err != nil {
		w.t.Fatal(err)
	}
}

// messages renders the messages of a session as read for recall:
// "index text [why retracted]; …".
func (w *fakeWorld) messages(session string) string {
	w.t.Helper()
	msgs, err := w.a.ReadMessages(context.Background(), session, WindowQuery{Limit: 100, MaxChars: 100})
	if err != nil {
		w.t.Fatal(err)
	}
	out := ""
	for _, m := range msgs {
		out += fmt.Sprintf("%d %s", m.Index, m.Text)
		if m.Retracted != "" {
			out += " [" + m.Retracted + "]"
		}
		out += "; "
	}
	return out
}

// edits counts the stored edits.
func (w *fakeWorld) edits() int {
	w.t.Helper()
	n := 0
	if err := w.a.ForEachEdit(context.Background(), EditFilter{}, func(RepoEdit) error { n++; return nil }); err != nil {
		w.t.Fatal(err)
	}
	return n
}

// TestRetractionKeepsMessages reads a history that was rewound and then
// replaced: the messages it dropped stay, under their indexes, marked with
// why; a later copy of one gives it back; a rebuild gives the same; the
// edit of a retracted message stays in the ledger's input, and search
// labels a retracted match.
func TestRetractionKeepsMessages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newFakeWorld(t, ".fake-upsert/u.jsonl", fakeagents.NewUpsert())
	w.refresh(RefreshOptions{})
	const want = "0 add the retry; 1 editing client.go [replaced]; 2 no, undo that [rewound]; 3 use backoff instead; " +
		"4 summary of the work so far; 5 backoff added; "
	if got := w.messages("u"); got != want {
		t.Fatalf("after the first read: %s, want %s", got, want)
	}
	if n := w.edits(); n != 1 {
		t.Errorf("%d edits, want the retracted message's one", n)
	}
	hits, err := w.a.SearchMessages(ctx, `"editing"`, SearchFilter{})
	if err != nil || len(hits) != 1 {
		t.Fatalf("search: %+v %v", hits, err)
	}
	if texts, err := w.a.HitTexts(ctx, hits, 100); err != nil || texts[0].Retracted != transcripts.RetractReplaced {
		t.Errorf("hit texts: %+v %v", texts, err)
	}

	content, _ := os.ReadFile(w.path)
	w.rewrite(string(content) + `{"type":"msg","id":"m2","role":"assistant","text":"editing client.go again"}` + "\n")
	w.refresh(RefreshOptions{})
	const back = "0 add the retry; 1 editing client.go again; 2 no, undo that [rewound]; 3 use backoff instead; " +
		"4 summary of the work so far; 5 backoff added; "
	if got := w.messages("u"); got != back {
		t.Errorf("after m2 came back: %s, want %s", got, back)
	}
	w.refresh(RefreshOptions{Rebuild: true})
	if got := w.messages("u"); got != back {
		t.Errorf("after a rebuild: %s, want %s", got, back)
	}
}
