package provenance

import (
	"context"
	"fmt"
	"math/rand"
	"os/exec"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
	"hansard/provenance/gitrepo/gittest"
	"hansard/transcripts"
)

// benchRepo is a generated history: a file that grows to maxLines lines
// over about half the commits, the other commits to small files, and a
// ledger of the sessions whose edits made most of those commits (every tenth
// commit is a person's). owner records who wrote each final line of the
// file: a session id, or "" for a person.
type benchRepo struct {
	g     *gittest.Repo
	store *MemStore
	path  string
	lines int
	owner []string
}

type genParams struct {
	sessions, commits, initial, maxLines int
}

var benchParams = genParams{sessions: 500, commits: 2000, initial: 1500, maxLines: 3000}

func buildBenchRepo(tb testing.TB, p genParams) *benchRepo {
	tb.Helper()
	g := gittest.New(tb)
	rnd := rand.New(rand.NewSource(1))
	store := NewMemStore()
	start := time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)
	common := [][]string{
		{"\tif err != nil {", "\t\treturn err", "\t}"},
		{"\tdefer f.Close()"},
		{"\t\tName: \"test\",", "\t\tWant: nil,"},
		{"\t\"encoding/json\""},
		{""},
	}
	var file, owner []string
	for i := 0; i < p.initial; i++ {
		file = append(file, fmt.Sprintf("\tvalue%d := compute(%d, %q)", i, i%89, fmt.Sprint(rnd.Int63())))
		owner = append(owner, "s000")
	}
	var snaps []gittest.Snapshot
	n := 0
	addEntry := func(session string, path string, old, new string, at time.Time) {
		n++
		e := transcripts.Edit{SessionID: session, ToolCallID: fmt.Sprintf("call-%d", n), MessageIndex: n,
			Tool: "Edit", Op: transcripts.OpUpdate, OldText: old, NewText: new, Status: transcripts.EditOK, Timestamp: at}
		if old == "" {
			e.Tool, e.Op = "Write", transcripts.OpCreate
		}
		entry, _ := NewEntry(e, transcripts.ProviderClaude, g.Dir, path, nil)
		store.Add(entry)
	}
	for k := 0; k < p.commits; k++ {
		at := start.Add(time.Duration(k) * 10 * time.Minute)
		session := fmt.Sprintf("s%03d", k%p.sessions)
		human := k%10 == 9
		who := session
		if human {
			who = ""
		}
		snap := gittest.Snapshot{Time: at, Message: fmt.Sprintf("change %d", k), Files: map[string]*string{}}
		switch {
		case k == 0:
			content := strings.Join(file, "\n") + "\n"
			snap.Files["big.go"] = &content
			addEntry("s000", "big.go", "", content, at.Add(-time.Minute))
		case k%2 == 1 && len(file) < p.maxLines:
			pos := 1 + rnd.Intn(len(file)-1)
			var block []string
			block = append(block, fmt.Sprintf("\tresult%d := transform(value, %d)", k, rnd.Intn(1000)))
			block = append(block, common[rnd.Intn(len(common))]...)
			if rnd.Intn(2) == 0 {
				block = append(block, fmt.Sprintf("\tlog.Printf(\"step %d: %%v\", result%d)", k, k))
			}
			anchor := file[pos-1]
			file = append(file[:pos], append(block, file[pos:]...)...)
			owners := make([]string, len(block))
			for i := range owners {
				owners[i] = who
			}
			owner = append(owner[:pos], append(owners, owner[pos:]...)...)
			content := strings.Join(file, "\n") + "\n"
			snap.Files["big.go"] = &content
			if !human {
				addEntry(session, "big.go", anchor+"\n", anchor+"\n"+strings.Join(block, "\n")+"\n", at.Add(-30*time.Second))
			}
		default:
			path := fmt.Sprintf("pkg%d/file%d.go", k%20, k%50)
			content := fmt.Sprintf("package pkg\n\nfunc F%d() error {\n%s\n\treturn nil\n}\n", k, strings.Join(common[k%len(common)], "\n"))
			snap.Files[path] = &content
			if !human {
				addEntry(session, path, "", content, at.Add(-30*time.Second))
			}
		}
		snaps = append(snaps, snap)
	}
	g.FastImport(snaps)
	return &benchRepo{g: g, store: store, path: "big.go", lines: len(file), owner: owner}
}

