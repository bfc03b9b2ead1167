package recall

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

// searchWorld holds four conversations (and a subagent) about a blame cache.
type searchWorld struct {
	*world
	s1, s2, s3, sub *convo
	s2Prompt        int // the first copy of a re-submitted prompt in s2
	s2Resubmit      int
	s1Commit        int
}

func newSearchWorld(t testing.TB) *searchWorld {
	w := &searchWorld{world: newWorld(t)}
	s1 := w.session(1, w.repoA, t0)
	s1.user("how should the blame cache be invalidated")
	s1.assistant("The blame cache is keyed by commit and file hash; invalidate it when either changes.")
	s1.bash("go test ./archive/...", "ok  \thansard/archive\t0.4s", false)
	s1.edit(w.repoA+"/archive/cache.go", "old", "new")
	w.s1Commit, _ = s1.bash(`git commit -am "cache keys"`, "[main 1a2b3c4] cache keys\n 1 file changed, 2 insertions(+)", false)
	w.s1 = s1

	s2 := w.session(2, w.repoA, t0.Add(24*time.Hour))
	s2.user("the cache is slow on large files")
	s2.assistant("blame runs once per file, so it is slow on large ones")
	w.s2Prompt = s2.user("please add a flag named verbose to the index command")
	s2.assistant("Which output should verbose add?")
	w.s2Resubmit = s2.user("please add a flag named verbose to the index command now")
	s2.edit(w.repoA+"/cmd/hansard/index.go", "a", "b")
	w.s2 = s2

	s3 := w.session(3, w.repoB, t0.Add(48*time.Hour))
	s3.user("write notes on the cache blame design for the README")
	s3.tool("Read", map[string]any{"file_path": w.repoB + "/README.md"}, "# README\nblame cache notes", false)
	s3.assistant("Done: the README explains the blame cache.")
	w.s3 = s3

	sub := s1.subagent("abc123")
	sub.user("summarise the blame cache discussion")
	sub.assistant("blame cache summary from the subagent")
	w.sub = sub
	w.index()
	return w
}

func (w *world) search(t *testing.T, req SearchRequest) SearchResponse {
	t.Helper()
	resp, err := w.svc.Search(context.Background(), req)
	if err != nil {
		t.Fatalf("Search(%+v): %v", req, err)
	}
	return resp
}

func sessionsOf(resp SearchResponse) []string {
	var out []string
	for _, h := range resp.Hits {
		out = append(out, h.SessionID)
	}
	return out
}

func TestSearchRanking(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	resp := w.search(t, SearchRequest{Query: "blame cache"})
	got := sessionsOf(resp)
	if len(got) != 3 {
		t.Fatalf("hits %v, want 3 sessions", got)
	}
	// s2 holds the words only in separate messages: it ranks last.
	if got[2] != w.s2.id {
		t.Errorf("order %v: the session without a message holding both words should be last", got)
	}
	for i, h := range resp.Hits {
		full := len(h.MatchedTerms) == 2
		if full != (i < 2) {
			t.Errorf("hit %d (%s) matched %v", i, h.SessionID, h.MatchedTerms)
		}
		if i > 0 && h.Score > resp.Hits[i-1].Score {
			t.Errorf("scores not descending: %v then %v", resp.Hits[i-1].Score, h.Score)
		}
		label := MatchedByKeyword
		if !full {
			label = MatchedByPartial
		}
		if h.MatchedBy != label || h.StartedAtLocal == "" || h.Provider != "claude" || h.Title == "" {
			t.Errorf("hit %d incomplete: %+v", i, h)
		}
		if !strings.Contains(strings.ToLower(h.Excerpt), "blame") && !strings.Contains(strings.ToLower(h.Excerpt), "cache") {
			t.Errorf("excerpt %q shows no term", h.Excerpt)
		}
	}
	if resp.Mode != ModeKeyword || resp.Notice != EvidenceNotice || resp.IndexBuiltAt == "" || resp.IndexingPaused {
		t.Errorf("response fields: %+v", resp)
	}
	if !reflect.DeepEqual(resp.Terms, []string{"blame", "cache"}) {
		t.Errorf("terms %v", resp.Terms)
	}
}

func TestSearchPhraseAndPrefix(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	got := sessionsOf(w.search(t, SearchRequest{Query: `"cache blame"`}))
	if !reflect.DeepEqual(got, []string{w.s3.id}) {
		t.Errorf("phrase: %v, want only %s", got, w.s3.id)
	}
	got = sessionsOf(w.search(t, SearchRequest{Query: "invalid*"}))
	if !reflect.DeepEqual(got, []string{w.s1.id}) {
		t.Errorf("prefix: %v, want only %s", got, w.s1.id)
	}
}

