// Package accuracy holds the ground-truth test of hansard's attribution:
// its test builds every scenario of fixtures/truth (a repository and the
// transcripts whose edits produced it), files the edits the providers parse
// from those transcripts in a provenance.MemStore, asks provenance.Attributor
// about every line and scores the answers against the recorded truth. Set
// HANSARD_DUMP=<repo-relative path> to print every answer for one file.
package accuracy
