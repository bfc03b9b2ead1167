// Package storetest is the conformance suite of provenance stores: Run
// checks that a provenance.Ledger and Cache behave as attribution expects
// (candidate lookup by key and repository with every line of an entry,
// describe leaving unknown edits out, blames and answers kept whole,
// generations moving with the ledger) and that the Attributor gives the
// same answers over it as over the in-memory MemStore.
package storetest

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// Store is a store under test: its Ledger and Cache sides, and a way to
// file ledger entries in it.
type Store struct {
	Ledger provenance.Ledger
	Cache  provenance.Cache
	Add    func(t testing.TB, entries ...provenance.LedgerEntry)
}

// Run runs every check, each on a fresh store from newStore.
func Run(t *testing.T, newStore func(t testing.TB) Store) {
	t.Run("Candidates", func(t *testing.T) { testCandidates(t, newStore(t)) })
	t.Run("DescribeUnknown", func(t *testing.T) { testDescribeUnknown(t, newStore(t)) })
	t.Run("Blame", func(t *testing.T) { testBlame(t, newStore(t)) })
	t.Run("Matches", func(t *testing.T) { testMatches(t, newStore(t)) })
	t.Run("Generation", func(t *testing.T) { testGeneration(t, newStore(t)) })
	t.Run("Attribute", func(t *testing.T) { testAttribute(t, newStore(t)) })
}

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// entry builds a ledger entry whose lines are text at consecutive
// positions from pos.
func entry(repo, path, session, call string, at time.Time, pos int, text ...string) provenance.LedgerEntry {
	e := provenance.LedgerEntry{Repo: repo, Path: path, SessionID: session, Provider: "claude", MessageIndex: 3,
		ToolCallID: call, Tool: "Edit", Time: at}
	for i, l := range text {
		e.Lines = append(e.Lines, provenance.NewLedgerLine(l, pos+i))
	}
	return e
}