func TestSearchFilters(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	all := []string{w.s1.id, w.s3.id, w.s2.id}
	tests := []struct {
		name string
		req  SearchRequest
		want []string // sessions, any order
	}{
		{"repo root", SearchRequest{Repo: w.repoA}, []string{w.s1.id, w.s2.id}},
		{"folder inside a repo", SearchRequest{Repo: w.repoA + "/archive"}, []string{w.s1.id, w.s2.id}},
		{"repo by name", SearchRequest{Repo: lastElem(w.repoB)}, []string{w.s3.id}},
		{"unarchived repo root", SearchRequest{Repo: "/nowhere/at/all"}, nil},
		{"provider claude", SearchRequest{Provider: "claude"}, all},
		{"provider codex", SearchRequest{Provider: "codex"}, nil},
		{"since a day", SearchRequest{Since: "2026-11-03"}, []string{w.s2.id, w.s3.id}},
		{"until a day", SearchRequest{Until: "2026-11-02"}, []string{w.s1.id}},
		{"one day", SearchRequest{Since: "2026-11-03", Until: "2026-11-03"}, []string{w.s2.id}},
		{"rfc3339 range", SearchRequest{Since: "2026-11-04T09:00:00Z", Until: "2026-11-04T09:03:00Z"}, []string{w.s3.id}},
		{"roles user", SearchRequest{Roles: []string{"user"}}, all},
		{"roles assistant", SearchRequest{Roles: []string{"assistant"}}, all},
		{"roles tool", SearchRequest{Roles: []string{"tool"}}, []string{w.s3.id, w.s1.id}}, // s1: "cache.go has been updated"
		{"tool Edit", SearchRequest{Tool: "edit"}, []string{w.s1.id, w.s2.id}},
		{"tool Read", SearchRequest{Tool: "Read"}, []string{w.s3.id}},
		{"command", SearchRequest{Command: "GO TEST"}, []string{w.s1.id}},
		{"file base name", SearchRequest{File: "cache.go"}, []string{w.s1.id}},
		{"file relative", SearchRequest{File: "cmd/hansard/index.go"}, []string{w.s2.id}},
		{"file glob", SearchRequest{File: "**/*.go"}, []string{w.s1.id, w.s2.id}},
		{"file absolute", SearchRequest{File: w.repoA + "/archive/cache.go"}, []string{w.s1.id}},
		{"file nobody edited", SearchRequest{File: "nothing.go"}, nil},
		{"commit short", SearchRequest{Commit: "1a2b3c4"}, []string{w.s1.id}},
		{"commit full", SearchRequest{Commit: "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"}, []string{w.s1.id}},
		{"commit prefix", SearchRequest{Commit: "1a2b"}, []string{w.s1.id}},
		{"commit unknown", SearchRequest{Commit: "ffffff1"}, nil},
		{"commit and file", SearchRequest{Commit: "1a2b3c4", File: "index.go"}, nil},
		{"subagents", SearchRequest{IncludeSubagents: true}, append(all, w.sub.id+"/agent-"+w.sub.agentID)},
		{"web chats change nothing", SearchRequest{IncludeWebChats: true}, all},
		{"team changes nothing", SearchRequest{Team: "core", IncludeTeamSessions: true}, all},
	}
	for _, tt := range tests {
		for _, query := range []string{"blame cache", ""} {
			req := tt.req
			req.Query = query
			if query == "" && tt.name == "roles tool" {
				// Listing: sessions with a message of the role.
				tt.want = []string{w.s1.id, w.s2.id, w.s3.id}
			}
			resp, err := w.svc.Search(context.Background(), req)
			if err != nil {
				t.Errorf("%s (query %q): %v", tt.name, query, err)
				continue
			}
			if got := sessionsOf(resp); !sameSet(got, tt.want) {
				t.Errorf("%s (query %q): sessions %v, want %v", tt.name, query, got, tt.want)
			}
		}
	}
}

// TestSearchRelativeDates: relative days count back from the service's
// clock, on its local days.
func TestSearchRelativeDates(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	w.svc.Now = func() time.Time { return time.Date(2026, 11, 4, 12, 0, 0, 0, time.UTC) }
	for _, tt := range []struct {
		since, until string
		want         []string
	}{
		{"today", "", []string{w.s3.id}},
		{"yesterday", "yesterday", []string{w.s2.id}},
		{"", "yesterday", []string{w.s1.id, w.s2.id}},
		{"2d", "", []string{w.s1.id, w.s2.id, w.s3.id}},
		{"1w", "2d", []string{w.s1.id}},
	} {
		resp, err := w.svc.Search(context.Background(), SearchRequest{Since: tt.since, Until: tt.until})
		if err != nil {
			t.Errorf("since %q until %q: %v", tt.since, tt.until, err)
			continue
		}
		if got := sessionsOf(resp); !sameSet(got, tt.want) {
			t.Errorf("since %q until %q: sessions %v, want %v", tt.since, tt.until, got, tt.want)
		}
	}
	if _, err := w.svc.Search(context.Background(), SearchRequest{Since: "3h"}); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("since 3h: %v, want %s", err, CodeInvalidArgument)
	}
}

