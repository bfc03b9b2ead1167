package provenance

import (
	"context"
	"encoding/json"
	"fmt"

	"hansard/archive"
	"hansard/provenance/gitrepo"
	"hansard/redact"
)

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
func (s *ArchiveStore) load(ctx context.Context, kind string, key BlameKey, k string, v any) (bool, error) {
	data, ok, err := s.Archive.LoadCached(ctx, kind, key.Repo, key.Path, k)
	if err != nil || !ok {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("cached %s of %s: %w", kind, key.Path, err)
	}
	return true, nil
}

// LoadBlame implements Cache.
func (s *ArchiveStore) LoadBlame(ctx context.Context, key BlameKey) ([]gitrepo.BlameLine, bool, error) {
	var b blameBlob
	if ok, err := s.load(ctx, archive.CacheBlame, key, blameKey(key), &b); err != nil || !ok {
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
func (s *ArchiveStore) StoreBlame(ctx context.Context, key BlameKey, lines []gitrepo.BlameLine) error {
	for _, l := range lines {
		if l.Commit == nil {
			return fmt.Errorf("cache blame of %s: line %d has no commit", key.Path, l.FinalLine)
		}
	}
	return s.store(ctx, archive.CacheBlame, key.Repo, key.Path, blameKey(key), func() ([]byte, error) {
		var b blameBlob
		idx := map[*gitrepo.BlameCommit]int{}
		for _, l := range lines {
			i, ok := idx[l.Commit]
			if !ok {
				i = len(b.Commits)
				idx[l.Commit] = i
				c := *l.Commit
				c.Summary = s.redact(c.Summary)
				b.Commits = append(b.Commits, c)
			}
			b.Final = append(b.Final, l.FinalLine)
			b.Orig = append(b.Orig, l.OrigLine)
			b.Commit = append(b.Commit, i)
			b.Path = append(b.Path, l.OrigPath)
			b.Text = append(b.Text, l.Text)
		}
		if s.Redact != nil {
			b.Text = redact.LinesWith(b.Text, s.Redact)
		}
		return json.Marshal(b)
	})
}
