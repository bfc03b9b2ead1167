package provenance_test

import (
	"context"
	"errors"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"hansard/fixtures/truth"
	"hansard/provenance"
	"hansard/provenance/gitrepo/gittest"
)

// commitsBySubject maps the subjects of a repository's commits to their ids.
func commitsBySubject(t *testing.T, repo string) map[string]string {
	t.Helper()
	out, err := exec.Command("git", "-C", repo, "log", "--format=%H %s").Output()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		id, subject, _ := strings.Cut(line, " ")
		m[subject] = id
	}
	return m
}

func TestSessionsForCommit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not on PATH")
	}
	ctx := context.Background()
	sc, _ := truth.ScenarioByName("human-interleaved")
	wt, _ := truth.ScenarioByName("worktree")
	res, err := truth.Build(ctx, t.TempDir(), 1, sc, wt)
	if err != nil {
		t.Fatal(err)
	}
	a := indexFixture(t, res)
	var claude, codex, exporter string
	for _, s := range res.Truth.Sessions {
		switch {
		case s.Scenario == "worktree" && s.Provider == "claude":
			exporter = s.ID
		case s.Scenario != "human-interleaved":
		case s.Provider == "claude":
			claude = s.ID
		case s.Provider == "codex":
			codex = s.ID
		}
	}
	adapters := provenance.NewArchiveAdapters(a)
	prepared := 0
	at := adapters.Attributor()
	at.Cache = adapters.Cache
	at.Prepare = func(context.Context) error { prepared++; return nil }
	f := &provenance.CommitFinder{Attributor: at}
	commits := commitsBySubject(t, res.Repo)
	cases := []struct {
		sha  string
		want []string
	}{
		// The human committed what the Claude session wrote (and a function
		// of their own): the session never ran git commit.
		{commits["Add handlers"][:7], []string{claude}},
		{commits["Add handlers"], []string{claude}},
		{strings.ToUpper(commits["Tidy handlers"][:9]), []string{codex}},
		// Only the human's lines (the root commit).
		{commits["Initial commit"][:7], nil},
		// Made in a linked worktree on a branch, then merged: the merge
		// brings the branch's lines, which git blames to the branch's
		// commits.
		{commits["Add exporter"][:7], []string{exporter}},
		{commits["Merge branch 'wt/export'"][:7], nil},
	}
	for _, c := range cases {
		got, err := f.SessionsForCommit(ctx, res.Repo, strings.ToLower(c.sha))
		if err != nil {
			t.Fatalf("%s: %v", c.sha, err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: sessions %v, want %v", c.sha, got, c.want)
		}
	}
	if prepared != len(cases) {
		t.Errorf("Prepare called %d times for %d questions", prepared, len(cases))
	}

	if got, err := f.SessionsForCommit(ctx, "", commits["Add handlers"]); err != nil || got != nil {
		t.Errorf("no repository: %v, %v", got, err)
	}
	for _, bad := range []string{"0000000", "abc", "zzzz123"} {
		if _, err := f.SessionsForCommit(ctx, res.Repo, bad); !errors.Is(err, provenance.ErrUnknownCommit) {
			t.Errorf("%s: %v, want ErrUnknownCommit", bad, err)
		}
	}
	if _, err := f.SessionsForCommit(ctx, t.TempDir(), commits["Add handlers"]); err == nil {
		t.Error("no error for a folder outside any repository")
	}
	failing := &provenance.CommitFinder{Attributor: adapters.Attributor()}
	failing.Attributor.Prepare = func(context.Context) error { return errors.New("boom") }
	if _, err := failing.SessionsForCommit(ctx, res.Repo, commits["Add handlers"]); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("failing Prepare: %v", err)
	}
	if _, err := (&provenance.CommitFinder{}).SessionsForCommit(ctx, res.Repo, commits["Add handlers"]); err == nil {
		t.Error("no error without an attributor")
	}
}

func TestAmbiguousCommit(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	seen := map[string]bool{}
	prefix := ""
	for _, id := range g.EmptyCommits(1500) {
		if seen[id[:4]] {
			prefix = id[:4]
			break
		}
		seen[id[:4]] = true
	}
	f := &provenance.CommitFinder{Attributor: &provenance.Attributor{Ledger: provenance.NewMemStore()}}
	_, err := f.SessionsForCommit(context.Background(), g.Dir, prefix)
	var amb *provenance.AmbiguousCommitError
	if !errors.As(err, &amb) || amb.Prefix != prefix || len(amb.Commits) < 2 {
		t.Fatalf("%s: %v, want an AmbiguousCommitError", prefix, err)
	}
	if !strings.HasPrefix(err.Error(), "commit "+prefix+" is ambiguous: it names "+amb.Commits[0]+", ") {
		t.Errorf("Error() = %q", err)
	}
}
