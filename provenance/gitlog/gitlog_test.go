package gitlog

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"hansard/archive"
	"hansard/fixtures/truth"
	"hansard/provenance/gitrepo"
	"hansard/provenance/gitrepo/gittest"
)

// historyStore opens a new archive in a temporary folder.
func historyStore(t testing.TB) *Log {
	t.Helper()
	a, err := archive.Open(context.Background(), archive.Options{Dir: filepath.Join(t.TempDir(), "archive")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return New(a)
}

func openGit(t testing.TB, dir string) *gitrepo.Repo {
	t.Helper()
	r, err := gitrepo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// everyPath lists every path the history of HEAD ever had.
func everyPath(t testing.TB, r *gitrepo.Repo) []string {
	t.Helper()
	log, err := r.CommitLog(context.Background(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range log {
		for _, p := range []string{c.Path, c.OldPath} {
			if p != "" {
				seen[p] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// sameHistory checks that the stored log answers for each path, and that
// History gives what PathHistory gives. It returns the paths the stored
// log could not answer for.
func sameHistory(t testing.TB, s *Log, r *gitrepo.Repo, paths []string) (unanswered []string) {
	t.Helper()
	ctx := context.Background()
	for _, p := range paths {
		want, err := r.PathHistory(ctx, "", p)
		if err != nil {
			t.Fatalf("PathHistory(%s): %v", p, err)
		}
		stored, ok, err := s.storedHistory(ctx, r, p)
		if err != nil {
			t.Fatalf("storedHistory(%s): %v", p, err)
		}
		if !ok {
			unanswered = append(unanswered, p)
		} else if !reflect.DeepEqual(stored, want) {
			t.Errorf("history of %s from the stored log:\n%s\nfrom git:\n%s", p, dumpHistory(stored), dumpHistory(want))
		}
		got, err := s.History(ctx, r, p)
		if err != nil {
			t.Fatalf("History(%s): %v", p, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("History(%s) = \n%s\nwant\n%s", p, dumpHistory(got), dumpHistory(want))
		}
	}
	return unanswered
}

func dumpHistory(h []gitrepo.PathChange) string {
	var b strings.Builder
	for _, c := range h {
		fmt.Fprintf(&b, "  %.8s %c %s <- %q\n", c.Commit, c.Status, c.Path, c.OldPath)
	}
	return b.String()
}

func TestHistoryTruthFixture(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the ground-truth repository")
	}
	dir := t.TempDir()
	res, err := truth.Build(context.Background(), dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := openGit(t, res.Repo)
	s := historyStore(t)
	paths := everyPath(t, r)
	if un := sameHistory(t, s, r, paths); len(un) > 0 {
		t.Errorf("not answered from the stored log: %v", un)
	}
	// The fixture's other branches: HEAD moves sideways, the log is rebuilt.
	g := &gittest.Repo{T: t, Dir: res.Repo, Now: time.Now()}
	for _, b := range strings.Fields(g.Git("for-each-ref", "--format=%(refname:short)", "refs/heads/")) {
		if strings.HasPrefix(b, "wt/") {
			continue // checked out in the linked worktree
		}
		g.Git("checkout", "-q", "-f", b)
		if un := sameHistory(t, s, r, everyPath(t, r)); len(un) > 0 {
			t.Errorf("branch %s: not answered from the stored log: %v", b, un)
		}
	}
	// The linked worktree keeps a log of its own.
	for _, line := range strings.Split(g.Git("worktree", "list", "--porcelain"), "\n") {
		if wt, ok := strings.CutPrefix(line, "worktree "); ok && wt != res.Repo {
			w := openGit(t, wt)
			if un := sameHistory(t, s, w, everyPath(t, w)); len(un) > 0 {
				t.Errorf("worktree %s: not answered from the stored log: %v", wt, un)
			}
		}
	}
}

// text is a file's content that git recognizes when it is moved or copied.
func text(name string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s: line %d of a file long enough to be found again\n", name, i)
	}
	return b.String()
}

// storedLog is the state of the repository's log in s.
func storedLog(t testing.TB, s *Log, r *gitrepo.Repo) archive.GitLogState {
	t.Helper()
	st, err := s.archive.GitLogState(context.Background(), logKey(r))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// buildHistories makes a repository with plain edits, a rename, a copy of
// an unchanged file, a file deleted and added again, a merge of a branch
// that renamed a file, a path that was a folder before it was a file, a
// file that became a symbolic link, and names git quotes.
func buildHistories(t testing.TB) *gittest.Repo {
	g := gittest.New(t)
	g.Write("a.go", text("a", 20))
	g.Write("b.go", text("b", 20))
	g.Write("lib/x.go", text("x", 20))
	g.Write("tool/t.go", text("t", 20))
	g.Write("docs/naïve \"notes\"\tv1.md", text("n", 20))
	g.Commit("add")
	g.Write("a.go", text("a", 21))
	g.Commit("edit a")
	g.Git("mv", "a.go", "c.go")
	g.Git("mv", "docs/naïve \"notes\"\tv1.md", "docs/naïve notes.md")
	g.Commit("rename a to c, and the notes")
	g.Write("d.go", text("b", 20))
	g.Write("c.go", text("a", 22))
	g.Commit("copy b to d, edit c")
	g.Git("checkout", "-q", "-b", "side")
	g.Git("mv", "lib/x.go", "lib/y.go")
	g.Write("d.go", text("b", 21))
	g.Commit("side: rename x to y, edit d")
	g.Git("checkout", "-q", "main")
	g.Git("rm", "-q", "b.go")
	g.Commit("delete b")
	g.Write("b.go", text("b2", 5))
	g.Write("c.go", text("a", 23))
	g.Commit("b again, edit c")
	g.Git("merge", "-q", "--no-ff", "-m", "merge side", "side")
	g.Now = g.Now.Add(time.Minute)
	g.Git("rm", "-q", "-r", "tool")
	g.Commit("drop the tool folder")
	g.Write("tool", text("t", 20))
	g.Commit("tool is a file")
	// A file that becomes a symbolic link (a type change).
	link := filepath.Join(g.Dir, "lib", "y.go")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../c.go", link); err != nil {
		t.Fatal(err)
	}
	g.Commit("y is a link")
	return g
}

func TestHistoryMatchesGit(t *testing.T) {
	t.Parallel()
	g := buildHistories(t)
	r := openGit(t, g.Dir)
	s := historyStore(t)
	paths := everyPath(t, r)
	un := sameHistory(t, s, r, append(paths, "lib", "nothing.go"))
	// git follows the pathspec "tool" into the folder it once was.
	if !reflect.DeepEqual(un, []string{"tool", "lib"}) {
		t.Errorf("not answered from the stored log: %v, want the two folders", un)
	}
	if st := storedLog(t, s, r); st.Tip != g.Git("rev-parse", "HEAD") || st.Generation != 1 {
		t.Errorf("stored log = %+v", st)
	}
	// The copy of an unchanged file is followed (git looks harder than
	// the whole log does), and what git said is kept.
	h, err := s.History(context.Background(), r, "d.go")
	if err != nil || len(h) < 2 || h[len(h)-2].Status != 'C' || h[len(h)-2].OldPath != "b.go" {
		t.Fatalf("history of d.go = %s, %v", dumpHistory(h), err)
	}
	if steps, found, err := s.archive.GitFollowStep(context.Background(), h[len(h)-2].Commit, "d.go"); err != nil || !found || len(steps) != 1 {
		t.Errorf("kept follow step = %+v, %v, %v", steps, found, err)
	}
	// The type change, then the rename on the merged branch.
	h, err = s.History(context.Background(), r, "lib/y.go")
	if err != nil || len(h) != 3 || h[0].Status != 'T' || h[1].Status != 'R' || h[1].OldPath != "lib/x.go" {
		t.Errorf("history of lib/y.go = %s, %v", dumpHistory(h), err)
	}
}

func TestHistoryFollowsHead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := buildHistories(t)
	r := openGit(t, g.Dir)
	s := historyStore(t)
	root := logKey(r)
	sameHistory(t, s, r, []string{"c.go"})

	// Forward, all newer: the new commits are appended.
	g.Write("c.go", text("a", 30))
	g.Commit("edit c")
	g.Git("mv", "d.go", "e.go")
	g.Commit("rename d to e")
	appended, err := s.writeLog(ctx, r, root, storedLog(t, s, r), g.Git("rev-parse", "HEAD"))
	if err != nil || !appended {
		t.Fatalf("forward: appended = %v, %v", appended, err)
	}
	sameHistory(t, s, r, everyPath(t, r))

	// A commit in the same second as the stored newest: git's walk could
	// meet it after a stored one, so the log is written again.
	g.Now = g.Now.Add(-time.Minute)
	g.Write("e.go", text("b", 40))
	g.Commit("edit e, same second")
	appended, err = s.writeLog(ctx, r, root, storedLog(t, s, r), g.Git("rev-parse", "HEAD"))
	if err != nil || appended {
		t.Fatalf("same second: appended = %v, %v", appended, err)
	}
	sameHistory(t, s, r, everyPath(t, r))

	// Backward and sideways: written again.
	g.Git("reset", "-q", "--hard", "HEAD~2")
	sameHistory(t, s, r, everyPath(t, r))
	g.Git("checkout", "-q", "side")
	sameHistory(t, s, r, everyPath(t, r))
	g.Git("checkout", "-q", "main")
	before := storedLog(t, s, r)
	sameHistory(t, s, r, everyPath(t, r))
	if after := storedLog(t, s, r); after.Generation != before.Generation+1 || after.Tip != g.Git("rev-parse", "HEAD") {
		t.Errorf("log after checkout = %+v (before %+v)", after, before)
	}
	// The tip of a log may be gone (pruned after a rebase): written again.
	st := storedLog(t, s, r)
	st.Tip = strings.Repeat("0f", 20)
	if appended, err := s.writeLog(ctx, r, root, st, g.Git("rev-parse", "HEAD")); err != nil || appended {
		t.Errorf("unknown tip: appended = %v, %v", appended, err)
	}
}

// TestHistoryNewWorktreeAndClone: a second worktree and a clone start
// from the commits another working tree's log stored (git's walk and the
// new commits only), and answer as git does; another project shares no
// commit and reads its whole log.
func TestHistoryNewWorktreeAndClone(t *testing.T) {
	t.Parallel()
	g := buildHistories(t)
	s := historyStore(t)
	main := openGit(t, g.Dir)
	sameHistory(t, s, main, []string{"c.go"})

	wt := filepath.Join(t.TempDir(), "wt")
	g.Git("worktree", "add", "-q", wt, "side")
	tree := openGit(t, wt)
	if un := sameHistory(t, s, tree, everyPath(t, tree)); len(un) > 0 {
		t.Errorf("worktree: not answered from the stored log: %v", un)
	}
	if err := os.WriteFile(filepath.Join(wt, "w.go"), []byte(text("w", 20)), 0o644); err != nil {
		t.Fatal(err)
	}
	g.GitIn(wt, "add", "w.go")
	g.GitIn(wt, "commit", "-q", "-m", "in the worktree")
	if un := sameHistory(t, s, tree, everyPath(t, tree)); len(un) > 0 {
		t.Errorf("worktree after a commit: not answered from the stored log: %v", un)
	}

	clone := filepath.Join(t.TempDir(), "clone")
	g.Git("clone", "-q", g.Dir, clone)
	// As in the original, git follows "tool" into the folder it once was.
	if un := sameHistory(t, s, openGit(t, clone), everyPath(t, openGit(t, clone))); !reflect.DeepEqual(un, []string{"tool"}) {
		t.Errorf("clone: not answered from the stored log: %v, want the folder", un)
	}
	other := gittest.New(t)
	other.Write("o.go", text("o", 20))
	other.Commit("another project")
	if un := sameHistory(t, s, openGit(t, other.Dir), []string{"o.go"}); len(un) > 0 {
		t.Errorf("another project: not answered from the stored log: %v", un)
	}
}

// TestHistoryMergeOfOlderBranch: new commits all newer than the stored
// ones, but one of them has an older stored commit (not the tip) as
// parent. That commit enters git's walk early, before a stored commit of
// the same time that the walk from the tip met first: the log is written
// again, and the history keeps git's order.
func TestHistoryMergeOfOlderBranch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	g.Write("f.go", text("x", 20))
	g.Commit("X")
	t0 := g.Now
	g.Git("checkout", "-q", "-b", "b", "main")
	g.Write("f.go", text("x", 20)+"b\n")
	g.Now = t0.Add(time.Hour)
	g.Commit("B")
	g.Git("checkout", "-q", "main")
	g.Write("f.go", "a\n"+text("x", 20))
	g.Now = t0.Add(time.Hour) // A and B in the same second
	g.Commit("A")
	g.Now = t0.Add(2 * time.Hour)
	g.Git("merge", "-q", "--no-ff", "-m", "T", "b")
	r := openGit(t, g.Dir)
	s := historyStore(t)
	if un := sameHistory(t, s, r, []string{"f.go"}); len(un) > 0 {
		t.Fatalf("not answered from the stored log: %v", un)
	}
	// N on top of B, then M merges N: B is a stored parent of a new commit.
	g.Git("checkout", "-q", "-b", "n", "b")
	g.Write("g.go", "n\n")
	g.Now = t0.Add(3 * time.Hour)
	g.Commit("N")
	g.Git("checkout", "-q", "main")
	g.Now = t0.Add(4 * time.Hour)
	g.Git("merge", "-q", "--no-ff", "-m", "M", "n")
	appended, err := s.writeLog(ctx, r, logKey(r), storedLog(t, s, r), g.Git("rev-parse", "HEAD"))
	if err != nil || appended {
		t.Errorf("merge of an older branch: appended = %v, %v", appended, err)
	}
	if un := sameHistory(t, s, r, []string{"f.go", "g.go"}); len(un) > 0 {
		t.Errorf("not answered from the stored log: %v", un)
	}
}

func TestHistoryFallsBackToGit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := buildHistories(t)
	r := openGit(t, g.Dir)
	s := historyStore(t)

	// Paths git reads as patterns are asked to git.
	for _, p := range []string{"*.go", "c.go\\", ":(glob)*.go", ".", ""} {
		if _, ok, _ := s.storedHistory(ctx, r, p); ok {
			t.Errorf("%q answered from the stored log", p)
		}
	}
	if h, err := s.History(ctx, r, "*.go"); err != nil || len(h) == 0 {
		t.Errorf("History(*.go) = %s, %v", dumpHistory(h), err)
	}
	// Another process is bringing the log up to date: ask git.
	if ok, err := s.archive.ClaimGitLog(ctx, logKey(r), 0, time.Hour); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if _, ok, err := s.storedHistory(ctx, r, "c.go"); ok || err != nil {
		t.Errorf("answered from a log being written: %v, %v", ok, err)
	}
	want, _ := r.PathHistory(ctx, "", "c.go")
	if got, err := s.History(ctx, r, "c.go"); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("History while claimed = %s, %v", dumpHistory(got), err)
	}
	// A log without archive, a closed archive, an empty repository.
	if got, err := (&Log{}).History(ctx, r, "c.go"); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("History without archive = %s, %v", dumpHistory(got), err)
	}
	closed := historyStore(t)
	closed.archive.Close()
	if got, err := closed.History(ctx, r, "c.go"); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("History with a closed archive = %s, %v", dumpHistory(got), err)
	}
	empty := openGit(t, gittest.New(t).Dir)
	if got, err := s.History(ctx, empty, "a.go"); err != nil || len(got) != 0 {
		t.Errorf("History in an empty repository = %s, %v", dumpHistory(got), err)
	}
	for _, p := range []string{"/elsewhere/a.go", "../a.go"} {
		if _, err := s.History(ctx, r, p); !errors.Is(err, gitrepo.ErrNoSuchPath) {
			t.Errorf("History(%q) outside the working tree: %v", p, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.History(cancelled, r, "c.go"); err == nil {
		t.Error("a cancelled question gave no error")
	}
}

func TestHistoryConcurrentProcesses(t *testing.T) {
	t.Parallel()
	g := buildHistories(t)
	r := openGit(t, g.Dir)
	dir := filepath.Join(t.TempDir(), "archive")
	paths := everyPath(t, r)
	want := map[string][]gitrepo.PathChange{}
	for _, p := range paths {
		want[p], _ = r.PathHistory(context.Background(), "", p)
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			a, err := archive.Open(context.Background(), archive.Options{Dir: dir})
			if err != nil {
				errs <- err
				return
			}
			defer a.Close()
			s := New(a)
			for _, p := range paths {
				got, err := s.History(context.Background(), r, p)
				if err != nil {
					errs <- err
					return
				}
				if !reflect.DeepEqual(got, want[p]) {
					errs <- fmt.Errorf("history of %s = %s, want %s", p, dumpHistory(got), dumpHistory(want[p]))
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// BenchmarkHistory compares the history of the large fixture's big file
// read from the stored log (brought up to HEAD once, before the timing)
// with git's own (`git log --follow`), and times the writing of the log:
// a full pass, one new commit appended, a checkout (the walk of another
// commit, every commit stored), and the one git question asked where a
// file is created.
//
//	go test ./provenance/gitlog -run '^$' -bench BenchmarkHistory -benchtime 200x
func BenchmarkHistory(b *testing.B) {
	ctx := context.Background()
	res, err := truth.Large(ctx, b.TempDir(), truth.Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	r := openGit(b, res.Repo)
	const file = "service/store.go"
	want, err := r.PathHistory(ctx, "", file)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("stored", func(b *testing.B) {
		s := historyStore(b)
		if got, ok, err := s.storedHistory(ctx, r, file); err != nil || !ok || !reflect.DeepEqual(got, want) {
			b.Fatalf("stored history differs from git's (answered: %v, %v)", ok, err)
		}
		b.ResetTimer()
		for b.Loop() {
			if _, ok, err := s.storedHistory(ctx, r, file); err != nil || !ok {
				b.Fatal(ok, err)
			}
		}
		b.ReportMetric(float64(len(want)), "commits")
	})
	b.Run("git", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.PathHistory(ctx, "", file); err != nil {
				b.Fatal(err)
			}
		}
	})
	head, err := r.Head()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("full-pass", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			s := historyStore(b)
			b.StartTimer()
			if _, err := s.writeLog(ctx, r, logKey(r), archive.GitLogState{MaxOrd: -1}, head.Commit); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("append-one", func(b *testing.B) {
		parent, err := r.RevParse(ctx, "HEAD~1")
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			b.StopTimer()
			s := historyStore(b)
			if _, err := s.writeLog(ctx, r, logKey(r), archive.GitLogState{MaxOrd: -1}, parent); err != nil {
				b.Fatal(err)
			}
			st := storedLog(b, s, r)
			b.StartTimer()
			if appended, err := s.writeLog(ctx, r, logKey(r), st, head.Commit); err != nil || !appended {
				b.Fatal(appended, err)
			}
		}
	})
	// A checkout of an older commit (HEAD again between two, untimed):
	// git's walk order, and no new commit to store.
	b.Run("checkout", func(b *testing.B) {
		older, err := r.RevParse(ctx, "HEAD~10")
		if err != nil {
			b.Fatal(err)
		}
		s := historyStore(b)
		if _, err := s.writeLog(ctx, r, logKey(r), archive.GitLogState{MaxOrd: -1}, head.Commit); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if appended, err := s.writeLog(ctx, r, logKey(r), storedLog(b, s, r), older); err != nil || appended {
				b.Fatal(appended, err)
			}
			b.StopTimer()
			if _, err := s.writeLog(ctx, r, logKey(r), storedLog(b, s, r), head.Commit); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	})
	// What a file's first question adds where it was created: one git
	// process, kept.
	created := want[len(want)-1]
	b.Run("follow-step", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.FollowStep(ctx, created.Commit, created.Path); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// randomHistory grows a repository at random on a few branches (edits,
// renames, copies, deletions, names used again, merges, commits in the
// same second or dated before their parents), asking the stored log along
// the way.
func randomHistory(t *testing.T, seed int64, commits int) {
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	g := gittest.New(t)
	r := openGit(t, g.Dir)
	s := historyStore(t)
	files := map[string]string{} // path → name of its text
	next := 0
	var gone []string // paths deleted or renamed away, to be used again
	newName := func() string {
		if len(gone) > 0 && rng.IntN(3) == 0 {
			i := rng.IntN(len(gone))
			p := gone[i]
			gone = append(gone[:i], gone[i+1:]...)
			if _, ok := files[p]; !ok {
				return p
			}
		}
		next++
		return fmt.Sprintf("d%d/f%d.go", next%3, next)
	}
	write := func(p, name string, n int) {
		files[p] = name
		g.Write(p, text(name, n))
	}
	write(newName(), "seed", 20)
	g.Commit("start")
	branches := []string{"main"}
	pick := func() string {
		var ps []string
		for p := range files {
			ps = append(ps, p)
		}
		sort.Strings(ps)
		return ps[rng.IntN(len(ps))]
	}
	relist := func() {
		files = map[string]string{}
		for _, p := range g.Tracked() {
			files[p] = "?"
		}
	}
	merge := func(other string) {
		cmd := exec.Command("git", "merge", "-q", "--no-ff", "-m", "merge "+other, other)
		cmd.Dir, cmd.Env = g.Dir, g.Env(g.Now)
		if cmd.Run() != nil {
			// Conflicts: commit the merge as the tree stands.
			g.Git("add", "-A")
			g.Git("commit", "-q", "--no-edit")
		}
		g.Now = g.Now.Add(time.Minute)
		relist()
	}
	for i := range commits {
		switch rng.IntN(10) {
		case 0:
			if len(branches) < 4 {
				b := fmt.Sprintf("b%d", i)
				g.Git("checkout", "-q", "-b", b)
				branches = append(branches, b)
			}
		case 1, 2:
			g.Git("checkout", "-q", "-f", branches[rng.IntN(len(branches))])
			g.Clean()
			relist()
		case 3, 4:
			merge(branches[rng.IntN(len(branches))])
			continue
		}
		switch n := rng.IntN(10); {
		case n < 4 || len(files) < 2:
			p := pick()
			write(p, fmt.Sprintf("%s-%d", p, i), 15+rng.IntN(10))
			if rng.IntN(3) == 0 {
				write(newName(), fmt.Sprintf("new%d", i), 20)
			}
		case n < 6:
			p, q := pick(), newName()
			if err := os.MkdirAll(filepath.Join(g.Dir, filepath.Dir(q)), 0o700); err != nil {
				t.Fatal(err)
			}
			g.Git("mv", p, q)
			files[q] = files[p]
			delete(files, p)
			gone = append(gone, p)
		case n < 8:
			p, q := pick(), newName()
			b, err := os.ReadFile(filepath.Join(g.Dir, p))
			if err != nil {
				t.Fatal(err)
			}
			g.Write(q, string(b))
			files[q] = files[p]
			if rng.IntN(2) == 0 {
				write(p, fmt.Sprintf("%s-%d", p, i), 20)
			}
		default:
			p := pick()
			g.Git("rm", "-q", p)
			delete(files, p)
			gone = append(gone, p)
		}
		switch rng.IntN(8) {
		case 0:
			g.Now = g.Now.Add(-time.Minute) // same second as the last commit
		case 1:
			g.Now = g.Now.Add(-10 * time.Minute) // before its parent
		}
		g.Commit(fmt.Sprintf("commit %d", i))
		if rng.IntN(4) == 0 {
			if un := sameHistory(t, s, r, []string{pick()}); len(un) > 0 {
				t.Logf("not answered from the stored log: %v", un)
			}
		}
	}
	if un := sameHistory(t, s, r, everyPath(t, r)); len(un) > 0 {
		t.Logf("not answered from the stored log: %v", un)
	}
	// Everything merged into main.
	g.Git("checkout", "-q", "-f", "main")
	g.Clean()
	relist()
	for _, b := range branches[1:] {
		merge(b)
	}
	if un := sameHistory(t, s, r, everyPath(t, r)); len(un) > 0 {
		t.Logf("not answered from the stored log: %v", un)
	}
}

func TestHistoryRandomRepositories(t *testing.T) {
	t.Parallel()
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for seed := range int64(seeds) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			randomHistory(t, seed, 40)
		})
	}
}

func TestTrailers(t *testing.T) {
	s, g, ctx := historyStore(t), gittest.New(t), context.Background()
	var first, plain string
	for i, msg := range []string{"add\n\nSession-Id: 11111111-2222-4333-8444-555555555555", "edit"} {
		g.Write("a.go", strings.Repeat("a\n", i+1))
		if c := g.Commit(msg); i == 0 {
			first = c
		} else {
			plain = c
		}
	}
	r := openGit(t, g.Dir)
	if _, err := s.Sync(ctx, r); err != nil {
		t.Fatal(err)
	}
	// A commit appended to the stored log, with two trailers.
	g.Write("a.go", "a\nb\nc\n")
	appended := g.Commit("more\n\nBody.\n\nCodex-Session: https://example.com/s/abc-123\nCo-authored-by: Someone <s@example.com>")
	if _, err := s.History(ctx, r, "a.go"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Trailers(ctx, []string{first, plain, appended, "0123456789012345678901234567890123456789"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]gitrepo.Trailer{
		first:    {{Key: "Session-Id", Value: "11111111-2222-4333-8444-555555555555"}},
		appended: {{Key: "Codex-Session", Value: "https://example.com/s/abc-123"}, {Key: "Co-authored-by", Value: "Someone <s@example.com>"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Trailers = %q, want %q", got, want)
	}
}
