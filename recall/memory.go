package recall

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"hansard/archive"
)

// MemorySearchRequest is a search of the current memories
// (search_memories; hansard memory search).
type MemorySearchRequest struct {
	Query string `json:"query"`
	// Repo ranks that repository's memories with the global and unkeyed
	// ones (a folder in it will do); other repositories' are left out.
	Repo string `json:"repo,omitempty"`
	// Provider keeps one agent's memories: claude, codex, gemini, cursor,
	// copilot.
	Provider string `json:"provider,omitempty"`
	// Source keeps the memory files at that path, or whose path ends with
	// it ("CLAUDE.md", ".cursor/rules/go.mdc").
	Source string `json:"source,omitempty"`
}

// MemoryHit is one section of a memory that matched. MatchedText is the
// matched lines in full; the MCP tool leaves it out (the excerpt carries
// them), the CLI's --json keeps it.
type MemoryHit struct {
	MemoryRef
	Heading     string  `json:"heading,omitempty"`
	LineStart   int     `json:"lineStart,omitempty"`
	LineEnd     int     `json:"lineEnd,omitempty"`
	Excerpt     string  `json:"excerpt"`
	MatchedText string  `json:"matched_text,omitempty"`
	Score       float64 `json:"score"`
}

// MemoryRef names a memory file and says what it is.
type MemoryRef struct {
	MemoryID string `json:"memory_id"`
	Kind     string `json:"kind"`
	Provider string `json:"provider"`
	Source   string `json:"source"` // the file's path
	Scope    string `json:"scope"`
	Repo     string `json:"repo,omitempty"`
	Title    string `json:"title,omitempty"`
}

// MemorySearchResponse lists the hits, best first.
type MemorySearchResponse struct {
	Hits   []MemoryHit `json:"hits"`
	Notice string      `json:"notice"`
}

// MemoryRequest reads a window of one memory (get_memory; hansard memory
// show). Offset, when set, takes precedence over Line.
type MemoryRequest struct {
	MemoryID string `json:"memory_id"`
	Line     *int   `json:"line,omitempty"`
	Offset   *int   `json:"offset,omitempty"`
	MaxChars int    `json:"max_chars,omitempty"`
}

// MemoryResponse is a window of a memory's current text: from the start
// of line ContentLineStart (or Offset) to the end of ContentLineEnd.
type MemoryResponse struct {
	MemoryRef
	Version          int    `json:"version"`
	Versions         int    `json:"versions"`
	Gone             bool   `json:"gone,omitempty"`
	Content          string `json:"content"`
	ContentLineStart int    `json:"contentLineStart"`
	ContentLineEnd   int    `json:"contentLineEnd"`
	ContentChars     int    `json:"contentChars"`
	Offset           int    `json:"offset"`
	Truncated        bool   `json:"truncated"`
	NextOffset       *int   `json:"nextOffset,omitempty"`
	Notice           string `json:"notice"`
}

// Limits of the memory tools.
const (
	memoryHits            = 10
	DefaultMemoryMaxChars = 4000
	maxMemoryChars        = 40000
	memoryExcerptChars    = 300
)

var memoryProviders = []string{"claude", "codex", "gemini", "cursor", "copilot"}

// RefreshMemories archives the memory files the agents read now (the
// global ones and those of the folders archived sessions worked in).
func (h *Host) RefreshMemories(ctx context.Context) (archive.MemoryRefreshResult, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return archive.MemoryRefreshResult{}, err
	}
	folders, err := a.SessionFolders(ctx)
	if err != nil {
		return archive.MemoryRefreshResult{}, internal("find memory files", err)
	}
	res, err := a.RefreshMemories(ctx, findMemories(h.opts.Getenv, folders), h.opts.Warn)
	if err != nil {
		return res, internal("archive memory files", err)
	}
	return res, nil
}

// memories returns the archive with the transcripts and then the memory
// files brought up to date (unless NoRefresh).
func (h *Host) memories(ctx context.Context) (*archive.Archive, error) {
	a, err := h.Fresh(ctx) // new sessions may name new folders
	if err != nil || h.opts.NoRefresh {
		return a, err
	}
	_, err = h.RefreshMemories(ctx)
	return a, err
}

