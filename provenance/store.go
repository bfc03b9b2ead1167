package provenance

import (
	"context"
	"time"

	"hansard/provenance/gitrepo"
)

// What the Attributor depends on, each an interface of its own and a field
// of the Attributor: the Ledger (required), and a Prefetcher, a ShellLog, a
// FileHistory and a Cache when available (a nil field is not available).
// ArchiveAdapters gives each over hansard's archive; MemStore is a Ledger,
// ShellLog and Cache in memory.

// Ledger is what attribution reads of the edit ledger.
type Ledger interface {
	// Candidates returns the ledger entries of repo (a main repository
	// root) that introduced at least one substantive line whose Key is in
	// keys, whatever their path, each with all of its Lines (trivial ones
	// included: they are needed as positional evidence). Only successful
	// edits are ledger entries. The order of the result does not matter,
	// and extra entries are harmless: a store may look lines up by KeyHash
	// and keep only Text and Pos of each line (NewLedgerLine rebuilds the
	// rest).
	Candidates(ctx context.Context, repo string, keys []string) ([]LedgerEntry, error)
	// Describe returns what is shown of each edit: the session's title,
	// the prompt that led to it and a link to the transcript. Edits it does
	// not know are left out of the map.
	Describe(ctx context.Context, edits []EditKey) (map[EditKey]EditDetail, error)
}

// Prefetcher starts looking lines up in a Ledger ahead of the Candidates
// and Describe calls that will ask for them, so that the lookup overlaps
// with git blame (see ArchiveLedger.Prefetch).
type Prefetcher interface {
	Prefetch(ctx context.Context, repo string, lines []string, describe bool)
}

// FileHistory gives a file's history at HEAD without running git log
// (gitlog.Log, over the stored git log).
type FileHistory interface {
	// History returns the history of the file at rel (relative to the
	// working tree root, or absolute) at HEAD exactly as
	// repo.PathHistory(ctx, "", rel) does.
	History(ctx context.Context, repo *gitrepo.Repo, rel string) ([]gitrepo.PathChange, error)
}

// EditDetail is the display side of an edit.
type EditDetail struct {
	SessionTitle string
	SessionStart time.Time // when the session started (UTC); zero if unknown
	// PromptExcerpt is an excerpt of the nearest human message at or
	// before the edit's message.
	PromptExcerpt string
	// Source is a file:// link to the transcript line of the edit's tool
	// call (the retained copy when the original is gone).
	Source string
}

// Cache keeps what is expensive to recompute. Every method may miss; a
// failing cache only costs time, so callers treat Load errors as misses.
type Cache interface {
	// LoadBlame returns the blame of a file kept under key.
	LoadBlame(ctx context.Context, key BlameKey) ([]gitrepo.BlameLine, bool, error)
	StoreBlame(ctx context.Context, key BlameKey, lines []gitrepo.BlameLine) error
	// LoadMatches returns the attributions of a file kept under key: of
	// every line, or with key.Lines of the lines asked about so far.
	LoadMatches(ctx context.Context, key MatchKey) ([]Attribution, bool, error)
	// LoadMatchLines returns, like LoadMatches, the kept answers of lines
	// start..end of the file (0, 0: all); a cache may read them without
	// decoding the others.
	LoadMatchLines(ctx context.Context, key MatchKey, start, end int) ([]Attribution, bool, error)
	StoreMatches(ctx context.Context, key MatchKey, result []Attribution) error
	// Generation changes whenever ledger entries of repo are added,
	// replaced or removed (for example the largest edit row id and the
	// LedgerVersion); match results are kept per generation.
	Generation(ctx context.Context, repo string) (string, error)
}

// BlameKey names one blame result: a file at a commit, or a working-tree
// file by its content.
type BlameKey struct {
	Repo string
	Path string // repo-relative
	// Commit is the blamed revision's commit id; for the working tree it is
	// HEAD's commit id and ContentHash is set.
	Commit      string
	ContentHash string // hex SHA-256 of the working-tree file; "" for a commit
}

// MatchKey names one file's attributions.
type MatchKey struct {
	BlameKey
	Generation string // Cache.Generation when the result was computed
	Settings   string // RulesVersion and the settings that change results (slack)
	// Lines marks the answers of the lines asked about so far, kept apart
	// from the answers of the whole file.
	Lines bool
}
