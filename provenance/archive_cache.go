package provenance

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"hansard/archive"
	"hansard/provenance/gitrepo"
	"hansard/redact"
)

// ArchiveCache is the Cache of attribution over the archive's attribution
// cache: blames and answers of files, kept per ledger generation. Cached
// blames and answers are kept redacted as the archive redacts.
type ArchiveCache struct {
	archive *archive.Archive
	// redact is the archive's redaction (nil: none).
	redact func(string) string
	// Deferred makes StoreBlame and StoreMatches return once the data is
	// encoded, writing it in the background; Wait waits for the writes.
	// A command answers meanwhile.
	Deferred bool

	writes sync.WaitGroup
	mu     sync.Mutex
	werr   error
}

// NewArchiveCache returns the attribution cache of archive a.
func NewArchiveCache(a *archive.Archive) *ArchiveCache {
	return &ArchiveCache{archive: a, redact: a.Redaction()}
}

// Generation implements Cache: the repository's ledger generation, the
// mark of its sessions' shell commands (archive.CommandsMark) and the
// version of the ledger.
func (ac *ArchiveCache) Generation(ctx context.Context, repo string) (string, error) {
	gen, version, err := ac.archive.LedgerGeneration(ctx, repo)
	if err != nil {
		return "", err
	}
	// Lines no edit explains may be answered from shell commands.
	mark, err := ac.archive.CommandsMark(ctx)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("v%d.%d-g%d-%s", LedgerVersion, version, gen, mark), nil
}

// store encodes cached data and keeps it, now or (when Deferred) in the
// background. Encoding happens before store returns either way, so that no
// goroutine reads the caller's values after it returned.
func (ac *ArchiveCache) store(ctx context.Context, kind, repo, path, key string, encode func() ([]byte, error)) error {
	data, err := encode()
	if err != nil {
		return fmt.Errorf("cache %s of %s: %w", kind, path, err)
	}
	if !ac.Deferred {
		return ac.archive.StoreCached(ctx, kind, repo, path, key, data)
	}
	ctx = context.WithoutCancel(ctx)
	ac.writes.Add(1)
	go func() {
		defer ac.writes.Done()
		if err := ac.archive.StoreCached(ctx, kind, repo, path, key, data); err != nil {
			ac.mu.Lock()
			ac.werr = err
			ac.mu.Unlock()
		}
	}()
	return nil
}

// Wait waits for the deferred writes and returns the error of the last
// that failed.
func (ac *ArchiveCache) Wait() error {
	ac.writes.Wait()
	ac.mu.Lock()
	defer ac.mu.Unlock()
	return ac.werr
}

// redacted returns text redacted as the archive redacts.
func (ac *ArchiveCache) redacted(text string) string {
	if ac.redact == nil {
		return text
	}
	return ac.redact(text)
}

// blameBlob is a blame as cached: commits once, lines as parallel columns.
type blameBlob struct {
	Commits []gitrepo.BlameCommit `json:"c"`
	Final   []int                 `json:"f"`
	Orig    []int                 `json:"o"`
	Commit  []int                 `json:"i"`
	Path    []string              `json:"p"`
	Text    []string              `json:"t"`
}

// blameKey names a kept blame; "plain:" sets the blame without move and
// copy detection apart from the blames kept before.
func blameKey(k BlameKey) string { return "plain:" + k.Commit + ":" + k.ContentHash }

// load decodes the data kept under (kind, the file of key, k) into v.
func (ac *ArchiveCache) load(ctx context.Context, kind string, key BlameKey, k string, v any) (bool, error) {
	data, ok, err := ac.archive.LoadCached(ctx, kind, key.Repo, key.Path, k)
	if err != nil || !ok {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("cached %s of %s: %w", kind, key.Path, err)
	}
	return true, nil
}

// LoadBlame implements Cache.
func (ac *ArchiveCache) LoadBlame(ctx context.Context, key BlameKey) ([]gitrepo.BlameLine, bool, error) {
	var b blameBlob
	if ok, err := ac.load(ctx, archive.CacheBlame, key, blameKey(key), &b); err != nil || !ok {
		return nil, false, err
	}
	n := len(b.Final)
	if len(b.Orig) != n || len(b.Commit) != n || len(b.Path) != n || len(b.Text) != n {
		return nil, false, fmt.Errorf("cached blame of %s: columns differ in length", key.Path)
	}
	commits := make([]*gitrepo.BlameCommit, len(b.Commits))
	for i := range b.Commits {
		commits[i] = &b.Commits[i]
	}
	out := make([]gitrepo.BlameLine, n)
	for i := range out {
		ci := b.Commit[i]
		if ci < 0 || ci >= len(commits) {
			return nil, false, fmt.Errorf("cached blame of %s: bad commit index", key.Path)
		}
		out[i] = gitrepo.BlameLine{FinalLine: b.Final[i], OrigLine: b.Orig[i], Commit: commits[ci], OrigPath: b.Path[i], Text: b.Text[i]}
	}
	return out, true, nil
}

// StoreBlame implements Cache; the lines' text is kept redacted (as one
// text, so that the lines of a private key are each redacted), and so are
// the commits' summaries.
func (ac *ArchiveCache) StoreBlame(ctx context.Context, key BlameKey, lines []gitrepo.BlameLine) error {
	for _, l := range lines {
		if l.Commit == nil {
			return fmt.Errorf("cache blame of %s: line %d has no commit", key.Path, l.FinalLine)
		}
	}
	return ac.store(ctx, archive.CacheBlame, key.Repo, key.Path, blameKey(key), func() ([]byte, error) {
		var b blameBlob
		idx := map[*gitrepo.BlameCommit]int{}
		for _, l := range lines {
			i, ok := idx[l.Commit]
			if !ok {
				i = len(b.Commits)
				idx[l.Commit] = i
				c := *l.Commit
				c.Summary = ac.redacted(c.Summary)
				b.Commits = append(b.Commits, c)
			}
			b.Final = append(b.Final, l.FinalLine)
			b.Orig = append(b.Orig, l.OrigLine)
			b.Commit = append(b.Commit, i)
			b.Path = append(b.Path, l.OrigPath)
			b.Text = append(b.Text, l.Text)
		}
		if ac.redact != nil {
			b.Text = redact.LinesWith(b.Text, ac.redact)
		}
		return json.Marshal(b)
	})
}