func TestSearchFilterErrors(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	for _, tt := range []struct {
		req  SearchRequest
		code string
	}{
		{SearchRequest{Repo: "no-such-repo"}, CodeNotFound},
		{SearchRequest{Since: "soon"}, CodeInvalidArgument},
		{SearchRequest{Mode: "vector"}, CodeInvalidArgument},
	} {
		_, err := w.svc.Search(context.Background(), tt.req)
		if ErrorCode(err) != tt.code {
			t.Errorf("%+v: got %v, want %s", tt.req, err, tt.code)
		}
	}
}

func TestSearchRolesAndMatchedIn(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	resp := w.search(t, SearchRequest{Query: "README", Roles: []string{"user"}})
	for _, h := range resp.Hits {
		if h.Role != "user" {
			t.Errorf("roles user gave a %s hit", h.Role)
		}
	}
	resp = w.search(t, SearchRequest{Query: "notes", Repo: w.repoB, HitsPerSession: 5})
	if len(resp.Hits) != 1 {
		t.Fatalf("hits %v", sessionsOf(resp))
	}
	roles := []string{resp.Hits[0].Role}
	for _, m := range resp.Hits[0].MoreHits {
		roles = append(roles, m.Role)
	}
	if !sameSet(roles, []string{"user", "tool"}) {
		t.Errorf("roles of matches %v, want the prompt and the tool result once each", roles)
	}
	// The tool output "# README blame cache notes" is the shorter text, so
	// BM25 prefers it; what was said still comes first in the same tier
	// (both hold the words near each other).
	resp = w.search(t, SearchRequest{Query: "cache notes", Repo: w.repoB, HitsPerSession: 3})
	h := resp.Hits[0]
	if h.Role != "user" || len(h.MoreHits) == 0 || h.MoreHits[0].Role != "tool" || h.Score <= h.MoreHits[0].Score {
		t.Errorf("said before printed: %s %v then %+v", h.Role, h.Score, h.MoreHits)
	}
}

func TestSearchHitsPerSessionAndRevisions(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	resp := w.search(t, SearchRequest{Query: "verbose index command", HitsPerSession: 3})
	if len(resp.Hits) != 1 {
		t.Fatalf("hits %v", sessionsOf(resp))
	}
	h := resp.Hits[0]
	if len(h.MoreHits) != 2 || h.Revisions != nil {
		t.Errorf("without grouping: %d more hits, revisions %v", len(h.MoreHits), h.Revisions)
	}
	resp = w.search(t, SearchRequest{Query: "verbose index command", HitsPerSession: 3, GroupRevisions: true})
	h = resp.Hits[0]
	if !reflect.DeepEqual(h.Revisions, []int{w.s2Prompt, w.s2Resubmit}) || h.LatestRevision == nil || *h.LatestRevision != w.s2Resubmit {
		t.Errorf("grouped: revisions %v latest %v", h.Revisions, h.LatestRevision)
	}
	if len(h.MoreHits) == 0 || h.MoreHits[0].Role != "assistant" {
		t.Errorf("grouped: more hits %+v", h.MoreHits)
	}
	for _, m := range h.MoreHits {
		if m.Role == "user" {
			t.Errorf("a copy of the prompt is still a separate match: %+v", m)
		}
	}
	resp = w.search(t, SearchRequest{Query: "blame cache", HitsPerSession: 1})
	for _, h := range resp.Hits {
		if len(h.MoreHits) != 0 {
			t.Errorf("hits_per_session 1 gave more hits")
		}
	}
}

func TestSearchPaging(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	for _, query := range []string{"blame cache", ""} {
		var seen []string
		req := SearchRequest{Query: query, Limit: 1}
		for page := 0; page < 5; page++ {
			resp := w.search(t, req)
			seen = append(seen, sessionsOf(resp)...)
			if resp.Next == "" {
				break
			}
			req.Cursor = resp.Next
		}
		want := []string{w.s1.id, w.s3.id, w.s2.id}
		if query == "" {
			want = []string{w.s3.id, w.s2.id, w.s1.id} // newest first
		}
		if query != "" {
			full := sessionsOf(w.search(t, SearchRequest{Query: query}))
			want = full
		}
		if !reflect.DeepEqual(seen, want) {
			t.Errorf("query %q: pages gave %v, want %v", query, seen, want)
		}
	}
	first := w.search(t, SearchRequest{Query: "blame", Limit: 1})
	if _, err := w.svc.Search(context.Background(), SearchRequest{Query: "cache", Limit: 1, Cursor: first.Next}); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("cursor reused with another query: %v", err)
	}
}

