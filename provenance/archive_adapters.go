package provenance

import (
	"hansard/archive"
	"hansard/provenance/gitlog"
)

// ArchiveAdapters are the Attributor's dependencies over hansard's
// archive, one adapter for each thing it serves. Each takes the archive's
// own redaction (archive.Options.Redact): ledger text, kept blames and
// kept answers are redacted as the archive's text is, and so are the
// blamed lines an Attributor from Attributor matches and shows.
type ArchiveAdapters struct {
	// Ledger reads the ledger tables UpdateLedger keeps and the archived
	// sessions for display; it also prefetches them.
	Ledger *ArchiveLedger
	// Shell reads the archived shell commands that rewrite files or make
	// commits.
	Shell *ArchiveShell
	// Trailers reads the trailers of the stored git log and the sessions
	// they name.
	Trailers *ArchiveTrailers
	// Log is the stored git log, for file histories at HEAD.
	Log *gitlog.Log
	// Cache keeps blames and answers in the archive's attribution cache.
	Cache *ArchiveCache

	redact func(string) string
}

// NewArchiveAdapters returns the adapters of archive a.
func NewArchiveAdapters(a *archive.Archive) *ArchiveAdapters {
	log := gitlog.New(a)
	return &ArchiveAdapters{
		Ledger:   NewArchiveLedger(a),
		Shell:    NewArchiveShell(a),
		Trailers: NewArchiveTrailers(a, log),
		Log:      log,
		Cache:    NewArchiveCache(a),
		redact:   a.Redaction(),
	}
}

// Attributor returns an Attributor over the adapters: its Ledger,
// Prefetch, Shell, Trailers and History, and the archive's redaction. It keeps
// nothing: set its Cache (the adapters' Cache) to keep blames and answers.
func (x *ArchiveAdapters) Attributor() *Attributor {
	return &Attributor{Ledger: x.Ledger, Prefetch: x.Ledger, Shell: x.Shell, Trailers: x.Trailers, History: x.Log, Redact: x.redact}
}
