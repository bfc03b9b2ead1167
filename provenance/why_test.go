package provenance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
)

// twoSessions is a repository whose app.go two sessions wrote, committed.
func twoSessions(t *testing.T) (*scene, *gitrepo.Repo) {
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.write("s2", "app.go", funcA+funcB)
	s.commit("agent")
	repo, err := gitrepo.Open(s.g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return s, repo
}

func TestWhyWholeFileRangeAndCache(t *testing.T) {
	s, repo := twoSessions(t)
	ctx := context.Background()
	a := &Attributor{Ledger: s.store, Shell: s.store, Cache: s.store}
	all, err := a.Why(ctx, repo, Query{Path: "app.go"})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 21 {
		t.Fatalf("got %d lines", len(all))
	}
	closing := all[9] // `}` of Clean's if: positional evidence from line 9
	if closing.Text != "\t}" || closing.Status != StatusProven {
		t.Fatalf("line 10 = %+v", closing)
	}

	// A range query without the cache finds the positional evidence of a
	// common line.
	plain := &Attributor{Ledger: s.store, Shell: s.store}
	one, err := plain.Why(ctx, repo, Query{Path: s.g.Dir + "/app.go", Start: 10})
	if err != nil || len(one) != 1 || !reflect.DeepEqual(one[0], closing) {
		t.Fatalf("line 10 alone = %+v, %v", one, err)
	}
	rng, err := plain.Why(ctx, repo, Query{Path: "app.go", Start: 14, End: 16})
	if err != nil || len(rng) != 3 || rng[0].Line != 14 || !reflect.DeepEqual(rng, all[13:16]) {
		t.Fatalf("range = %+v, %v", rng, err)
	}

	// Warm cache: answered without git.
	t.Setenv("PATH", t.TempDir())
	again, err := a.Why(ctx, repo, Query{Path: "app.go", Start: 10})
	if err != nil || len(again) != 1 || !reflect.DeepEqual(again[0], closing) {
		t.Fatalf("cached = %+v, %v", again, err)
	}
	// A new ledger generation invalidates the answers but not the blame.
	s.store.Add(LedgerEntry{Repo: "/elsewhere"})
	if _, err := a.Why(ctx, repo, Query{Path: "app.go"}); !errors.Is(err, gitrepo.ErrGitMissing) {
		t.Fatalf("stale answers served: err = %v", err)
	}
}

func TestWhyErrors(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	repo, _ := gitrepo.Open(s.g.Dir)
	a := &Attributor{Ledger: s.store, Shell: s.store}
	ctx := context.Background()
	cases := []struct {
		q    Query
		want error
	}{
		{Query{Path: "app.go", Start: 99}, gitrepo.ErrLineRange},
		{Query{Path: "missing.go"}, gitrepo.ErrNoSuchPath},
		{Query{Path: "app.go", Rev: "nope"}, gitrepo.ErrBadRevision},
		{Query{Path: "missing.go", Rev: "HEAD"}, gitrepo.ErrNoSuchPath},
		{Query{Path: "/outside/app.go"}, gitrepo.ErrNoSuchPath},
	}
	for _, c := range cases {
		if _, err := a.Why(ctx, repo, c.q); !errors.Is(err, c.want) {
			t.Errorf("%+v: err = %v, want %v", c.q, err, c.want)
		}
	}
	if _, err := a.Why(ctx, repo, Query{Path: "app.go", Start: 5, End: 2}); err == nil {
		t.Error("reversed range accepted")
	}
	out, err := a.Why(ctx, repo, Query{Path: "app.go", Rev: "HEAD", Start: 7})
	if err != nil || len(out) != 1 || out[0].Status != StatusProven {
		t.Errorf("at HEAD = %+v, %v", out, err)
	}
}

func TestWhyCachesLineAnswers(t *testing.T) {
	s, repo := twoSessions(t)
	ctx := context.Background()
	all, err := (&Attributor{Ledger: s.store, Shell: s.store}).Why(ctx, repo, Query{Path: "app.go"})
	if err != nil {
		t.Fatal(err)
	}
	prepared := 0
	var prepErr error
	a := &Attributor{Ledger: s.store, Shell: s.store, Cache: s.store, Prepare: func(context.Context) error {
		prepared++
		return prepErr
	}}
	ask := func(start, end int) ([]Attribution, error) {
		t.Helper()
		return a.Why(ctx, repo, Query{Path: "app.go", Start: start, End: end})
	}
	if got, err := ask(10, 0); err != nil || !reflect.DeepEqual(got, all[9:10]) {
		t.Fatalf("line 10 = %+v, %v; want %+v", got, err, all[9:10])
	}
	if got, err := ask(14, 15); err != nil || !reflect.DeepEqual(got, all[13:15]) {
		t.Fatalf("lines 14-15 = %+v, %v", got, err)
	}
	if prepared != 2 {
		t.Errorf("Prepare called %d times for 2 questions", prepared)
	}

	// The lines asked so far are answered without git, each alone or as a
	// range; another line needs git.
	path := os.Getenv("PATH")
	t.Setenv("PATH", t.TempDir())
	for _, r := range [][2]int{{10, 0}, {14, 0}, {15, 0}, {14, 15}} {
		got, err := ask(r[0], r[1])
		end := max(r[0], r[1])
		if err != nil || !reflect.DeepEqual(got, all[r[0]-1:end]) {
			t.Errorf("cached %v = %+v, %v", r, got, err)
		}
	}
	for _, r := range [][2]int{{11, 0}, {10, 14}} {
		if _, err := ask(r[0], r[1]); !errors.Is(err, gitrepo.ErrGitMissing) {
			t.Errorf("%v answered without git: err = %v", r, err)
		}
	}
	// Prepare's error is the answer's.
	prepErr = errors.New("refresh failed")
	if _, err := ask(10, 0); !errors.Is(err, prepErr) {
		t.Errorf("err = %v, want Prepare's", err)
	}
	prepErr = nil
	// A ledger that Prepare changes makes the kept answers stale.
	a.Prepare = func(context.Context) error { s.store.Add(LedgerEntry{Repo: "/elsewhere"}); return nil }
	if _, err := ask(10, 0); !errors.Is(err, gitrepo.ErrGitMissing) {
		t.Fatalf("stale answer served: err = %v", err)
	}
	t.Setenv("PATH", path)
	a.Prepare = nil
	if got, err := ask(11, 0); err != nil || !reflect.DeepEqual(got, all[10:11]) {
		t.Fatalf("line 11 = %+v, %v", got, err)
	}
	t.Setenv("PATH", t.TempDir())
	if got, err := ask(11, 0); err != nil || !reflect.DeepEqual(got, all[10:11]) {
		t.Fatalf("line 11 again = %+v, %v", got, err)
	}
}

// TestLineAloneAnswersAsWholeFile asks about every line alone, with and
// without the Cache, after a person pasted a copy of an agent's function in
// a later commit: each answer is the whole file's (the copy is not
// credited, even asked alone).
func TestLineAloneAnswersAsWholeFile(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	s.write("s1", "app.go", funcA)
	s.commit("agent")
	cur, _ := s.read("app.go")
	s.human("app.go", cur+"\n"+strings.Replace(strings.TrimPrefix(funcA, "package app\n\nimport \"strings\"\n\n"), "Clean", "Clean2", 1))
	s.commit("a copy")
	all := s.linesAloneAsWholeFile("app.go")
	copied := 0
	for _, a := range all {
		if a.Status == StatusNone && strings.Contains(a.Reason, "is its copy") {
			copied++
		}
	}
	if copied == 0 {
		t.Fatalf("no line of the copy is told apart:\n%+v", all)
	}
}

// TestLineAloneRecentCopyAmongOld asks about every line alone after old
// commits by a person, an agent's function and a person's later copy of
// it: the lines that may claim what the edit wrote are blamed from the
// recent commits only, and each answer is still the whole file's.
func TestLineAloneRecentCopyAmongOld(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	head := "package app\n\nimport \"strings\"\n"
	s.human("app.go", head)
	s.commit("start")
	for i := 0; i < 4; i++ {
		s.now = s.now.Add(time.Hour)
		cur, _ := s.read("app.go")
		s.human("app.go", cur+fmt.Sprintf("\n// Old%d is old.\nfunc Old%d() int {\n\treturn %d\n}\n", i, i, i))
		s.commit(fmt.Sprintf("old %d", i))
	}
	s.now = s.now.Add(time.Hour)
	cur, _ := s.read("app.go")
	body := strings.TrimPrefix(funcA, "package app\n\nimport \"strings\"\n\n")
	s.write("s1", "app.go", cur+"\n"+body)
	s.commit("agent")
	cur, _ = s.read("app.go")
	s.human("app.go", cur+"\n"+strings.Replace(body, "Clean", "Clean2", 1))
	s.commit("a copy")
	all := s.linesAloneAsWholeFile("app.go")
	copied, agent := 0, 0
	for _, a := range all {
		if a.Status == StatusNone && strings.Contains(a.Reason, "is its copy") {
			copied++
		}
		if a.Edit != nil {
			agent++
		}
	}
	if copied == 0 || agent == 0 {
		t.Fatalf("the agent's lines and their copy are not told apart:\n%+v", all)
	}
}

// linesAloneAsWholeFile answers every line of path in the working tree as
// one question, then each line alone, with and without a cache, and checks
// that every line alone gets its whole-file answer. It returns the
// whole-file answers.
func (s *scene) linesAloneAsWholeFile(path string) []Attribution {
	s.t.Helper()
	return s.linesAloneFrom(path, 1)
}

// linesAloneFrom is linesAloneAsWholeFile for the lines from line from on.
func (s *scene) linesAloneFrom(path string, from int) []Attribution {
	s.t.Helper()
	return s.linesAloneAt(path, "", from)
}

// linesAloneAt is linesAloneFrom at a revision ("" for the working tree).
func (s *scene) linesAloneAt(path, rev string, from int) []Attribution {
	s.t.Helper()
	ctx := context.Background()
	repo, err := gitrepo.Open(s.g.Dir)
	if err != nil {
		s.t.Fatal(err)
	}
	all, err := (&Attributor{Ledger: s.store, Shell: s.store}).Why(ctx, repo, Query{Path: path, Rev: rev})
	if err != nil {
		s.t.Fatal(err)
	}
	for _, a := range []*Attributor{{Ledger: s.store, Shell: s.store, Cache: s.store}, {Ledger: s.store, Shell: s.store}} {
		for n := from; n <= len(all); n++ {
			got, err := a.Why(ctx, repo, Query{Path: path, Rev: rev, Start: n})
			if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0], all[n-1]) {
				s.t.Errorf("line %d alone (cache %v) = %+v, %v\nwhole file: %+v", n, a.Cache != nil, got, err, all[n-1])
			}
		}
	}
	return all
}