// score compares answers with the owners: precision over answers that name
// a session, recall over substantive agent lines, and answers on lines a
// person wrote.
func (br *benchRepo) score(out []Attribution) (precision, recall float64, onHuman int, counts map[string]int) {
	counts = map[string]int{}
	named, right, agentLines, found := 0, 0, 0, 0
	for _, a := range out {
		counts[a.Status]++
		truth := br.owner[a.Line-1]
		if truth != "" && !IsTrivial(a.Text) {
			agentLines++
		}
		if a.Edit == nil {
			continue
		}
		named++
		if a.Edit.SessionID == truth {
			right++
			if !IsTrivial(a.Text) {
				found++
			}
		}
		if truth == "" {
			onHuman++
		}
	}
	return float64(right) / float64(max(named, 1)), float64(found) / float64(max(agentLines, 1)), onHuman, counts
}

func timeGit(b *testing.B, dir string, args ...string) time.Duration {
	b.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	startAt := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return time.Since(startAt)
}

// timeLine asks a about one line of the file b.N times and times git blame
// of the same line alongside; it returns both totals.
func (br *benchRepo) timeLine(b *testing.B, a *Attributor, repo *gitrepo.Repo, line int) (why, blame time.Duration) {
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		blame += timeGit(b, br.g.Dir, "blame", "--porcelain", "-M", "-C", "-L", fmt.Sprintf("%d,%d", line, line), br.path)
		t := time.Now()
		if _, err := a.Why(ctx, repo, Query{Path: br.path, Start: line}); err != nil {
			b.Fatal(err)
		}
		why += time.Since(t)
	}
	return why, blame
}

// BenchmarkWhy compares Why with git blame on the same file, in the same
// run: whole file, one line, and one line with a warm cache. The ratios are
// reported as metrics (x_blame: Why's time over git blame's).
func BenchmarkWhy(b *testing.B) {
	br := buildBenchRepo(b, benchParams)
	ctx := context.Background()
	repo, err := gitrepo.Open(br.g.Dir)
	if err != nil {
		b.Fatal(err)
	}
	line := br.lines / 2
	b.Run("file", func(b *testing.B) {
		a := &Attributor{Ledger: br.store, Shell: br.store}
		var why, blame time.Duration
		for i := 0; i < b.N; i++ {
			blame += timeGit(b, br.g.Dir, "blame", "--porcelain", "-M", "-C", br.path)
			t := time.Now()
			out, err := a.Why(ctx, repo, Query{Path: br.path})
			if err != nil {
				b.Fatal(err)
			}
			why += time.Since(t)
			if i == 0 {
				p, r, h, counts := br.score(out)
				b.Logf("%d lines: %v; precision %.4f recall %.4f, answers on human lines %d", len(out), counts, p, r, h)
			}
		}
		b.ReportMetric(float64(why)/float64(blame), "x_blame")
		b.ReportMetric(float64(blame.Milliseconds())/float64(b.N), "blame_ms")
	})
	b.Run("line", func(b *testing.B) {
		a := &Attributor{Ledger: br.store, Shell: br.store}
		why, blame := br.timeLine(b, a, repo, line)
		b.ReportMetric(float64(why)/float64(blame), "x_blame")
		b.ReportMetric(float64(blame.Milliseconds())/float64(b.N), "blame_ms")
	})
	b.Run("line-warm", func(b *testing.B) {
		a := &Attributor{Ledger: br.store, Shell: br.store, Cache: br.store}
		if _, err := a.Why(ctx, repo, Query{Path: br.path}); err != nil {
			b.Fatal(err)
		}
		why, blame := br.timeLine(b, a, repo, line)
		b.ReportMetric(float64(why)/float64(blame), "x_blame")
	})
}

// BenchmarkAttribute measures the engine alone on the generated file's
// whole blame (no git in the loop).
func BenchmarkAttribute(b *testing.B) {
	br := buildBenchRepo(b, benchParams)
	ctx := context.Background()
	repo, err := gitrepo.Open(br.g.Dir)
	if err != nil {
		b.Fatal(err)
	}
	lines, err := repo.Blame(ctx, br.path, gitrepo.BlameOptions{})
	if err != nil {
		b.Fatal(err)
	}
	hist, err := repo.PathHistory(ctx, "", br.path)
	if err != nil {
		b.Fatal(err)
	}
	a := &Attributor{Ledger: br.store, Shell: br.store}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := a.Attribute(ctx, FileBlame{Repo: repo.Root, Path: br.path, Lines: lines, History: hist}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPathHistory measures the followed history of the generated file.
func BenchmarkPathHistory(b *testing.B) {
	br := buildBenchRepo(b, benchParams)
	repo, err := gitrepo.Open(br.g.Dir)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := repo.PathHistory(context.Background(), "", br.path); err != nil {
			b.Fatal(err)
		}
	}
}
