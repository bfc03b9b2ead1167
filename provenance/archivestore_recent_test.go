package provenance

import (
	"context"
	"fmt"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

// TestRecentCommitTimeFromStoredLog checks that the stored log tells how
// far back n commits reach as git does, once it reaches HEAD, and defers to
// git before that.
func TestRecentCommitTimeFromStoredLog(t *testing.T) {
	ctx := context.Background()
	g := gittest.New(t)
	for i := 0; i < 5; i++ {
		g.Write("a.txt", fmt.Sprintf("%d\n", i))
		g.Commit(fmt.Sprintf("c%d", i))
	}
	g.Git("commit", "-q", "--allow-empty", "-m", "empty")
	s, r := historyStore(t), openGit(t, g.Dir)
	if _, ok, err := s.RecentCommitTime(ctx, r, 0); err != nil || ok {
		t.Fatalf("no stored log yet: ok = %v, err = %v", ok, err)
	}
	if _, err := s.History(ctx, r, "a.txt"); err != nil {
		t.Fatal(err)
	}
	for n := 0; n <= 6; n++ {
		want, wok, err := r.CommitTimeBack(ctx, "", n)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := s.RecentCommitTime(ctx, r, n)
		if err != nil || ok != wok || !got.Equal(want) {
			t.Errorf("n = %d: stored log %v, %v, %v; git %v, %v", n, got, ok, err, want, wok)
		}
	}
	g.Write("a.txt", "moved on\n")
	g.Commit("newer")
	if _, ok, err := s.RecentCommitTime(ctx, r, 0); err != nil || ok {
		t.Errorf("HEAD moved past the stored log: ok = %v, err = %v", ok, err)
	}
}
