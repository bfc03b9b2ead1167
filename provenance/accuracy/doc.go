// Package accuracy holds the accuracy tests of hansard's attribution. The
// ground-truth test builds every scenario of fixtures/truth (a repository
// and the transcripts whose edits produced it), files the edits the
// providers parse from those transcripts in a provenance.MemStore through a
// provenance.Tracker, asks provenance.Attributor about every line and scores
// the answers against the recorded truth (set HANSARD_DUMP=<repo-relative
// path> to print every answer for one file). BenchmarkLarge does the same on
// the large generated repository and times Why against git blame. A third
// test checks the ledger's invariants on the real sample transcripts.
//
// TestGroundTruthArchive and BenchmarkLargeArchive do the same through
// hansard's archive: IndexFixture reads a fixture's transcripts into a real
// archive (with its path maps) and builds the ledger with
// provenance.UpdateLedger, and Why reads it through provenance.ArchiveAdapters.
// HoldTargets holds what the scenarios reach on a score (no mistake), for
// these tests and the command's own ground-truth test; HoldLarge holds the
// large history's figures. The real-data test is in provenance/devset.
package accuracy
