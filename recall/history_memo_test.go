package recall

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
)

// A Host asked about a file again answers from the evidence it kept, the
// same answer as a new Host's; after the working file, HEAD or the
// archive changed, it answers as a new Host does, not as before.
func TestCodeHistoryKeptEvidence(t *testing.T) {
	t.Parallel()
	hw := newHistoryWorld(t)
	req := CodeHistoryRequest{Path: "lib/math.go", TokenBudget: MaxTokenBudget}
	ask := func(h *Host) string {
		t.Helper()
		resp, err := h.CodeHistory(context.Background(), req, Scope{Dir: hw.repo.Dir})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	fresh := func() string {
		t.Helper()
		h := hw.newHost()
		defer h.Close()
		return ask(h)
	}
	// held reports whether the Host keeps the file's evidence for the
	// state it is in now.
	held := func() bool {
		t.Helper()
		ctx := context.Background()
		a, err := hw.host.Archive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		repo, err := gitrepo.Open(hw.repo.Dir)
		if err != nil {
			t.Fatal(err)
		}
		st, ok := historyStateOf(ctx, a, repo, filepath.Join(hw.repo.Dir, "lib", "math.go"), time.Time{})
		if !ok {
			t.Fatal("the state of lib/math.go cannot be read")
		}
		_, hit := hw.host.histories.get(repo.Root, "lib/math.go", st)
		return hit
	}
	// settle asks until the Host keeps the evidence: an answer that wrote
	// to the archive (kept blames and answers) is not kept, the next one
	// is. A refresh also writes once when the transcripts' folders stop
	// being recent (the refresh snapshot, see archive's racyMargin), which
	// can postpone keeping by one more question: never by more.
	settle := func(what string) string {
		t.Helper()
		var got string
		for range 3 {
			if got = ask(hw.host); held() {
				return got
			}
		}
		t.Fatalf("%s, the file's evidence is not kept after three questions", what)
		return ""
	}
	first := ask(hw.host)
	if settle("at first") != first {
		t.Fatal("the second answer differs from the first")
	}
	if again := ask(hw.host); again != first {
		t.Fatalf("the kept evidence answers\n%s\nnot\n%s", again, first)
	}

	prev := first
	// check makes one change while the Host keeps the evidence of the state
	// before it (a new Host's answer writes to the archive too, so it is
	// asked after).
	check := func(what string, change func()) {
		t.Helper()
		settle("before " + what)
		change()
		got := ask(hw.host)
		if want := fresh(); got != want {
			t.Fatalf("after %s, the Host answers\n%s\na new Host\n%s", what, got, want)
		}
		if got == prev {
			t.Fatalf("after %s, the answer is the same as before", what)
		}
		prev = got
	}
	// A commit that says it reverts s1's first commit, the working file
	// left as it was.
	cur := calcV1 + timesFunc + negFunc
	check("a commit", func() {
		hw.repo.Write("lib/math.go", calcV1)
		hw.repo.Now = hw.base.Add(3 * time.Hour)
		hw.repo.Commit("Revert the adder\n\nThis reverts commit " + hw.c1 + ".")
		hw.repo.Write("lib/math.go", cur)
	})
	// A new session that adds Div again, not yet written to the working
	// file; then written there (its edit uncommitted).
	check("a new session", func() {
		s6 := hw.w.session(6, hw.repo.Dir, hw.lastActive.Add(time.Minute))
		s6.user("Div again")
		s6.edit(filepath.Join(hw.repo.Dir, "lib", "math.go"), cur, cur+divFunc)
		s6.flush()
	})
	check("an edit of the working file", func() { hw.repo.Write("lib/math.go", cur+divFunc) })
	// HEAD back before the revert, the index left as it is.
	check("a move of HEAD", func() { hw.repo.Git("reset", "-q", "--soft", "HEAD~1") })
}
