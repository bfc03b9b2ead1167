package provenance

import (
	"context"
	"strings"
	"unicode"

	"hansard/archive"
)

// ArchiveLedger is the Ledger (and Prefetcher) of attribution over
// hansard's archive: the ledger tables that UpdateLedger keeps, and the
// archived sessions for display.
type ArchiveLedger struct {
	archive *archive.Archive
	// redact is the archive's redaction (nil when the archive stores text
	// as recorded). Ledger text is redacted; a line of the file is looked
	// up both as it is and redacted.
	redact func(string) string
	pre    *prefetch
}

// NewArchiveLedger returns the ledger of archive a, redacted as a redacts.
func NewArchiveLedger(a *archive.Archive) *ArchiveLedger {
	return &ArchiveLedger{archive: a, redact: a.Redaction()}
}

// Candidates implements Ledger with one query (or from what Prefetch
// found). A key that redaction changes is also looked up redacted; lines
// found that way are given back the key asked for, so that they match the
// file's line.
func (al *ArchiveLedger) Candidates(ctx context.Context, repo string, keys []string) ([]LedgerEntry, error) {
	if out, ok := al.prefetched(repo, keys); ok {
		return out, nil
	}
	return al.candidates(ctx, repo, keys)
}

func (al *ArchiveLedger) candidates(ctx context.Context, repo string, keys []string) ([]LedgerEntry, error) {
	hashes := make([]int64, 0, len(keys))
	var unredact map[string]string
	for _, k := range keys {
		hashes = append(hashes, KeyHash(k))
		if al.redact == nil {
			continue
		}
		if r := NormalizeKey(al.redact(k)); r != k {
			if unredact == nil {
				unredact = map[string]string{}
			}
			unredact[r] = k
			hashes = append(hashes, KeyHash(r))
		}
	}
	rows, err := al.archive.LedgerCandidates(ctx, repo, hashes)
	if err != nil {
		return nil, err
	}
	out := make([]LedgerEntry, len(rows))
	// The same lines recur in many entries: normalize each text once.
	seen := map[string]LedgerLine{}
	for i, r := range rows {
		e := LedgerEntry{
			Repo:         r.RepoRoot,
			Path:         r.Path,
			SessionID:    r.SessionID,
			Provider:     r.Provider,
			MessageIndex: r.MessageIndex,
			ToolCallID:   r.CallID,
			Seq:          r.Seq,
			Tool:         r.Tool,
			Time:         r.Time,
			ReplaceAll:   r.ReplaceAll,
			Lines:        make([]LedgerLine, len(r.Lines)),
		}
		for j, l := range r.Lines {
			ll, ok := seen[l.Text]
			if !ok {
				ll = NewLedgerLine(l.Text, 0)
				seen[l.Text] = ll
			}
			ll.Pos = l.Pos
			if orig, ok := unredact[ll.Key]; ok {
				ll = NewLedgerLine(leadingSpace(ll.Text)+orig, l.Pos)
			}
			e.Lines[j] = ll
		}
		out[i] = e
	}
	return out, nil
}

func leadingSpace(s string) string {
	return s[:len(s)-len(strings.TrimLeftFunc(s, unicode.IsSpace))]
}

// Describe implements Ledger with one query (or from what Prefetch found):
// the session's title and start, an excerpt of the prompt (the nearest
// human message at or before the edit's) and the link to the transcript
// line.
func (al *ArchiveLedger) Describe(ctx context.Context, edits []EditKey) (map[EditKey]EditDetail, error) {
	out, rest := al.prefetchedDetails(edits)
	if len(rest) == 0 {
		return out, nil
	}
	more, err := al.describe(ctx, rest)
	if err != nil {
		return nil, err
	}
	if out == nil {
		return more, nil
	}
	for k, d := range more {
		out[k] = d
	}
	return out, nil
}

func (al *ArchiveLedger) describe(ctx context.Context, edits []EditKey) (map[EditKey]EditDetail, error) {
	keys := make([]archive.LedgerEdit, len(edits))
	for i, e := range edits {
		keys[i] = archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq}
	}
	ds, err := al.archive.DescribeEdits(ctx, keys)
	if err != nil {
		return nil, err
	}
	out := make(map[EditKey]EditDetail, len(ds))
	for k, d := range ds {
		out[EditKey{SessionID: k.SessionID, ToolCallID: k.CallID, Seq: k.Seq}] = EditDetail{
			SessionTitle:  d.SessionTitle,
			SessionStart:  d.SessionStart,
			PromptExcerpt: Excerpt(d.Prompt, promptExcerptRunes),
			Source:        d.Source,
		}
	}
	return out, nil
}

// promptExcerptRunes bounds the prompt shown with an answer.
const promptExcerptRunes = 300

// Excerpt returns text on one line (whitespace runs collapsed), cut to at
// most n runes with an ellipsis.
func Excerpt(text string, n int) string {
	t := strings.Join(strings.Fields(text), " ")
	if r := []rune(t); len(r) > n {
		t = strings.TrimRightFunc(string(r[:n-1]), unicode.IsSpace) + "…"
	}
	return t
}
