package provenance

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
)

// TestLineAloneDeepHistory asks about lines alone in a file with a long
// history: an agent's function and a person's later copy of it, with the
// function among the last commits or many commits before the copy. Each
// line alone gets its whole-file answer, and a line of the copy is
// answered from the whole file's incremental blame read back to the
// function's edit only, not to the file's first commit.
func TestLineAloneDeepHistory(t *testing.T) {
	t.Parallel()
	const old = 30
	for _, gap := range []int{0, old} {
		t.Run(fmt.Sprintf("%d commits between", gap), func(t *testing.T) {
			t.Parallel()
			s := newScene(t)
			cur := "package app\n\nimport \"strings\"\n"
			history := []humanCommit{{"app.go", cur, "start"}}
			for i := 0; i < old; i++ {
				cur += fmt.Sprintf("\nvar old%d = %d\n", i, i)
				history = append(history, humanCommit{"app.go", cur, fmt.Sprintf("old %d", i)})
			}
			s.humanCommits(history...)
			s.now = s.now.Add(time.Hour)
			cur, _ = s.read("app.go")
			from := strings.Count(cur, "\n") + 1
			body := strings.TrimPrefix(funcA, "package app\n\nimport \"strings\"\n\n")
			s.write("s1", "app.go", cur+"\n"+body)
			s.commit("agent")
			var notes []humanCommit
			for i := 0; i < gap; i++ {
				notes = append(notes, humanCommit{"notes.txt", fmt.Sprintf("note %d\n", i), fmt.Sprintf("note %d", i)})
			}
			if len(notes) > 0 {
				s.humanCommits(notes...)
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

			// The copy's `value := strings.TrimSpace(input)`, whose text
			// the function has too, is answered without the whole file's
			// blame.
			last := 0
			for _, a := range all {
				if strings.Contains(a.Text, "strings.TrimSpace(input)") {
					last = a.Line
				}
			}
			if wholeBlamed(t, s, "app.go", last) {
				t.Errorf("line %d of the copy needed the whole file's blame", last)
			}

			// The same at a past revision: a later commit changes a line.
			s.human("app.go", strings.Replace(cur+"\n"+strings.Replace(body, "Clean", "Clean2", 1), "var old0 = 0", "var old0 = 100", 1))
			s.commit("later")
			s.linesAloneAt("app.go", "HEAD~1", from)

			// And in the working tree, with an agent's uncommitted edit
			// that writes the recurring text once more.
			cur, _ = s.read("app.go")
			s.write("s2", "app.go", cur+"\nfunc Trim(input string) string {\n\tvalue := strings.TrimSpace(input)\n\treturn value\n}\n")
			alone := s.linesAloneFrom("app.go", from)
			if got := alone[len(alone)-3]; got.Status != StatusUncommitted || got.Edit == nil || got.Edit.SessionID != "s2" {
				t.Errorf("the uncommitted line = %+v", got)
			}
		})
	}
}

// wholeBlamed asks about one line with an empty Cache and reports whether
// the whole file's blame was kept, that is, whether the question read
// the whole file's blame.
func wholeBlamed(t *testing.T, s *scene, path string, line int) bool {
	t.Helper()
	repo, err := gitrepo.Open(s.g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	cache := NewMemStore()
	if _, err := (&Attributor{Ledger: s.store, Shell: s.store, Cache: cache}).Why(context.Background(), repo, Query{Path: path, Start: line}); err != nil {
		t.Fatal(err)
	}
	head, err := repo.Head()
	if err != nil {
		t.Fatal(err)
	}
	cur, _ := s.read(path)
	_, ok, _ := cache.LoadBlame(context.Background(), BlameKey{Repo: repo.Root, Path: path, Commit: head.Commit, ContentHash: contentHash([]byte(cur))})
	return ok
}
