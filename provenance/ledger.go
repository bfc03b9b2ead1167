package provenance

import (
	"hash/fnv"
	"time"

	"hansard/transcripts"
)

// LedgerVersion changes whenever the way ledger lines are computed
// (Introduced, NormalizeKey, IsTrivial) changes; a store keeps the version
// its ledger was built with and rebuilds when it differs.
const LedgerVersion = 2

// LedgerEntry is one successful edit as evidence: the lines it introduced
// into one file of one repository.
type LedgerEntry struct {
	Repo         string // main repository root on this machine
	Path         string // repo-relative, slash-separated: where the lines landed
	SessionID    string
	Provider     string
	MessageIndex int
	ToolCallID   string
	Seq          int
	Tool         string
	Time         time.Time // UTC
	// ReplaceAll is set for an edit applied at every occurrence of its old
	// text: its lines may appear several times in the file.
	ReplaceAll bool
	Lines      []LedgerLine
}

// Key identifies the edit an entry came from.
func (e LedgerEntry) Key() EditKey {
	return EditKey{SessionID: e.SessionID, ToolCallID: e.ToolCallID, Seq: e.Seq}
}

// EditKey identifies one edit of a tool call.
type EditKey struct {
	SessionID  string
	ToolCallID string
	Seq        int
}

// NewEntry turns an edit into a ledger entry filed under repo and path
// (repo-relative; for a move, the path moved to). previous is the file's
// content before the edit when the caller knows it (from git or from
// earlier edits) and the edit does not carry it; nil otherwise. It returns
// false for an edit that is not evidence (failed or still pending).
func NewEntry(e transcripts.Edit, provider, repo, path string, previous *string) (LedgerEntry, bool) {
	if !e.Succeeded() {
		return LedgerEntry{}, false
	}
	return LedgerEntry{
		Repo:         repo,
		Path:         path,
		SessionID:    e.SessionID,
		Provider:     provider,
		MessageIndex: e.MessageIndex,
		ToolCallID:   e.ToolCallID,
		Seq:          e.Seq,
		Tool:         e.Tool,
		Time:         e.Timestamp.UTC(),
		ReplaceAll:   e.ReplaceAll,
		Lines:        Introduced(e, previous),
	}, true
}

// Keys returns the distinct keys of the entry's substantive lines.
func (e LedgerEntry) Keys() []string {
	seen := make(map[string]bool, len(e.Lines))
	var out []string
	for _, l := range e.Lines {
		if !l.Trivial && !seen[l.Key] {
			seen[l.Key] = true
			out = append(out, l.Key)
		}
	}
	return out
}

// KeyHash is a stable 64-bit hash of a line key (FNV-1a), for a store to
// index ledger lines by. Equal keys have equal hashes; a collision only
// brings an extra candidate, which attribution then checks by key.
func KeyHash(key string) int64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int64(h.Sum64())
}

// NewLedgerLine rebuilds a ledger line from its text and position, for a
// store that keeps only those two.
func NewLedgerLine(text string, pos int) LedgerLine { return newLine(text, pos) }
