package gitlog

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"hansard/archive"
	"hansard/provenance/gitrepo/gittest"
)

// bigRepository lays out a repository of commits commits, each changing
// three of 3,000 files in 50 folders (and every tenth also hot.go), with
// a branch side that leaves main five commits back and adds one.
func bigRepository(b *testing.B, commits int) *gittest.Repo {
	b.Helper()
	g := gittest.New(b)
	rng := rand.New(rand.NewPCG(7, 7))
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	snaps := make([]gittest.Snapshot, commits)
	for i := range snaps {
		files := map[string]*string{}
		for range 3 {
			f := rng.IntN(3000)
			files[fmt.Sprintf("pkg%d/file%d.go", f%50, f)] = ptr(fmt.Sprintf("package pkg\n\n// commit %d\n", i))
		}
		if i%10 == 0 {
			files["hot.go"] = ptr(fmt.Sprintf("package main\n\n// commit %d\n", i))
		}
		snaps[i] = gittest.Snapshot{Time: start.Add(time.Duration(i) * time.Minute), Message: fmt.Sprint("commit ", i), Files: files}
	}
	g.FastImport(snaps)
	g.Git("branch", "side", "main~5")
	return g
}

func ptr(s string) *string { return &s }

// BenchmarkHistoryLargeRepository times the stored git log on a repository
// of 50,000 commits: the first question's whole log (git's log read as it
// comes), a checkout of another branch (git's walk order and the new
// commit only), and a file's history read from the stored log against
// `git log --follow`. Building the repository takes a while.
//
//	go test ./provenance/gitlog -run '^$' -bench HistoryLargeRepository -benchtime 3x
func BenchmarkHistoryLargeRepository(b *testing.B) {
	ctx := context.Background()
	g := bigRepository(b, 50000)
	r := openGit(b, g.Dir)
	main, side := g.Git("rev-parse", "main"), ""
	g.Git("checkout", "-q", "side")
	g.Write("side.go", "package side\n")
	side = g.Commit("on side")
	g.Git("checkout", "-q", "main")
	b.Run("first-log", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			s := historyStore(b)
			b.StartTimer()
			if _, err := s.writeLog(ctx, r, logKey(r), archive.GitLogState{MaxOrd: -1}, main); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("checkout", func(b *testing.B) {
		s := historyStore(b)
		if _, err := s.writeLog(ctx, r, logKey(r), archive.GitLogState{MaxOrd: -1}, main); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if appended, err := s.writeLog(ctx, r, logKey(r), storedLog(b, s, r), side); err != nil || appended {
				b.Fatal(appended, err)
			}
			b.StopTimer()
			if _, err := s.writeLog(ctx, r, logKey(r), storedLog(b, s, r), main); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	})
	want, err := r.PathHistory(ctx, "", "hot.go")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("stored-history", func(b *testing.B) {
		s := historyStore(b)
		if got, ok, err := s.storedHistory(ctx, r, "hot.go"); err != nil || !ok || !reflect.DeepEqual(got, want) {
			b.Fatalf("stored history differs from git's (answered: %v, %v)", ok, err)
		}
		for b.Loop() {
			if _, ok, err := s.storedHistory(ctx, r, "hot.go"); err != nil || !ok {
				b.Fatal(ok, err)
			}
		}
		b.ReportMetric(float64(len(want)), "commits")
	})
	b.Run("git-log-follow", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.PathHistory(ctx, "", "hot.go"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
