package provenance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"hansard/archive"
)

// matchBlob is a file's answers: commits and edits once, lines referring
// to them by index (+1; 0 is none).
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

// matchFormat names the layout of kept answers (encodeMatches); a new
// layout is a new key, so that answers kept in another are not read.
const matchFormat = "records"

func matchKey(k MatchKey) string {
	s := k.Commit + ":" + k.ContentHash + ":" + k.Generation + ":" + k.Settings + ":" + matchFormat
	if k.Lines {
		s += ":lines"
	}
	return s
}

// encodeMatches keeps b as lines of JSON, one record each: a header
// {"c":COMMITS,"e":EDITS,"l":LINES} counting the records of each kind, then
// the commits, the edits and the answers of lines in order. So a few
// lines are found and decoded without reading the rest as JSON.
func encodeMatches(b matchBlob) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf) // one value per line
	enc.SetEscapeHTML(false)
	if err := enc.Encode(matchCounts{len(b.Commits), len(b.Edits), len(b.Lines)}); err != nil {
		return nil, err
	}
	for _, c := range b.Commits {
		if err := enc.Encode(c); err != nil {
			return nil, err
		}
	}
	for _, e := range b.Edits {
		if err := enc.Encode(e); err != nil {
			return nil, err
		}
	}
	for _, l := range b.Lines {
		if err := enc.Encode(l); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

type matchCounts struct {
	Commits int `json:"c"`
	Edits   int `json:"e"`
	Lines   int `json:"l"`
}

// matchRecords are the records of kept answers, undecoded (slices of the
// kept bytes).
type matchRecords struct {
	commits, edits, lines [][]byte
}

var errMatchLayout = errors.New("kept answers are not in the expected layout")

// splitMatches finds the records of answers kept by encodeMatches.
func splitMatches(data []byte) (matchRecords, error) {
	var r matchRecords
	head, rest, ok := bytes.Cut(data, []byte{'\n'})
	var n matchCounts
	if !ok || json.Unmarshal(head, &n) != nil || n.Commits < 0 || n.Edits < 0 || n.Lines < 0 {
		return r, errMatchLayout
	}
	records := make([][]byte, 0, n.Commits+n.Edits+n.Lines)
	for len(rest) > 0 {
		rec, after, ok := bytes.Cut(rest, []byte{'\n'})
		if !ok {
			return r, errMatchLayout
		}
		records, rest = append(records, rec), after
	}
	if len(records) != n.Commits+n.Edits+n.Lines {
		return r, errMatchLayout
	}
	r.commits = records[:n.Commits]
	r.edits = records[n.Commits : n.Commits+n.Edits]
	r.lines = records[n.Commits+n.Edits:]
	return r, nil
}

// loadMatchRecords reads the records of the answers kept under key.
func (ac *ArchiveCache) loadMatchRecords(ctx context.Context, key MatchKey) (matchRecords, bool, error) {
	data, ok, err := ac.archive.LoadCached(ctx, archive.CacheMatches, key.Repo, key.Path, matchKey(key))
	if err != nil || !ok {
		return matchRecords{}, false, err
	}
	r, err := splitMatches(data)
	if err != nil {
		return r, false, fmt.Errorf("cached answers of %s: %w", key.Path, err)
	}
	return r, true, nil
}

// LoadMatches implements Cache.
func (ac *ArchiveCache) LoadMatches(ctx context.Context, key MatchKey) ([]Attribution, bool, error) {
	return ac.LoadMatchLines(ctx, key, 0, 0)
}

// LoadMatchLines returns, like LoadMatches, the kept answers of lines
// start..end of the file (0, 0: all), decoding only theirs and what they
// refer to: a hover over one line of a file whose every answer is kept
// decodes a few hundred bytes rather than the whole file's.
func (ac *ArchiveCache) LoadMatchLines(ctx context.Context, key MatchKey, start, end int) ([]Attribution, bool, error) {
	r, ok, err := ac.loadMatchRecords(ctx, key)
	if err != nil || !ok {
		return nil, false, err
	}
	bad := func(err error) ([]Attribution, bool, error) {
		return nil, false, fmt.Errorf("cached answers of %s: %w", key.Path, err)
	}
	// Lines are kept in order: find the first at or after start.
	var searchErr error
	first := sort.Search(len(r.lines), func(i int) bool {
		var l struct {
			N int `json:"n"`
		}
		if err := json.Unmarshal(r.lines[i], &l); err != nil {
			searchErr = err
			return true
		}
		return l.N >= start
	})
	if searchErr != nil {
		return bad(searchErr)
	}
	b := matchBlob{Commits: make([]CommitInfo, len(r.commits)), Edits: make([]EditRef, len(r.edits))}
	commits, edits := map[int]bool{}, map[int]bool{}
	for _, rec := range r.lines[first:] {
		var l matchLine
		if err := decodeRecord(rec, &l); err != nil {
			return bad(err)
		}
		if end > 0 && l.Line > end {
			break
		}
		if err := decodeOnce(r.commits, b.Commits, commits, l.Commit); err != nil {
			return bad(err)
		}
		for _, e := range append(append([]int{l.Edit}, l.Candidates...), l.Chain...) {
			if err := decodeOnce(r.edits, b.Edits, edits, e); err != nil {
				return bad(err)
			}
		}
		b.Lines = append(b.Lines, l)
	}
	out, err := b.attributions(key)
	return out, err == nil, err
}

// decodeOnce decodes all[i-1] into dst[i-1] the first time i is asked for
// (seen records it); an index out of range (0 is none) is left for
// attributions to report.
func decodeOnce[T any](all [][]byte, dst []T, seen map[int]bool, i int) error {
	if i < 1 || i > len(all) || seen[i] {
		return nil
	}
	seen[i] = true
	return decodeRecord(all[i-1], &dst[i-1])
}

// attributions turns kept answers back into attributions.
func (b matchBlob) attributions(key MatchKey) ([]Attribution, error) {
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
				return nil, fmt.Errorf("cached answers of %s: bad commit index", key.Path)
			}
			c := b.Commits[l.Commit-1]
			a.Commit = &c
		}
		if l.Edit > 0 {
			r, err := ref(l.Edit)
			if err != nil {
				return nil, err
			}
			a.Edit = &r
		}
		var err error
		if a.Candidates, err = refs(l.Candidates); err != nil {
			return nil, err
		}
		if a.Chain, err = refs(l.Chain); err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// StoreMatches implements Cache; line text and commit summaries are kept
// redacted.
func (ac *ArchiveCache) StoreMatches(ctx context.Context, key MatchKey, result []Attribution) error {
	return ac.store(ctx, archive.CacheMatches, key.Repo, key.Path, matchKey(key), func() ([]byte, error) {
		return encodeMatches(ac.matchBlob(key, result))
	})
}

func (ac *ArchiveCache) matchBlob(key MatchKey, result []Attribution) matchBlob {
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
		l := matchLine{Line: a.Line, Text: ac.redacted(a.Text), Status: a.Status, Reason: a.Reason}
		if a.Path != key.Path {
			l.Path = a.Path
		}
		if a.Commit != nil {
			i, ok := commits[a.Commit.SHA]
			if !ok {
				c := *a.Commit
				c.Summary = ac.redacted(c.Summary)
				b.Commits = append(b.Commits, c)
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
