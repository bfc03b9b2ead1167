package archive

import (
	"context"
	"os"
	"testing"
	"time"

	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
)

// TestSnapshotGenerations reads a source rewritten whole three times: each
// generation keeps the indexes its ids had, retracts what it no longer
// holds and gives back what it holds again; one that does not read
// retracts nothing; the same content again reads nothing; a rebuild, also once the file is gone, gives the same archive
// from the retained generations.
func TestSnapshotGenerations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, home := linkArchive(t)
	path := placeFake(t, home, ".fake-snapshot/snap.json")
	providers := []transcripts.Provider{fakeagents.NewSnapshot()}
	refresh := func(opts RefreshOptions) RefreshResult {
		t.Helper()
		res, err := a.Refresh(ctx, providers, homeEnv(home), opts)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	stamp := time.Now()
	rewrite := func(content string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		stamp = stamp.Add(time.Minute)
		if err := os.Chtimes(path, stamp, stamp); err != nil {
			t.Fatal(err)
		}
	}
	texts := func() string {
		t.Helper()
		msgs, err := a.ReadMessages(ctx, "snap", WindowQuery{Limit: 100, MaxChars: 100})
		if err != nil {
			t.Fatal(err)
		}
		out := ""
		for _, m := range msgs {
			out += m.Text
			if m.Retracted != "" {
				out += " [" + m.Retracted + "]"
			}
			out += "; "
		}
		return out
	}
	refresh(RefreshOptions{})
	if got, want := texts(), "add the retry; editing client.go; done; "; got != want {
		t.Fatalf("generation 0: %s, want %s", got, want)
	}
	gens := fakeagents.Generations()[".fake-snapshot/snap.json"]
	rewrite(gens[0])
	refresh(RefreshOptions{})
	want := "add the retry; editing client.go, with backoff; done [vanished]; run the tests; "
	if got := texts(); got != want {
		t.Fatalf("generation 1: %s, want %s", got, want)
	}
	rewrite(gens[1])
	refresh(RefreshOptions{})
	want = "add the retry; editing client.go, with backoff [vanished]; done; run the tests; all green; "
	if got := texts(); got != want {
		t.Fatalf("generation 2: %s, want %s", got, want)
	}
	rewrite(`{"session":"snap","records":[`) // caught half written: retracts nothing
	refresh(RefreshOptions{})
	if got := texts(); got != want {
		t.Fatalf("a generation that does not read: %s, want %s", got, want)
	}
	rewrite(gens[1])
	refresh(RefreshOptions{})
	if got := texts(); got != want {
		t.Fatalf("generation 2 again: %s, want %s", got, want)
	}
	before := dump(t, a)
	rewrite(gens[1]) // the same content, a new stamp
	if res := refresh(RefreshOptions{}); res.Sessions != 0 {
		t.Errorf("the same content read again: %+v", res)
	}
	refresh(RefreshOptions{Rebuild: true})
	if got := dump(t, a); got != before {
		t.Errorf("after a rebuild:\n%s\nwant\n%s", got, before)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	refresh(RefreshOptions{Rebuild: true})
	if got := texts(); got != want {
		t.Errorf("rebuilt once the file is gone: %s, want %s", got, want)
	}
	edits := 0
	if err := a.ForEachEdit(ctx, EditFilter{}, func(RepoEdit) error { edits++; return nil }); err != nil || edits != 1 {
		t.Errorf("edits: %d %v", edits, err)
	}
}