func testCandidates(t *testing.T, s Store) {
	ctx := context.Background()
	a := entry("/r", "a.go", "s1", "c1", t0, 4, "func loadUser(id string) {", "}", "", "\treturn nil")
	b := entry("/r", "b.go", "s2", "c2", t0.Add(time.Minute), 0, "x := computeTotal(items)")
	other := entry("/other", "a.go", "s3", "c3", t0, 0, "func loadUser(id string) {")
	trivialOnly := entry("/r", "c.go", "s4", "c4", t0, 0, "}", "return nil")
	s.Add(t, a, b, other, trivialOnly)

	got, err := s.Ledger.Candidates(ctx, "/r", []string{"func loadUser(id string) {", "}", "return nil"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("candidates = %d entries, want the one of /r with the substantive key", len(got))
	}
	e := got[0]
	if e.Key() != a.Key() || e.Repo != "/r" || e.Path != "a.go" || e.Provider != "claude" || e.MessageIndex != 3 ||
		e.Tool != "Edit" || !e.Time.Equal(a.Time) {
		t.Errorf("entry = %+v, want %+v", e, a)
	}
	if !slices.Equal(e.Lines, a.Lines) {
		t.Errorf("lines = %+v, want every line with its key, position and flag %+v", e.Lines, a.Lines)
	}
	if got, _ := s.Ledger.Candidates(ctx, "/r", nil); len(got) != 0 {
		t.Errorf("no keys: %d entries", len(got))
	}
	if got, _ := s.Ledger.Candidates(ctx, "/nowhere", []string{"func loadUser(id string) {"}); len(got) != 0 {
		t.Errorf("unknown repository: %d entries", len(got))
	}
	got, _ = s.Ledger.Candidates(ctx, "/r", []string{"x := computeTotal(items)", "func loadUser(id string) {"})
	if len(got) != 2 {
		t.Errorf("two keys of two entries: %d entries", len(got))
	}
}

func testDescribeUnknown(t *testing.T, s Store) {
	got, err := s.Ledger.Describe(context.Background(), []provenance.EditKey{{SessionID: "nope", ToolCallID: "c", Seq: 0}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("unknown edit described: %+v", got)
	}
}

func testBlame(t *testing.T, s Store) {
	ctx := context.Background()
	key := provenance.BlameKey{Repo: "/r", Path: "a.go", Commit: "c0ffee", ContentHash: "abc"}
	if _, ok, err := s.Cache.LoadBlame(ctx, key); ok || err != nil {
		t.Fatalf("empty cache: ok %v err %v", ok, err)
	}
	c1 := &gitrepo.BlameCommit{Hash: "1111", Author: "Ann", AuthorTime: t0, CommitTime: t0, Summary: "one"}
	c2 := &gitrepo.BlameCommit{Hash: gitrepo.ZeroCommit}
	lines := []gitrepo.BlameLine{
		{FinalLine: 1, OrigLine: 1, Commit: c1, OrigPath: "a.go", Text: "package a"},
		{FinalLine: 2, OrigLine: 5, Commit: c2, OrigPath: "a.go", Text: "var x = 1"},
		{FinalLine: 3, OrigLine: 2, Commit: c1, OrigPath: "old.go", Text: "func f() {}"},
	}
	if err := s.Cache.StoreBlame(ctx, key, lines); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.Cache.LoadBlame(ctx, key)
	if err != nil || !ok || len(got) != len(lines) {
		t.Fatalf("load: ok %v err %v, %d lines", ok, err, len(got))
	}
	for i := range lines {
		w, g := lines[i], got[i]
		if g.FinalLine != w.FinalLine || g.OrigLine != w.OrigLine || g.OrigPath != w.OrigPath || g.Text != w.Text ||
			g.Commit.Hash != w.Commit.Hash || g.Commit.Author != w.Commit.Author || !g.Commit.AuthorTime.Equal(w.Commit.AuthorTime) {
			t.Errorf("line %d = %+v %+v, want %+v %+v", i, g, *g.Commit, w, *w.Commit)
		}
	}
	if got[0].Commit != got[2].Commit {
		t.Errorf("lines of one commit do not share it")
	}
	other := key
	other.ContentHash = "def"
	if _, ok, _ := s.Cache.LoadBlame(ctx, other); ok {
		t.Errorf("another content hash hit the cache")
	}
}

func testMatches(t *testing.T, s Store) {
	ctx := context.Background()
	key := provenance.MatchKey{BlameKey: provenance.BlameKey{Repo: "/r", Path: "a.go", Commit: "c0ffee"}, Generation: "g1", Settings: "x"}
	if _, ok, err := s.Cache.LoadMatches(ctx, key); ok || err != nil {
		t.Fatalf("empty cache: ok %v err %v", ok, err)
	}
	ref := provenance.EditRef{SessionID: "s1", Provider: "codex", MessageIndex: 4, Tool: "apply_patch", ToolCallID: "call_1", Path: "a.go", TimeLocal: "2026-03-01T10:00:00Z"}
	ref2 := ref
	ref2.SessionID = "s2"
	commit := &provenance.CommitInfo{SHA: "1111", Author: "Ann", Time: "2026-03-01T10:05:00Z", Summary: "one"}
	want := []provenance.Attribution{
		{Path: "a.go", Line: 1, Text: "package a", Status: provenance.StatusNone, Reason: "common line", Commit: commit, Candidates: []provenance.EditRef{}, Chain: []provenance.EditRef{}},
		{Path: "a.go", Line: 2, Text: "func f() {", Status: provenance.StatusProven, Commit: commit, Edit: &ref, Candidates: []provenance.EditRef{}, Chain: []provenance.EditRef{ref2}},
		{Path: "a.go", Line: 3, Text: "x()", Status: provenance.StatusConflicting, Candidates: []provenance.EditRef{ref, ref2}, Chain: []provenance.EditRef{}},
	}
	if err := s.Cache.StoreMatches(ctx, key, want); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.Cache.LoadMatches(ctx, key)
	if err != nil || !ok {
		t.Fatalf("load: ok %v err %v", ok, err)
	}
	if g, w := jsonOf(t, got), jsonOf(t, want); g != w {
		t.Errorf("answers = %s\nwant %s", g, w)
	}
	// Some lines read alone are what the whole gives.
	for _, r := range [][2]int{{1, 1}, {2, 3}, {3, 3}, {1, 3}, {4, 4}, {2, 0}} {
		got, ok, err := s.Cache.LoadMatchLines(ctx, key, r[0], r[1])
		from, to := r[0]-1, min(r[1], len(want))
		if r[1] == 0 {
			to = len(want)
		}
		if err != nil || !ok || jsonOf(t, got) != jsonOf(t, want[min(from, to):to]) {
			t.Errorf("lines %d-%d = %s, %v, %v", r[0], r[1], jsonOf(t, got), ok, err)
		}
	}
	missing := key
	missing.Generation = "never kept"
	if _, ok, err := s.Cache.LoadMatchLines(ctx, missing, 1, 1); ok || err != nil {
		t.Errorf("lines of answers never kept: %v, %v", ok, err)
	}
	other := key
	other.Generation = "g2"
	if _, ok, _ := s.Cache.LoadMatches(ctx, other); ok {
		t.Errorf("another generation hit the cache")
	}
	// The answers of some lines are kept apart from the whole file's.
	lines := key
	lines.Lines = true
	if _, ok, _ := s.Cache.LoadMatches(ctx, lines); ok {
		t.Errorf("the answers of some lines hit the whole file's")
	}
	if err := s.Cache.StoreMatches(ctx, lines, want[1:2]); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := s.Cache.LoadMatches(ctx, lines); err != nil || !ok || jsonOf(t, got) != jsonOf(t, want[1:2]) {
		t.Errorf("answers of some lines = %s, %v, %v", jsonOf(t, got), ok, err)
	}
	if got, _, _ := s.Cache.LoadMatches(ctx, key); len(got) != len(want) {
		t.Errorf("the whole file's answers were replaced: %d lines", len(got))
	}
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func testGeneration(t *testing.T, s Store) {
	ctx := context.Background()
	g1, err := s.Cache.Generation(ctx, "/r")
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Cache.Generation(ctx, "/r"); g != g1 {
		t.Errorf("generation moved without a change: %q then %q", g1, g)
	}
	s.Add(t, entry("/r", "a.go", "s1", "c1", t0, 0, "func loadUser(id string) {"))
	g2, err := s.Cache.Generation(ctx, "/r")
	if err != nil {
		t.Fatal(err)
	}
	if g2 == g1 {
		t.Errorf("generation %q did not move when the ledger changed", g1)
	}
}

// testAttribute answers a blamed file over the store and over a MemStore
// holding the same entries: the answers must be the same.
func testAttribute(t *testing.T, s Store) {
	ctx := context.Background()
	text := []string{
		"func loadUser(ctx context.Context, id string) (*User, error) {",
		"\tu, err := db.FindUser(ctx, id)",
		"\tif err != nil {",
		"\t\treturn nil, err",
		"\t}",
		"\treturn u, nil",
		"}",
		"",
		"func helper() int { return 42 }",
	}
	entries := []provenance.LedgerEntry{
		entry("/r", "user.go", "s1", "c1", t0, 0, text[:8]...),
		entry("/r", "other.go", "s2", "c2", t0.Add(time.Minute), 10, "\tif err != nil {", "\t\treturn nil, err", "\t}"),
		entry("/r", "user.go", "s3", "c3", t0.Add(2*time.Minute), 0, "\tu, err := db.FindUser(ctx, id)"),
	}
	s.Add(t, entries...)
	mem := provenance.NewMemStore()
	mem.Add(entries...)

	commit := &gitrepo.BlameCommit{Hash: "2222222222222222222222222222222222222222", Author: "Ann",
		AuthorTime: t0.Add(10 * time.Minute), CommitTime: t0.Add(10 * time.Minute), Summary: "add loadUser"}
	human := &gitrepo.BlameCommit{Hash: "3333333333333333333333333333333333333333", Author: "Bob",
		AuthorTime: t0.Add(20 * time.Minute), CommitTime: t0.Add(20 * time.Minute), Summary: "helper"}
	var lines []gitrepo.BlameLine
	for i, l := range text {
		c := commit
		if i == len(text)-1 {
			c = human
		}
		lines = append(lines, gitrepo.BlameLine{FinalLine: i + 1, OrigLine: i + 1, Commit: c, OrigPath: "user.go", Text: l})
	}
	in := provenance.FileBlame{Repo: "/r", Path: "user.go", Lines: lines}
	loc := time.UTC
	want, err := (&provenance.Attributor{Ledger: mem, Location: loc}).Attribute(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := (&provenance.Attributor{Ledger: s.Ledger, Location: loc}).Attribute(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := jsonOf(t, got), jsonOf(t, want); g != w {
		t.Errorf("answers over the store differ from MemStore's:\n got %s\nwant %s", g, w)
	}
	if want[0].Edit == nil || want[0].Edit.SessionID != "s1" || want[len(want)-1].Status != provenance.StatusNone {
		t.Errorf("unexpected answers: first %+v last %+v", want[0], want[len(want)-1])
	}
}
