package provenance

import (
	"context"
	"encoding/json"
	"fmt"

	"hansard/archive"
	"hansard/provenance/gitrepo"
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

func blameKey(k BlameKey) string { return k.Commit + ":" + k.ContentHash }

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

// StoreBlame implements Cache; the lines' text is kept redacted.
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
				b.Commits = append(b.Commits, *l.Commit)
			}
			b.Final = append(b.Final, l.FinalLine)
			b.Orig = append(b.Orig, l.OrigLine)
			b.Commit = append(b.Commit, i)
			b.Path = append(b.Path, l.OrigPath)
			b.Text = append(b.Text, s.redact(l.Text))
		}
		return json.Marshal(b)
	})
}

// matchBlob is a file's answers as cached: commits and edits once, lines
// referring to them by index (+1; 0 is none).
type matchBlob struct {
	Commits []CommitInfo `json:"c"`
	Edits   []EditRef    `json:"e"`
	Lines   []matchLine  `json:"l"`
}

type matchLine struct {
	Path       string `json:"p,omitempty"`
	Line       int    `json:"n"`
	Text       string `json:"t"`
	Status     string `json:"s"`
	Reason     string `json:"r,omitempty"`
	Commit     int    `json:"c,omitempty"`
	Edit       int    `json:"e,omitempty"`
	Candidates []int  `json:"k,omitempty"`
	Chain      []int  `json:"h,omitempty"`
}

func matchKey(k MatchKey) string {
	s := k.Commit + ":" + k.ContentHash + ":" + k.Generation + ":" + k.Settings
	if k.Lines {
		s += ":lines"
	}
	return s
}

// LoadMatches implements Cache.
func (s *ArchiveStore) LoadMatches(ctx context.Context, key MatchKey) ([]Attribution, bool, error) {
	var b matchBlob
	ok, err := s.load(ctx, archive.CacheMatches, key.BlameKey, matchKey(key), &b)
	if err != nil || !ok {
		return nil, false, err
	}
	ref := func(i int) (EditRef, error) {
		if i < 1 || i > len(b.Edits) {
			return EditRef{}, fmt.Errorf("cached answers of %s: bad edit index", key.Path)
		}
		return b.Edits[i-1], nil
	}
	refs := func(is []int) ([]EditRef, error) {
		out := make([]EditRef, 0, len(is))
		for _, i := range is {
			r, err := ref(i)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	out := make([]Attribution, len(b.Lines))
	for i, l := range b.Lines {
		a := Attribution{Path: key.Path, Line: l.Line, Text: l.Text, Status: l.Status, Reason: l.Reason}
		if l.Path != "" {
			a.Path = l.Path
		}
		if l.Commit > 0 {
			if l.Commit > len(b.Commits) {
				return nil, false, fmt.Errorf("cached answers of %s: bad commit index", key.Path)
			}
			c := b.Commits[l.Commit-1]
			a.Commit = &c
		}
		if l.Edit > 0 {
			r, err := ref(l.Edit)
			if err != nil {
				return nil, false, err
			}
			a.Edit = &r
		}
		if a.Candidates, err = refs(l.Candidates); err != nil {
			return nil, false, err
		}
		if a.Chain, err = refs(l.Chain); err != nil {
			return nil, false, err
		}
		out[i] = a
	}
	return out, true, nil
}

// StoreMatches implements Cache; line text is kept redacted.
func (s *ArchiveStore) StoreMatches(ctx context.Context, key MatchKey, result []Attribution) error {
	return s.store(ctx, archive.CacheMatches, key.Repo, key.Path, matchKey(key), func() ([]byte, error) {
		return json.Marshal(s.matchBlob(key, result))
	})
}

func (s *ArchiveStore) matchBlob(key MatchKey, result []Attribution) matchBlob {
	var b matchBlob
	commits := map[string]int{}
	edits := map[EditRef]int{}
	ref := func(r EditRef) int {
		i, ok := edits[r]
		if !ok {
			b.Edits = append(b.Edits, r)
			i = len(b.Edits)
			edits[r] = i
		}
		return i
	}
	for _, a := range result {
		l := matchLine{Line: a.Line, Text: s.redact(a.Text), Status: a.Status, Reason: a.Reason}
		if a.Path != key.Path {
			l.Path = a.Path
		}
		if a.Commit != nil {
			i, ok := commits[a.Commit.SHA]
			if !ok {
				b.Commits = append(b.Commits, *a.Commit)
				i = len(b.Commits)
				commits[a.Commit.SHA] = i
			}
			l.Commit = i
		}
		if a.Edit != nil {
			l.Edit = ref(*a.Edit)
		}
		for _, c := range a.Candidates {
			l.Candidates = append(l.Candidates, ref(c))
		}
		for _, c := range a.Chain {
			l.Chain = append(l.Chain, ref(c))
		}
		b.Lines = append(b.Lines, l)
	}
	return b
}