func TestSearchOddQueries(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	for _, q := range []string{`"`, `""`, `AND`, `NEAR(blame cache)`, `blame-cache`, `cache:blame`, `*`, `(`, `{blame}`, `blame AND OR NOT`, "\x00blame", `'blame'`, `blame^2`, `-cache`, `+blame`} {
		if _, err := w.svc.Search(context.Background(), SearchRequest{Query: q}); err != nil {
			t.Errorf("query %q: %v", q, err)
		}
	}
	resp := w.search(t, SearchRequest{Query: "?!"})
	if len(resp.Hits) != 0 || len(resp.Notices) == 0 {
		t.Errorf("query without words: %+v", resp)
	}
}

func TestSearchModes(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	for _, mode := range []string{"", ModeKeyword, ModeMeaning, ModeHybrid} {
		resp := w.search(t, SearchRequest{Query: "blame", Mode: mode})
		if resp.Mode != ModeKeyword {
			t.Errorf("mode %q ran %q", mode, resp.Mode)
		}
		fallback := mode == ModeMeaning || mode == ModeHybrid
		if (resp.ModeNotice != "") != fallback || (resp.RequestedMode != "") != fallback {
			t.Errorf("mode %q: notice %q requested %q", mode, resp.ModeNotice, resp.RequestedMode)
		}
	}
}

func TestRepoOf(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	for dir, want := range map[string]string{w.repoA: w.repoA, w.repoA + "/archive/x": w.repoA, "/": "", w.repoA + "x": ""} {
		got, err := w.svc.RepoOf(context.Background(), dir)
		if err != nil || got != want {
			t.Errorf("RepoOf(%s) = %q, %v; want %q", dir, got, err, want)
		}
	}
}

func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"blame cache", `"a b"`, `x*`, `NEAR(a b)`, `a:b`, `"`, `(`, `^`} {
		f.Add(s)
	}
	w := newSearchWorld(f)
	f.Fuzz(func(t *testing.T, q string) {
		if _, err := w.svc.Search(context.Background(), SearchRequest{Query: q}); err != nil {
			t.Fatalf("query %q: %v", q, err)
		}
	})
}

func lastElem(p string) string { return p[strings.LastIndex(p, "/")+1:] }

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	count := make(map[string]int)
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

func TestSearchLongSessionsDoNotCrowdOut(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := 1; i <= 3; i++ {
		w.session(40+i, w.repoA, t0.Add(time.Duration(i)*time.Hour)).user("the needle shows up once here")
	}
	w.index() // first, so that the busy session's matches are the newest
	busy := w.session(50, w.repoA, t0.Add(10*time.Hour))
	for i := 0; i < 30; i++ {
		busy.user(fmt.Sprintf("needle number %d", i))
	}
	w.index()
	svc := w.svc
	resp, err := svc.Search(context.Background(), SearchRequest{Query: "needle", Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	// The newest thirty matches are the busy session's; a page of three
	// sessions still fills.
	if got := sessionsOf(resp); len(got) != 3 || resp.Next == "" {
		t.Errorf("hits %v next %q, want three sessions and a next page", got, resp.Next)
	}
	svc.scan = 20 // a walk that ends inside the busy session's matches
	resp, _ = svc.Search(context.Background(), SearchRequest{Query: "needle", Limit: 3})
	if got := sessionsOf(resp); len(got) != 1 || got[0] != busy.id {
		t.Errorf("a short walk finds only the newest session: %v", got)
	}
}

func TestSearchPagesNeverRepeat(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var all []string
	for i := 0; i < 12; i++ {
		c := w.session(60+i, w.repoA, t0.Add(time.Duration(i)*time.Hour))
		for k := 0; k <= i%4; k++ {
			c.user(fmt.Sprintf("needle and haystack, take %d", k))
		}
		all = append(all, c.id)
	}
	w.index()
	req := SearchRequest{Query: "needle haystack", Limit: 5}
	seen := map[string]bool{}
	var pages []int
	for page := 0; page < 6; page++ {
		resp, err := w.svc.Search(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, len(resp.Hits))
		for _, id := range sessionsOf(resp) {
			if seen[id] {
				t.Errorf("page %d repeats %s", page, id)
			}
			seen[id] = true
		}
		if resp.Next == "" {
			break
		}
		req.Cursor = resp.Next
	}
	if len(seen) != len(all) || !reflect.DeepEqual(pages, []int{5, 5, 2}) {
		t.Errorf("pages of %v found %d of %d sessions", pages, len(seen), len(all))
	}
}
