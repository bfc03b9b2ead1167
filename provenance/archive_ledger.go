package provenance

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"hansard/archive"
)

// ArchiveStore is the Store and Cache of attribution over hansard's
// archive: the ledger tables that UpdateLedger keeps, the archived
// sessions for display, and the archive's attribution cache.
type ArchiveStore struct {
	Archive *archive.Archive
	// Redact is the archive's redaction (nil when the archive stores text
	// as recorded). Ledger text is redacted; a line of the file is looked
	// up both as it is and redacted, and cached blames and answers are kept
	// redacted.
	Redact func(string) string
	// Deferred makes StoreBlame and StoreMatches return once the data is
	// encoded, writing it in the background; Wait waits for the writes.
	// A command answers meanwhile.
	Deferred bool

	writes sync.WaitGroup
	mu     sync.Mutex
	werr   error
	pre    *prefetch
}

// NewArchiveStore returns the store of archive a, whose text is redacted
// with redact (nil: none).
func NewArchiveStore(a *archive.Archive, redact func(string) string) *ArchiveStore {
	return &ArchiveStore{Archive: a, Redact: redact}
}

// Candidates implements Store with one query (or from what Prefetch
// found). A key that redaction changes is also looked up redacted; lines
// found that way are given back the key asked for, so that they match the
// file's line.
func (s *ArchiveStore) Candidates(ctx context.Context, repo string, keys []string) ([]LedgerEntry, error) {
	if out, ok := s.prefetched(repo, keys); ok {
		return out, nil
	}
	return s.candidates(ctx, repo, keys)
}

func (s *ArchiveStore) candidates(ctx context.Context, repo string, keys []string) ([]LedgerEntry, error) {
	hashes := make([]int64, 0, len(keys))
	var unredact map[string]string
	for _, k := range keys {
		hashes = append(hashes, KeyHash(k))
		if s.Redact == nil {
			continue
		}
		if r := NormalizeKey(s.Redact(k)); r != k {
			if unredact == nil {
				unredact = map[string]string{}
			}
			unredact[r] = k
			hashes = append(hashes, KeyHash(r))
		}
	}
	rows, err := s.Archive.LedgerCandidates(ctx, repo, hashes)
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

// Describe implements Store with one query (or from what Prefetch found):
// the session's title and start, an excerpt of the prompt (the nearest
// human message at or before the edit's) and the link to the transcript
// line.
func (s *ArchiveStore) Describe(ctx context.Context, edits []EditKey) (map[EditKey]EditDetail, error) {
	out, rest := s.prefetchedDetails(edits)
	if len(rest) == 0 {
		return out, nil
	}
	more, err := s.describe(ctx, rest)
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

func (s *ArchiveStore) describe(ctx context.Context, edits []EditKey) (map[EditKey]EditDetail, error) {
	keys := make([]archive.LedgerEdit, len(edits))
	for i, e := range edits {
		keys[i] = archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq}
	}
	ds, err := s.Archive.DescribeEdits(ctx, keys)
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

// Generation implements Cache: the repository's ledger generation, the
// mark of its sessions' shell commands (archive.CommandsMark) and the
// version of the ledger.
func (s *ArchiveStore) Generation(ctx context.Context, repo string) (string, error) {
	gen, version, err := s.Archive.LedgerGeneration(ctx, repo)
	if err != nil {
		return "", err
	}
	// Lines no edit explains may be answered from shell commands.
	mark, err := s.Archive.CommandsMark(ctx)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("v%d.%d-g%d-%s", LedgerVersion, version, gen, mark), nil
}

// store encodes cached data and keeps it, now or (when Deferred) in the
// background. Encoding happens before store returns either way, so that no
// goroutine reads the caller's values after it returned.
func (s *ArchiveStore) store(ctx context.Context, kind, repo, path, key string, encode func() ([]byte, error)) error {
	data, err := encode()
	if err != nil {
		return fmt.Errorf("cache %s of %s: %w", kind, path, err)
	}
	if !s.Deferred {
		return s.Archive.StoreCached(ctx, kind, repo, path, key, data)
	}
	ctx = context.WithoutCancel(ctx)
	s.writes.Add(1)
	go func() {
		defer s.writes.Done()
		if err := s.Archive.StoreCached(ctx, kind, repo, path, key, data); err != nil {
			s.mu.Lock()
			s.werr = err
			s.mu.Unlock()
		}
	}()
	return nil
}

// Wait waits for the deferred writes and returns the error of the last
// that failed.
func (s *ArchiveStore) Wait() error {
	s.writes.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.werr
}

func (s *ArchiveStore) redact(text string) string {
	if s.Redact == nil {
		return text
	}
	return s.Redact(text)
}