// SearchMemories searches the current memories. A relative Repo is taken
// from scope.Dir.
func (h *Host) SearchMemories(ctx context.Context, req MemorySearchRequest, scope Scope) (MemorySearchResponse, error) {
	words := memoryWords(req.Query)
	if len(words) == 0 {
		return MemorySearchResponse{}, invalidArg("query", "query must hold a word")
	}
	if req.Provider != "" && !slices.Contains(memoryProviders, req.Provider) {
		return MemorySearchResponse{}, invalidArgf("provider", "provider must be one of %s", strings.Join(memoryProviders, ", "))
	}
	repo := req.Repo
	if repo != "" && !filepath.IsAbs(repo) {
		repo = filepath.Join(scope.Dir, repo)
	}
	if repo != "" {
		repo = filepath.Clean(repo)
	}
	a, err := h.memories(ctx)
	if err != nil {
		return MemorySearchResponse{}, err
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = `"` + w + `"`
	}
	hits, err := a.SearchMemories(ctx, archive.MemoryQuery{Match: strings.Join(quoted, " OR "), Repo: repo,
		Provider: req.Provider, Source: req.Source, Limit: memoryHits})
	if err != nil {
		return MemorySearchResponse{}, internal("search memories", err)
	}
	resp := MemorySearchResponse{Hits: []MemoryHit{}, Notice: EvidenceNotice}
	for _, x := range hits {
		start, end, excerpt, matched := memoryExcerpt(x.Text, x.LineStart, words)
		resp.Hits = append(resp.Hits, MemoryHit{
			MemoryRef: memoryRef(memoryID(x.ID), x.Memory),
			Heading:   x.Heading, LineStart: start, LineEnd: end, Excerpt: excerpt, MatchedText: matched,
			Score: -x.Rank,
		})
		if resp.Hits[len(resp.Hits)-1].Heading == x.Title {
			resp.Hits[len(resp.Hits)-1].Heading = ""
		}
	}
	return resp, nil
}

// GetMemory returns a window of a memory's current text.
func (h *Host) GetMemory(ctx context.Context, req MemoryRequest) (MemoryResponse, error) {
	id, version, ok := parseMemoryID(req.MemoryID)
	if !ok {
		return MemoryResponse{}, &Error{Code: CodeNotFound, Message: "no memory has id " + strconv.Quote(req.MemoryID)}
	}
	maxChars := req.MaxChars
	switch {
	case maxChars == 0:
		maxChars = DefaultMemoryMaxChars
	case maxChars < 0 || maxChars > maxMemoryChars:
		return MemoryResponse{}, invalidArgf("max_chars", "max_chars must be between 1 and %d", maxMemoryChars)
	}
	if req.Line != nil && *req.Line < 1 {
		return MemoryResponse{}, invalidArg("line", "line must be 1 or more")
	}
	if req.Offset != nil && *req.Offset < 0 {
		return MemoryResponse{}, invalidArg("offset", "offset must be 0 or more")
	}
	a, err := h.memories(ctx)
	if err != nil {
		return MemoryResponse{}, err
	}
	m, err := a.Memory(ctx, id, version)
	if errors.Is(err, archive.ErrNotFound) {
		return MemoryResponse{}, &Error{Code: CodeNotFound, Message: "no memory has id " + strconv.Quote(req.MemoryID)}
	}
	if err != nil {
		return MemoryResponse{}, internal("read memory", err)
	}
	w, err := memoryWindow(m.Content, req.Line, req.Offset, maxChars)
	if err != nil {
		return MemoryResponse{}, err
	}
	return MemoryResponse{
		MemoryRef: memoryRef(req.MemoryID, m), Version: m.Version, Versions: m.Versions, Gone: m.Gone,
		Content: w.text, ContentLineStart: w.lineStart, ContentLineEnd: w.lineEnd, ContentChars: w.total,
		Offset: w.offset, Truncated: w.next >= 0, NextOffset: w.nextOffset(), Notice: EvidenceNotice,
	}, nil
}

func memoryRef(id string, m archive.Memory) MemoryRef {
	return MemoryRef{MemoryID: id, Kind: m.Kind, Provider: m.Provider, Source: m.Path, Scope: m.Scope, Repo: m.Repo, Title: m.Title}
}

// memoryID names memory file id ("m12"); "m12@1" names its first version.
func memoryID(id int64) string { return "m" + strconv.FormatInt(id, 10) }

func parseMemoryID(s string) (id int64, version int, ok bool) {
	rest, found := strings.CutPrefix(s, "m")
	if !found {
		return 0, 0, false
	}
	if n, v, at := strings.Cut(rest, "@"); at {
		ver, err := strconv.Atoi(v)
		if err != nil || ver < 1 {
			return 0, 0, false
		}
		rest, version = n, ver
	}
	id, err := strconv.ParseInt(rest, 10, 64)
	return id, version, err == nil && id > 0
}

// memoryWords are the words of a query, lower-cased.
func memoryWords(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	}) {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