// TestLineAloneFarBlock asks about every line alone after one edit added
// an import at the top of a file and a function 40 lines further down: the
// import's context is the function's lines, which a blame of the lines
// around the import alone would not reach, and each answer (its reason's
// count of agreeing lines included) is still the whole file's.
func TestLineAloneFarBlock(t *testing.T) {
	t.Parallel()
	s := newScene(t)
	var mid strings.Builder
	for i := range 10 {
		fmt.Fprintf(&mid, "\n// Old%d is old.\nfunc Old%d() int {\n\treturn %d\n}\n", i, i, i)
	}
	s.human("app.go", "package app\n\nimport (\n\t\"fmt\"\n)\n"+mid.String())
	s.commit("start")
	s.now = s.now.Add(time.Hour)
	s.write("s1", "app.go", "package app\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n"+mid.String()+
		"\n// Shout upper-cases s and prints it.\nfunc Shout(s string) {\n\tup := strings.ToUpper(s)\n\tfmt.Println(up + \"!\")\n}\n")
	s.commit("agent")
	all := s.linesAloneAsWholeFile("app.go")
	if a := all[4]; a.Edit == nil || !strings.Contains(a.Reason, "lines of its block agree") {
		t.Fatalf("the import is not credited by the function's context: %+v", a)
	}
}
