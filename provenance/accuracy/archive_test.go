package accuracy

import (
	"context"
	"testing"

	"hansard/fixtures/truth"
	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// TestGroundTruthArchive is TestGroundTruth over the archive: the
// fixture's transcripts are indexed into a real archive (path maps
// included), the ledger is built by UpdateLedger, and Why reads it through
// the archive's adapters. The same targets hold: no mistake.
func TestGroundTruthArchive(t *testing.T) {
	t.Parallel()
	res := buildTruth(t)
	a, err := IndexFixture(context.Background(), res, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	HoldTargets(t, truth.Score(res.Truth, answerAll(t, res, provenance.NewArchiveAdapters(a).Attributor())))
}

// BenchmarkLargeArchive builds the large repository, indexes it into an
// archive (timing the ledger's first build), scores the big file's answers
// read through the archive's adapters (held by HoldLarge) and times a whole-file Why over the archive
// without its cache, and one line asked again. scripts/bench-why.sh times
// the command.
func BenchmarkLargeArchive(b *testing.B) {
	ctx := context.Background()
	res, err := truth.Large(ctx, b.TempDir(), truth.Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	a, err := IndexFixture(ctx, res, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	repo, err := gitrepo.Open(res.Repo)
	if err != nil {
		b.Fatal(err)
	}
	adapters := provenance.NewArchiveAdapters(a)
	out, err := adapters.Attributor().Why(ctx, repo, provenance.Query{Path: truth.BigFile})
	if err != nil {
		b.Fatal(err)
	}
	rep := truth.Score(&truth.Truth{Files: []truth.FileTruth{*res.Truth.File(truth.BigFile)}}, answersOf(out))
	b.Logf("%d lines of %s through the archive: precision %.4f recall %.4f, human lines attributed %d/%d",
		len(out), truth.BigFile, rep.Overall.Precision(), rep.Overall.Recall(), rep.Overall.HumanFalse, rep.Overall.HumanLines)
	HoldLarge(b, rep)
	b.Run("file-cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := adapters.Attributor().Why(ctx, repo, provenance.Query{Path: truth.BigFile}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("line-warm", func(b *testing.B) {
		at := adapters.Attributor()
		at.Cache = adapters.Cache
		q := provenance.Query{Path: truth.BigFile, Start: len(out) / 2}
		if _, err := at.Why(ctx, repo, q); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := at.Why(ctx, repo, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}
