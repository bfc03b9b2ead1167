package provenance

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
)

// TestLineAloneDeepHistory asks about lines alone in a file with more
// commits than the recent blame reaches: an agent's function and a
// person's later copy of it, with the function among the recent commits
// or older than them. Each line alone gets its whole-file answer; a line of
// the copy is answered from the recent commits' blame.
func TestLineAloneDeepHistory(t *testing.T) {
	for _, gap := range []int{0, recentCommits + 4} {
		t.Run(fmt.Sprintf("%d commits between", gap), func(t *testing.T) {
			s := newScene(t)
			s.human("app.go", "package app\n\nimport \"strings\"\n")
			s.commit("start")
			for i := 0; i < recentCommits+4; i++ {
				cur, _ := s.read("app.go")
				s.human("app.go", cur+fmt.Sprintf("\nvar old%d = %d\n", i, i))
				s.commit(fmt.Sprintf("old %d", i))
			}
			s.now = s.now.Add(time.Hour)
			cur, _ := s.read("app.go")
			from := strings.Count(cur, "\n") + 1
			body := strings.TrimPrefix(funcA, "package app\n\nimport \"strings\"\n\n")
			s.write("s1", "app.go", cur+"\n"+body)
			s.commit("agent")
			for i := 0; i < gap; i++ {
				s.human("notes.txt", fmt.Sprintf("note %d\n", i))
				s.commit(fmt.Sprintf("note %d", i))
			}
			cur, _ = s.read("app.go")
			s.human("app.go", cur+"\n"+strings.Replace(body, "Clean", "Clean2", 1))
			s.commit("a copy")

			all := s.linesAloneFrom("app.go", from)
			copied, agent := 0, 0
			for _, a := range all[from-1:] {
				if a.Status == StatusNone && strings.Contains(a.Reason, "is its copy") {
					copied++
				}
				if a.Edit != nil {
					agent++
				}
			}
			if copied == 0 || agent == 0 {
				t.Fatalf("the agent's lines and their copy are not told apart:\n%+v", all[from-1:])
			}

			// The copy's line `value := strings.TrimSpace(input)` is among
			// the recent commits' lines.
			last := 0
			for _, a := range all {
				if strings.Contains(a.Text, "strings.TrimSpace(input)") {
					last = a.Line
				}
			}
			if since := recentSince(t, s, "app.go", last); since.IsZero() {
				t.Errorf("line %d of the copy was not answered from the recent commits' blame", last)
			}
		})
	}
}

// recentSince runs the git side of a question about one line and returns
// the time from which its blame holds every line (zero when the blame
// was the window's or the whole file's).
func recentSince(t *testing.T, s *scene, path string, line int) time.Time {
	t.Helper()
	repo, err := gitrepo.Open(s.g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	cur, _ := s.read(path)
	text := strings.Split(strings.TrimSuffix(cur, "\n"), "\n")
	a := &Attributor{Store: s.store}
	q := Query{Path: path, Start: line, End: line}
	g := a.startGit(context.Background(), repo, path, q, BlameKey{Repo: repo.Root, Path: path}, text)
	defer g.stop()
	if err := g.wait(); err != nil {
		t.Fatal(err)
	}
	return g.since
}
