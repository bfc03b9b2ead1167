package provenance_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/archive"
	"hansard/provenance"
	"hansard/provenance/gitrepo"
	"hansard/provenance/storetest"
)

func openArchive(t testing.TB, opts archive.Options) *archive.Archive {
	t.Helper()
	if opts.Dir == "" {
		opts.Dir = filepath.Join(t.TempDir(), "archive")
	}
	a, err := archive.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func TestArchiveAdaptersConformance(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t testing.TB) storetest.Store {
		s := provenance.NewArchiveAdapters(openArchive(t, archive.Options{}))
		return storetest.Store{Ledger: s.Ledger, Cache: s.Cache, Add: func(t testing.TB, es ...provenance.LedgerEntry) {
			if err := s.Ledger.Add(context.Background(), es...); err != nil {
				t.Fatal(err)
			}
		}}
	})
}

// TestArchiveAdaptersRedaction checks that a line holding a secret is found
// although the archive keeps it redacted, and that cached blames and
// answers keep it redacted.
func TestArchiveAdaptersRedaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	red := func(s string) string { return strings.ReplaceAll(s, "sk-live-0123456789", "[redacted:key]") }
	s := provenance.NewArchiveAdapters(openArchive(t, archive.Options{Redact: red}))
	raw := `	apiKey := "sk-live-0123456789"`
	e := provenance.LedgerEntry{Repo: "/r", Path: "k.go", SessionID: "s1", ToolCallID: "c1", Time: time.Now().UTC(),
		Lines: []provenance.LedgerLine{provenance.NewLedgerLine(red(raw), 0)}}
	if err := s.Ledger.Add(ctx, e); err != nil {
		t.Fatal(err)
	}
	got, err := s.Ledger.Candidates(ctx, "/r", []string{provenance.NormalizeKey(raw)})
	if err != nil || len(got) != 1 {
		t.Fatalf("candidates %+v: %v", got, err)
	}
	if l := got[0].Lines[0]; l.Key != provenance.NormalizeKey(raw) || l.Text != raw {
		t.Errorf("line %+v does not match the file's line %q", l, raw)
	}

	bk := provenance.BlameKey{Repo: "/r", Path: "k.go", Commit: "c"}
	c := &gitrepo.BlameCommit{Hash: "1111"}
	if err := s.Cache.StoreBlame(ctx, bk, []gitrepo.BlameLine{{FinalLine: 1, Commit: c, Text: raw}}); err != nil {
		t.Fatal(err)
	}
	if b, _, _ := s.Cache.LoadBlame(ctx, bk); len(b) != 1 || strings.Contains(b[0].Text, "sk-live") {
		t.Errorf("cached blame %+v keeps the secret", b)
	}
	mk := provenance.MatchKey{BlameKey: bk, Generation: "g"}
	if err := s.Cache.StoreMatches(ctx, mk, []provenance.Attribution{{Path: "k.go", Line: 1, Text: raw, Status: provenance.StatusNone}}); err != nil {
		t.Fatal(err)
	}
	if m, _, _ := s.Cache.LoadMatches(ctx, mk); len(m) != 1 || strings.Contains(m[0].Text, "sk-live") {
		t.Errorf("cached answers %+v keep the secret", m)
	}
}

// TestArchiveCacheDeferredOwnsNothing: a deferred cache has read what it
// keeps by the time it returns, so the caller may change the blame lines
// and answers it handed over (a long-lived process reuses them) and the
// cache still holds what was stored.
func TestArchiveCacheDeferredOwnsNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := provenance.NewArchiveCache(openArchive(t, archive.Options{}))
	s.Deferred = true
	bk := provenance.BlameKey{Repo: "/r", Path: "k.go", Commit: "c"}
	lines := []gitrepo.BlameLine{{FinalLine: 1, Commit: &gitrepo.BlameCommit{Hash: "1111"}, Text: "kept"}}
	if err := s.StoreBlame(ctx, bk, lines); err != nil {
		t.Fatal(err)
	}
	lines[0].Text, lines[0].Commit.Hash = "changed", "2222"
	mk := provenance.MatchKey{BlameKey: bk, Generation: "g"}
	answers := []provenance.Attribution{{Path: "k.go", Line: 1, Text: "kept", Status: provenance.StatusNone}}
	if err := s.StoreMatches(ctx, mk, answers); err != nil {
		t.Fatal(err)
	}
	answers[0].Text, answers[0].Status = "changed", provenance.StatusProven
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	if b, _, _ := s.LoadBlame(ctx, bk); len(b) != 1 || b[0].Text != "kept" || b[0].Commit.Hash != "1111" {
		t.Errorf("cached blame %+v: changed after StoreBlame returned", b)
	}
	if m, _, _ := s.LoadMatches(ctx, mk); len(m) != 1 || m[0].Text != "kept" || m[0].Status != provenance.StatusNone {
		t.Errorf("cached answers %+v: changed after StoreMatches returned", m)
	}
}
