package accuracy

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"hansard/fixtures/truth"
	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// BenchmarkLarge builds the large ground-truth repository (2,000 commits, a
// 3,000-line file, 500 sessions), scores every answer for the big file
// (HoldLarge holds the score) and times Why against git blame on the same
// file in the same run: whole file, one line, and one line asked again (a
// warm cache). x_blame metrics are Why's time over git blame's. Every seventh line is also asked alone: its
// answer must be the whole file's. HANSARD_LINES=120-130,900-910 prints
// the answers and true writers of those lines.
func BenchmarkLarge(b *testing.B) {
	ctx := context.Background()
	res, err := truth.Large(ctx, b.TempDir(), truth.Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	store := ledgerFromTranscripts(b, res)
	repo, err := gitrepo.Open(res.Repo)
	if err != nil {
		b.Fatal(err)
	}
	out, err := (&provenance.Attributor{Ledger: store, Shell: store}).Why(ctx, repo, provenance.Query{Path: truth.BigFile})
	if err != nil {
		b.Fatal(err)
	}
	rep := truth.Score(&truth.Truth{Files: []truth.FileTruth{*res.Truth.File(truth.BigFile)}}, answersOf(out))
	b.Logf("%d lines of %s: precision %.4f recall %.4f, human lines attributed %d/%d",
		len(out), truth.BigFile, rep.Overall.Precision(), rep.Overall.Recall(), rep.Overall.HumanFalse, rep.Overall.HumanLines)
	for i, m := range rep.Mistakes {
		if i < 20 {
			var why string
			for _, x := range out {
				if x.Line == m.Line {
					why = x.Reason
				}
			}
			b.Logf("mistake %d %q want %.8s (%s) got %.8s (%s): %s", m.Line, m.Text, m.Want, m.Expect, m.Got, m.Said, why)
		}
	}
	if r := os.Getenv("HANSARD_LINES"); r != "" {
		ft := res.Truth.File(truth.BigFile)
		for _, part := range strings.Split(r, ",") {
			var from, to int
			fmt.Sscanf(part, "%d-%d", &from, &to)
			for _, x := range out {
				if x.Line < from || x.Line > to {
					continue
				}
				w, got := "", ""
				if lw := ft.Lines[x.Line-1].Writer; lw != nil {
					w = lw.SessionID[:8] + "/" + lw.ToolCallID[len(lw.ToolCallID)-4:]
				}
				if x.Edit != nil {
					got = x.Edit.SessionID[:8] + "/" + x.Edit.ToolCallID[len(x.Edit.ToolCallID)-4:]
				}
				b.Logf("%4d %.7s %-14s %-14s %-11s %-50q %s", x.Line, x.Commit.SHA, w, got, x.Status, x.Text, x.Reason)
			}
		}
	}
	HoldLarge(b, rep)
	alone(b, store, repo, out)
	line := len(out) / 2

	run := func(b *testing.B, a *provenance.Attributor, q provenance.Query, blameArgs ...string) {
		var why, blame time.Duration
		for i := 0; i < b.N; i++ {
			cmd := exec.Command("git", append([]string{"blame", "--porcelain"}, blameArgs...)...)
			cmd.Dir = res.Repo
			t := time.Now()
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
			blame += time.Since(t)
			t = time.Now()
			if _, err := a.Why(ctx, repo, q); err != nil {
				b.Fatal(err)
			}
			why += time.Since(t)
		}
		b.ReportMetric(float64(why)/float64(blame), "x_blame")
		b.ReportMetric(float64(blame.Microseconds())/1000/float64(b.N), "blame_ms")
		b.ReportMetric(float64(why.Microseconds())/1000/float64(b.N), "why_ms")
	}
	b.Run("file", func(b *testing.B) {
		run(b, &provenance.Attributor{Ledger: store, Shell: store}, provenance.Query{Path: truth.BigFile}, truth.BigFile)
	})
	b.Run("line", func(b *testing.B) {
		run(b, &provenance.Attributor{Ledger: store, Shell: store}, provenance.Query{Path: truth.BigFile, Start: line},
			"-L", itoa(line)+","+itoa(line), truth.BigFile)
	})
	b.Run("line-warm", func(b *testing.B) {
		a := &provenance.Attributor{Ledger: store, Shell: store, Cache: store}
		q := provenance.Query{Path: truth.BigFile, Start: line}
		if _, err := a.Why(ctx, repo, q); err != nil {
			b.Fatal(err)
		}
		run(b, a, q, "-L", itoa(line)+","+itoa(line), truth.BigFile)
	})
}

// alone asks Attribute about every seventh line of the big file alone,
// over the whole file's blame, and fails when an answer differs from the
// whole file's.
func alone(b *testing.B, store *provenance.MemStore, repo *gitrepo.Repo, whole []provenance.Attribution) {
	ctx := context.Background()
	blame, err := repo.Blame(ctx, truth.BigFile, gitrepo.BlameOptions{})
	if err != nil {
		b.Fatal(err)
	}
	hist, err := repo.PathHistory(ctx, "", truth.BigFile)
	if err != nil {
		b.Fatal(err)
	}
	a := &provenance.Attributor{Ledger: store, Shell: store}
	asked, differ := 0, 0
	for n := 1; n <= len(whole); n += 7 {
		got, err := a.Attribute(ctx, provenance.FileBlame{Repo: repo.Root, Path: truth.BigFile, Lines: blame, History: hist, Start: n, End: n})
		if err != nil {
			b.Fatal(err)
		}
		asked++
		if len(got) != 1 || !reflect.DeepEqual(got[0], whole[n-1]) {
			differ++
			if differ <= 5 {
				b.Errorf("line %d alone: %+v\nwhole file: %+v", n, got, whole[n-1])
			}
		}
	}
	b.Logf("%d lines asked alone: %d answered otherwise than in the whole file", asked, differ)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
