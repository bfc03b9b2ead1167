package provenance

import "testing"

func TestMovedBlockIsPossible(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "a.go", funcA)
	s.commit("agent writes Clean in a.go")
	s.human("a.go", "package app\n")
	s.human("b.go", funcA)
	s.commit("person moves Clean to b.go")
	out := s.why("b.go")
	expectReason(t, expect(t, out, "strings.ToLower", 1, StatusPossible, "s1"), "moved or copied from a.go")
}

func TestSquashMergeAndCherryPick(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.human("app.go", "package app\n")
	s.commit("start")
	s.g.Git("checkout", "-q", "-b", "feature")
	s.write("s1", "app.go", funcA)
	s.commit("wip 1")
	s.write("s2", "app.go", funcA+funcB)
	s.commit("wip 2")
	s.g.Git("checkout", "-q", "main")
	s.human("other.txt", "unrelated\n")
	s.commit("meanwhile on main")
	s.g.Git("merge", "-q", "--squash", "feature")
	s.commit("squashed feature")
	out := s.why("app.go")
	expect(t, out, "strings.ToLower", 1, StatusProven, "s1")
	expect(t, out, "strings.ToUpper", 1, StatusProven, "s2")
	expect(t, out, "value := strings.TrimSpace(input)", 2, StatusProven, "s2")

	s.g.Git("checkout", "-q", "-b", "release", "HEAD~2")
	s.g.Git("cherry-pick", "feature~1")
	out = s.why("app.go")
	expect(t, out, "strings.ToLower", 1, StatusProven, "s1")
}

func TestAmendKeepsAttribution(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	s.write("s2", "app.go", funcA+funcB)
	s.g.Now = s.tick()
	s.g.Git("add", "-A")
	s.g.Git("commit", "-q", "--amend", "--no-edit") // author time stays, committer time moves
	out := s.why("app.go")
	expect(t, out, "strings.ToLower", 1, StatusProven, "s1")
	expect(t, out, "strings.ToUpper", 1, StatusProven, "s2")
}

func TestRangeSelectsLines(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	all := s.why("app.go")
	out := s.whyRange("app.go", 6, 7)
	if len(out) != 2 || out[0].Line != 6 || out[1].Line != 7 || out[0].Status != all[5].Status {
		t.Errorf("range = %+v", out)
	}
}
