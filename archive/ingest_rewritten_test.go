package archive

import (
	"os"
	"testing"

	"hansard/fixtures/fakeagents"
)

// TestSnapshotGenerations reads a source rewritten whole three times: each
// generation keeps the indexes its ids had, retracts what it no longer
// holds and gives back what it holds again; one that does not read
// retracts nothing; the same content again reads nothing; a rebuild, also
// once the file is gone, gives the same archive from the retained
// generations.
func TestSnapshotGenerations(t *testing.T) {
	t.Parallel()
	const rel = ".fake-snapshot/snap.json"
	w := newFakeWorld(t, rel, fakeagents.NewSnapshot())
	step := func(what, want string) {
		t.Helper()
		w.refresh(RefreshOptions{})
		if got := w.messages("snap"); got != want {
			t.Fatalf("%s: %s, want %s", what, got, want)
		}
	}
	step("generation 0", "0 add the retry; 1 editing client.go; 2 done; ")
	gens := fakeagents.Generations()[rel]
	w.rewrite(gens[0])
	step("generation 1", "0 add the retry; 1 editing client.go, with backoff; 2 done [vanished]; 3 run the tests; ")
	w.rewrite(gens[1])
	last := "0 add the retry; 1 editing client.go, with backoff [vanished]; 2 done; 3 run the tests; 4 all green; "
	step("generation 2", last)
	w.rewrite(`{"session":"snap","records":[`) // caught half written
	step("a generation that does not read", last)
	w.rewrite(gens[1])
	step("generation 2 again", last)

	before := dump(t, w.a)
	w.rewrite(gens[1]) // the same content, a new stamp
	if res := w.refresh(RefreshOptions{}); res.Sessions != 0 {
		t.Errorf("the same content read again: %+v", res)
	}
	w.refresh(RefreshOptions{Rebuild: true})
	if got := dump(t, w.a); got != before {
		t.Errorf("after a rebuild:\n%s\nwant\n%s", got, before)
	}
	if err := os.Remove(w.path); err != nil {
		t.Fatal(err)
	}
	w.refresh(RefreshOptions{Rebuild: true})
	if got := w.messages("snap"); got != last {
		t.Errorf("rebuilt once the file is gone: %s, want %s", got, last)
	}
	if n := w.edits(); n != 1 {
		t.Errorf("%d edits, want 1", n)
	}
}
