package recall

import (
	"strings"
	"time"
	"unicode"

	"hansard/transcripts"
)

// Search modes.
const (
	ModeKeyword = "keyword"
	ModeMeaning = "meaning"
	ModeHybrid  = "hybrid"
	// ModeList is what a blank query runs, whatever the mode asked: the
	// sessions matching the filters, newest first.
	ModeList = "list"
)

// Search limits.
const (
	DefaultSearchLimit = 20
	MaxSearchLimit     = 100
	MaxHitsPerSession  = 5
	maxFilterText      = 512
)

// SearchRequest is a search of past conversations. The zero value of every
// field means "no filter" (or the default). Field names follow the MCP tool
// search_past_sessions.
type SearchRequest struct {
	// Query is the user's text; empty lists matching sessions, newest first.
	Query string `json:"query,omitempty"`
	// Repo is a repository root or the last element of one.
	Repo     string `json:"repo,omitempty"`
	Provider string `json:"provider,omitempty"`
	// Since and Until are RFC 3339 times, or dates covering a whole local
	// day: 2026-11-30, today, yesterday, 7d (a week ago), 2w.
	Since string   `json:"since,omitempty"`
	Until string   `json:"until,omitempty"`
	Roles []string `json:"roles,omitempty"`
	// Tool keeps sessions that recorded a call of that tool (any case).
	Tool string `json:"tool,omitempty"`
	// Command keeps sessions that ran a shell command containing the text.
	Command string `json:"command,omitempty"`
	// File keeps sessions that edited a path: repo-relative, a base name,
	// or a glob (* ? [..] within one folder, ** across folders).
	File string `json:"file,omitempty"`
	// Commit keeps sessions that made the commit (a sha prefix), and with
	// Service.Commits those whose edits wrote its lines in the repository
	// searched.
	Commit              string `json:"commit,omitempty"`
	IncludeSubagents    bool   `json:"include_subagents,omitempty"`
	IncludeWebChats     bool   `json:"include_web_chats,omitempty"`
	IncludeTeamSessions bool   `json:"include_team_sessions,omitempty"`
	Team                string `json:"team,omitempty"`
	// IncludeBoilerplate also searches the text a harness injects into
	// every session (system reminders, sandbox and permission preambles),
	// ranked below everything else (the CLI's --include-boilerplate).
	IncludeBoilerplate bool `json:"include_boilerplate,omitempty"`
	// HitsPerSession is 1–5 (default 1); matches beyond the first go into more_hits.
	HitsPerSession int    `json:"hits_per_session,omitempty"`
	GroupRevisions bool   `json:"group_revisions,omitempty"`
	Mode           string `json:"mode,omitempty"`
	// Limit is the number of sessions per page (default 20, at most 100).
	Limit  int    `json:"limit,omitempty"`
	Cursor string `json:"cursor,omitempty"`
}

// searchPlan is a validated SearchRequest.
type searchPlan struct {
	req            SearchRequest
	query          Query
	times          TimeRange
	roles          []string
	commit         string
	file           *fileMatcher
	hitsPerSession int
	limit          int
	offset         int             // listing: sessions already shown
	seen           map[string]bool // keyword search: hashes of sessions already shown
	seenList       []string
	mode           string
	notices        []string
}

var knownRoles = []string{transcripts.RoleUser, transcripts.RoleAssistant, transcripts.RoleTool, transcripts.RoleSystem}

// knownProviders are the providers the archive may hold.
var knownProviders = []string{transcripts.ProviderClaude, transcripts.ProviderCodex}

// validate checks the request and resolves its defaults; every problem is
// an invalid_argument Error naming the field.
func (r SearchRequest) validate(loc *time.Location, now time.Time) (searchPlan, error) {
	p := searchPlan{req: r, query: ParseQuery(r.Query)}
	var err error
	if p.times, err = ParseTimeRange(r.Since, r.Until, loc, now); err != nil {
		return searchPlan{}, err
	}
	if p.roles, err = validRoles(r.Roles); err != nil {
		return searchPlan{}, err
	}
	if r.Provider != "" && !contains(knownProviders, r.Provider) {
		return searchPlan{}, invalidArgf("provider", "unknown provider %q (known: %s)", r.Provider, strings.Join(knownProviders, ", "))
	}
	for _, f := range []struct{ name, value string }{{"repo", r.Repo}, {"tool", r.Tool}, {"command", r.Command}, {"file", r.File}, {"team", r.Team}} {
		if err := checkText(f.name, f.value); err != nil {
			return searchPlan{}, err
		}
	}
	if r.Commit != "" {
		if p.commit, err = validCommit(r.Commit); err != nil {
			return searchPlan{}, err
		}
	}
	if r.File != "" {
		if p.file, err = newFileMatcher(r.File); err != nil {
			return searchPlan{}, err
		}
	}
	if p.hitsPerSession, err = positiveOr("hits_per_session", r.HitsPerSession, 1, MaxHitsPerSession); err != nil {
		return searchPlan{}, err
	}
	if p.limit, err = positiveOr("limit", r.Limit, DefaultSearchLimit, MaxSearchLimit); err != nil {
		return searchPlan{}, err
	}
	switch r.Mode {
	case "", ModeKeyword:
		p.mode = ModeKeyword
	case ModeMeaning, ModeHybrid:
		p.mode = r.Mode // meaning search may still fall back (see Service.ranked)
	default:
		return searchPlan{}, invalidArgf("mode", "mode must be keyword, meaning or hybrid, not %q", r.Mode)
	}
	if r.IncludeWebChats {
		p.notices = append(p.notices, "no web chats are archived; include_web_chats changed nothing")
	}
	if r.IncludeTeamSessions || r.Team != "" {
		p.notices = append(p.notices, "no Team conversations are archived; include_team_sessions and team changed nothing")
	}
	if r.Cursor != "" {
		c, err := decodeSearchCursor(r.Cursor, r)
		if err != nil {
			return searchPlan{}, err
		}
		p.offset, p.seenList = c.Offset, c.Seen
		p.seen = make(map[string]bool, len(c.Seen))
		for _, h := range c.Seen {
			p.seen[h] = true
		}
	}
	return p, nil
}

func validRoles(roles []string) ([]string, error) {
	var out []string
	for _, role := range roles {
		role = strings.ToLower(strings.TrimSpace(role))
		if !contains(knownRoles, role) {
			return nil, invalidArgf("roles", "unknown role %q (known: %s)", role, strings.Join(knownRoles, ", "))
		}
		if !contains(out, role) {
			out = append(out, role)
		}
	}
	return out, nil
}

// validCommit checks a commit sha prefix and returns it in lower case.
func validCommit(s string) (string, error) {
	c := strings.ToLower(strings.TrimSpace(s))
	if len(c) < 4 || len(c) > 64 || strings.Trim(c, "0123456789abcdef") != "" {
		return "", invalidArgf("commit", "commit must be 4 to 64 hexadecimal digits, not %q", s)
	}
	return c, nil
}

// checkText rejects filter values that are too long or hold control characters.
func checkText(field, v string) error {
	if len(v) > maxFilterText {
		return invalidArgf(field, "%s is longer than %d bytes", field, maxFilterText)
	}
	if strings.IndexFunc(v, unicode.IsControl) >= 0 {
		return invalidArgf(field, "%s contains control characters", field)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
