package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// ledgerEnv archives one session of the line provider that edits main.go
// in a repository, and returns the archive and the repository root.
func ledgerEnv(t *testing.T) (*testEnv, *Archive, string) {
	t.Helper()
	e := newTestEnv(t)
	repo := filepath.Join(t.TempDir(), "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	a := e.open(Options{Resolver: &dotGitResolver{}})
	e.write("s1.jsonl", sessionLines("s1", repo)...)
	e.refresh(a, RefreshOptions{})
	return e, a, repo
}

func TestLedgerLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, a, repo := ledgerEnv(t)

	st, err := a.LedgerState(ctx)
	if err != nil || st.Version != 0 || !st.Dirty {
		t.Fatalf("new archive: state %+v, %v; want version 0 and files to replay", st, err)
	}
	paths, mark, err := a.DirtyLedgerPaths(ctx)
	if err != nil || len(paths) != 1 || paths[0] != (LedgerPath{RepoRoot: repo, Path: "main.go"}) || mark == 0 {
		t.Fatalf("dirty files %+v mark %d: %v", paths, mark, err)
	}
	gen0, _, _ := a.LedgerGeneration(ctx, repo)

	entry := LedgerRow{
		LedgerEdit: LedgerEdit{SessionID: "s1", CallID: "c1"}, RepoRoot: repo, Path: "main.go", Provider: "lines",
		MessageIndex: 1, Tool: "Edit", Time: time.Date(2026, 1, 2, 3, 4, 6, 0, time.UTC),
		Lines: []LedgerLineRow{{Pos: 0, Text: "a := 2", KeyHash: 42}, {Pos: 1, Text: "}", KeyHash: 7, Trivial: true}},
	}
	if err := a.StoreCached(ctx, CacheMatches, repo, "main.go", "k", []byte("answers")); err != nil {
		t.Fatal(err)
	}
	if err := a.StoreCached(ctx, CacheBlame, repo, "main.go", "k", []byte("blame")); err != nil {
		t.Fatal(err)
	}
	err = a.ReplaceLedger(ctx, LedgerUpdate{Paths: paths, Mark: mark, Edits: []LedgerEdit{entry.LedgerEdit}, Entries: []LedgerRow{entry}, Version: 3})
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := a.LedgerState(ctx); st.Dirty {
		t.Errorf("still dirty after the replay")
	}
	if gen, _, _ := a.LedgerGeneration(ctx, repo); gen == gen0 {
		t.Errorf("generation did not move")
	}
	if _, ok, _ := a.LoadCached(ctx, CacheMatches, repo, "main.go", "k"); ok {
		t.Errorf("cached answers survived a ledger change")
	}
	if b, ok, _ := a.LoadCached(ctx, CacheBlame, repo, "main.go", "k"); !ok || string(b) != "blame" {
		t.Errorf("cached blame lost: %q %v", b, ok)
	}

	got, err := a.LedgerCandidates(ctx, repo, []int64{42, 99})
	if err != nil || len(got) != 1 {
		t.Fatalf("candidates %+v: %v", got, err)
	}
	if g := got[0]; g.LedgerEdit != entry.LedgerEdit || g.Path != "main.go" || len(g.Lines) != 2 || !g.Time.Equal(entry.Time) || g.Lines[1] != entry.Lines[1] {
		t.Errorf("candidate %+v, want %+v", g, entry)
	}
	if got, _ := a.LedgerCandidates(ctx, repo, []int64{7}); len(got) != 0 {
		t.Errorf("a trivial line was looked up: %+v", got)
	}
	if got, _ := a.LedgerCandidates(ctx, "/elsewhere", []int64{42}); len(got) != 0 {
		t.Errorf("another repository's entry: %+v", got)
	}

	ds, err := a.DescribeEdits(ctx, []LedgerEdit{entry.LedgerEdit, {SessionID: "nope", CallID: "c1"}})
	if err != nil || len(ds) != 1 {
		t.Fatalf("describe %+v: %v", ds, err)
	}
	d := ds[entry.LedgerEdit]
	if !strings.Contains(d.Prompt, "please fix parse_config") || !strings.HasPrefix(d.Source, "file://") ||
		!strings.Contains(d.Source, "s1.jsonl#L") || d.SessionStart.IsZero() {
		t.Errorf("description %+v", d)
	}

	// Deleting a session (cascading to its edits) marks its files again.
	if _, err := a.db.Exec(`DELETE FROM sessions WHERE id = 's1'`); err != nil {
		t.Fatal(err)
	}
	if paths, _, _ := a.DirtyLedgerPaths(ctx); len(paths) != 1 || paths[0].Path != "main.go" {
		t.Errorf("after delete: dirty %+v", paths)
	}

	if err := a.ResetLedger(ctx, 5); err != nil {
		t.Fatal(err)
	}
	if st, _ := a.LedgerState(ctx); st.Version != 5 {
		t.Errorf("version after reset = %d", st.Version)
	}
	if got, _ := a.LedgerCandidates(ctx, repo, []int64{42}); len(got) != 0 {
		t.Errorf("entries survived a reset: %+v", got)
	}
}

func TestLedgerReplayKeepsLaterMarks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e, a, repo := ledgerEnv(t)
	paths, mark, _ := a.DirtyLedgerPaths(ctx)
	// An edit archived after the paths were read must stay to be replayed.
	e.write("s2.jsonl", sessionLines("s2", repo)...)
	e.refresh(a, RefreshOptions{})
	if err := a.ReplaceLedger(ctx, LedgerUpdate{Paths: paths, Mark: mark, Version: 1}); err != nil {
		t.Fatal(err)
	}
	if st, _ := a.LedgerState(ctx); !st.Dirty {
		t.Errorf("a change after the mark was lost")
	}
}

func TestStoreCachedKeepsAFew(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, a, repo := ledgerEnv(t)
	for i := range maxCachedPerFile + 3 {
		if err := a.StoreCached(ctx, CacheBlame, repo, "main.go", string(rune('a'+i)), []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(t, a.db, `SELECT count(*) FROM attribution_cache`); n != maxCachedPerFile {
		t.Errorf("%d results kept, want %d", n, maxCachedPerFile)
	}
	last := string(rune('a' + maxCachedPerFile + 2))
	if _, ok, _ := a.LoadCached(ctx, CacheBlame, repo, "main.go", last); !ok {
		t.Errorf("the newest result was dropped")
	}
}

// TestDescribeLinksTheCall: an edit's source link names the line of its
// tool call, not the first line of the message that issued it.
func TestDescribeLinksTheCall(t *testing.T) {
	t.Parallel()
	e, a, _ := ledgerEnv(t)
	k := LedgerEdit{SessionID: "s1", CallID: "c1"}
	ds, err := a.DescribeEdits(context.Background(), []LedgerEdit{k})
	if err != nil {
		t.Fatal(err)
	}
	if want := "file://" + filepath.Join(e.root, "s1.jsonl") + "#L4"; ds[k].Source != want {
		t.Errorf("source %q, want %q (the call's line; its message is on line 3)", ds[k].Source, want)
	}
}
