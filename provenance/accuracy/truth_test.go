package accuracy

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"hansard/fixtures/tempdir"
	"hansard/fixtures/truth"
	"hansard/provenance"
	"hansard/provenance/gitrepo"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// TestGroundTruth builds every ground-truth scenario (a repository and the
// transcripts whose edits produced it), files the transcripts' edits in a
// MemStore as the archive would, asks Why about every line and holds what
// it reaches (HoldTargets): no mistake, every conflicting line answered so.
func TestGroundTruth(t *testing.T) {
	t.Parallel()
	res := buildTruth(t)
	store := ledgerFromTranscripts(t, res)
	HoldTargets(t, truth.Score(res.Truth, answerAll(t, res, &provenance.Attributor{Ledger: store, Shell: store})))
}

// scratch is the package's temporary folder, made and removed by TestMain.
var scratch string

func TestMain(m *testing.M) { os.Exit(tempdir.Main(m, "hansard-accuracy-", &scratch)) }

// built is every ground-truth scenario built once for the package, in
// scratch. The tests only read it (each indexes into a folder of its own).
var built = sync.OnceValues(func() (*truth.Result, error) {
	return truth.Build(context.Background(), filepath.Join(scratch, "truth"), 1)
})

// buildTruth returns the ground-truth fixture (skipped in short mode).
func buildTruth(t *testing.T) *truth.Result {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a fixture repository")
	}
	res, err := built()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// ledgerFromTranscripts parses the fixture's transcripts with the providers
// and turns their edits into ledger entries, mapping recorded paths with the
// fixture's path maps and filing them under their repository.
func ledgerFromTranscripts(t testing.TB, res *truth.Result) *provenance.MemStore {
	t.Helper()
	ctx := context.Background()
	env := Env(res)
	var col providertest.Collector
	providerOf := map[string]string{}
	for _, p := range Providers() {
		warn := func(path string, err error) { t.Logf("discover %s: %v", path, err) }
		if err := providertest.ParseEvery(ctx, p, env, warn, col.Sink()); err != nil {
			t.Fatal(err)
		}
		for _, s := range col.Sessions() {
			if providerOf[s.ID] == "" {
				providerOf[s.ID] = p.Name()
			}
		}
	}
	edits := col.Edits()
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Timestamp.Before(edits[j].Timestamp) })
	store := provenance.NewMemStore()
	repos := map[string]*gitrepo.Repo{}
	tracker := provenance.NewTracker()
	for _, e := range edits {
		repo, rel := place(t, repos, res.Truth.Maps, e.File)
		if repo == nil {
			continue
		}
		moveTo := ""
		if e.Op == transcripts.OpMove && e.MoveTo != "" {
			if r2, m := place(t, repos, res.Truth.Maps, e.MoveTo); r2 != nil && r2.Root == repo.Root {
				moveTo = m
			}
		}
		if _, known := tracker.Content(repo.Root, rel); !known && e.Succeeded() && provenance.NeedsPrevious(e) && !e.Timestamp.IsZero() {
			tracker.SeedFromGit(ctx, repo, repo.Root, rel, e.Timestamp)
		}
		if entry, ok := tracker.Entry(e, providerOf[e.SessionID], repo.Root, rel, moveTo); ok {
			store.Add(entry)
		}
	}
	addShellRuns(t, store, &col, providerOf, res.Truth.Maps, repos)
	return store
}

// addShellRuns files the commands of the fixture's sessions that rewrite
// files or make commits, with their outputs, under their repository.
func addShellRuns(t testing.TB, store *provenance.MemStore, col *providertest.Collector, providerOf map[string]string,
	maps []truth.PathMap, repos map[string]*gitrepo.Repo) {
	output := map[string]string{}
	for _, c := range col.ToolCalls() {
		output[c.SessionID+"\x00"+c.ID] = c.Result
	}
	for _, c := range col.Commands() {
		repo, _ := place(t, repos, maps, filepath.Join(c.CWD, "x"))
		if repo == nil {
			continue
		}
		repoPath := func(p string) (string, bool) {
			if !filepath.IsAbs(p) {
				p = filepath.Join(c.CWD, p)
			}
			if r, rel := place(t, repos, maps, p); r != nil && r.Root == repo.Root {
				return rel, true
			}
			return "", false
		}
		if run, ok := provenance.NewShellRun(c, providerOf[c.SessionID], output[c.SessionID+"\x00"+c.ToolCallID], repoPath); ok {
			store.AddShellRuns(repo.Root, run)
		}
	}
}

// place maps a recorded path with the path maps and finds its repository
// and repo-relative path; nil when it is in none.
func place(t testing.TB, repos map[string]*gitrepo.Repo, maps []truth.PathMap, file string) (*gitrepo.Repo, string) {
	for _, m := range maps {
		if rest, ok := strings.CutPrefix(file, m.From+"/"); ok {
			file = filepath.Join(m.To, rest)
		}
	}
	dir := filepath.Dir(file)
	repo, ok := repos[dir]
	if !ok {
		var err error
		if repo, err = gitrepo.Open(dir); err != nil {
			t.Logf("%s: %v", file, err)
		}
		repos[dir] = repo
	}
	if repo == nil {
		return nil, ""
	}
	rel, err := repo.Rel(file)
	if err != nil {
		t.Logf("%s: %v", file, err)
		return nil, ""
	}
	return repo, rel
}

// answerAll asks Why about every line of every file the truth describes.
func answerAll(t testing.TB, res *truth.Result, a *provenance.Attributor) []truth.Answer {
	t.Helper()
	repo, err := gitrepo.Open(res.Repo)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []truth.Answer
	files := append(append([]truth.FileTruth(nil), res.Truth.Worktree...), res.Truth.Files...)
	for _, f := range files {
		if seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		q := provenance.Query{Path: f.Path}
		if _, err := os.Stat(filepath.Join(res.Repo, f.Path)); err != nil {
			q.Rev = "HEAD"
		}
		as, err := a.Why(context.Background(), repo, q)
		if err != nil {
			t.Fatalf("why %s: %v", f.Path, err)
		}
		if os.Getenv("HANSARD_DUMP") == f.Path {
			for _, x := range as {
				s := ""
				if x.Edit != nil {
					s = x.Edit.SessionID[:8] + "/" + x.Edit.ToolCallID
				}
				t.Logf("%3d %-11s %-30s %-60q %s", x.Line, x.Status, s, x.Text, x.Reason)
			}
		}
		out = append(out, answersOf(as)...)
	}
	return out
}

// answersOf turns Why's attributions into answers to score.
func answersOf(out []provenance.Attribution) []truth.Answer {
	var answers []truth.Answer
	for _, x := range out {
		a := truth.Answer{Path: x.Path, Line: x.Line, Status: x.Status}
		if x.Edit != nil {
			a.SessionID, a.ToolCallID = x.Edit.SessionID, x.Edit.ToolCallID
		}
		for _, c := range x.Candidates {
			a.Candidates = append(a.Candidates, c.SessionID)
		}
		answers = append(answers, a)
	}
	return answers
}
