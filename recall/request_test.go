package recall

import (
	"testing"
	"time"
)

func TestSearchRequestValidate(t *testing.T) {
	t.Parallel()
	ok := []struct {
		name  string
		req   SearchRequest
		check func(p searchPlan) bool
	}{
		{"defaults", SearchRequest{}, func(p searchPlan) bool {
			return p.limit == DefaultSearchLimit && p.hitsPerSession == 1 && p.mode == ModeKeyword && p.offset == 0
		}},
		{"roles folded and deduplicated", SearchRequest{Roles: []string{"User", " user", "assistant"}}, func(p searchPlan) bool {
			return len(p.roles) == 2 && p.roles[0] == "user" && p.roles[1] == "assistant"
		}},
		{"meaning", SearchRequest{Mode: "meaning"}, func(p searchPlan) bool { return p.mode == ModeMeaning }},
		{"hybrid", SearchRequest{Mode: "hybrid"}, func(p searchPlan) bool { return p.mode == ModeHybrid }},
		{"hits per session", SearchRequest{HitsPerSession: 5}, func(p searchPlan) bool { return p.hitsPerSession == 5 }},
		{"commit lower-cased", SearchRequest{Commit: "ABCDEF1"}, func(p searchPlan) bool { return p.commit == "abcdef1" }},
		{"web chats accepted with a notice", SearchRequest{IncludeWebChats: true}, func(p searchPlan) bool { return len(p.notices) == 1 }},
		{"team accepted with a notice", SearchRequest{Team: "platform", IncludeTeamSessions: true}, func(p searchPlan) bool { return len(p.notices) == 1 }},
		{"provider", SearchRequest{Provider: "codex"}, func(p searchPlan) bool { return true }},
		{"file glob", SearchRequest{File: "**/*.go"}, func(p searchPlan) bool { return p.file != nil }},
		{"cursor of the same listing", SearchRequest{Cursor: encodeSearchCursor(searchCursor{Offset: 40}, SearchRequest{Limit: 5})}, func(p searchPlan) bool { return p.offset == 40 }},
		{"cursor of the same search", SearchRequest{Query: "x", Cursor: encodeSearchCursor(searchCursor{Seen: []string{"a", "b"}}, SearchRequest{Query: "x", Limit: 5})}, func(p searchPlan) bool {
			return p.seen["a"] && p.seen["b"] && len(p.seenList) == 2
		}},
	}
	for _, tt := range ok {
		p, err := tt.req.validate(time.UTC, time.Time{})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !tt.check(p) {
			t.Errorf("%s: unexpected plan %+v", tt.name, p)
		}
	}
	bad := []struct {
		req   SearchRequest
		field string
	}{
		{SearchRequest{Since: "last tuesday"}, "since"},
		{SearchRequest{Until: "2026-02-30"}, "until"},
		{SearchRequest{Roles: []string{"robot"}}, "roles"},
		{SearchRequest{Provider: "gemini-ultra"}, "provider"},
		{SearchRequest{HitsPerSession: 6}, "hits_per_session"},
		{SearchRequest{HitsPerSession: -1}, "hits_per_session"},
		{SearchRequest{Limit: 101}, "limit"},
		{SearchRequest{Limit: -3}, "limit"},
		{SearchRequest{Mode: "semantic"}, "mode"},
		{SearchRequest{Commit: "xyz123"}, "commit"},
		{SearchRequest{Commit: "abc"}, "commit"},
		{SearchRequest{File: "a/[b"}, "file"},
		{SearchRequest{Tool: "Bash\x00"}, "tool"},
		{SearchRequest{Team: string(make([]byte, 600))}, "team"},
		{SearchRequest{Cursor: "!!!"}, "cursor"},
		{SearchRequest{Query: "y", Cursor: encodeSearchCursor(searchCursor{Offset: 20}, SearchRequest{Query: "x"})}, "cursor"},
		{SearchRequest{Cursor: encodeCursor(searchCursor{Offset: -1, Check: searchCheck(SearchRequest{})})}, "cursor"},
	}
	for _, tt := range bad {
		_, err := tt.req.validate(time.UTC, time.Time{})
		e, ok := err.(*Error)
		if !ok || e.Code != CodeInvalidArgument || e.Field != tt.field {
			t.Errorf("%+v: got %v, want invalid_argument on %s", tt.req, err, tt.field)
		}
	}
}

func TestReadRequestValidate(t *testing.T) {
	t.Parallel()
	two := 2
	neg := -1
	p, err := ReadRequest{SessionID: "abc"}.validate()
	if err != nil || p.limit != DefaultReadLimit || p.maxMessage != DefaultMaxMessageChars || p.maxChars != DefaultMaxChars || p.centred {
		t.Errorf("defaults: %+v %v", p, err)
	}
	p, err = ReadRequest{SessionID: "abc", Around: &two, Limit: 1}.validate()
	if err != nil || p.maxMessage != DefaultMaxChars || !p.centred || p.around != 2 {
		t.Errorf("single message read gets the whole budget: %+v %v", p, err)
	}
	p, err = ReadRequest{SessionID: "abc", Around: &two, Limit: 1, ContentOffset: 100}.validate()
	if err != nil || p.centred || p.from != 2 || p.contentOffset != 100 {
		t.Errorf("continuation: %+v %v", p, err)
	}
	p, err = ReadRequest{SessionID: "abc", MaxMessageChars: 50000, MaxChars: 1000}.validate()
	if err != nil || p.maxMessage != 1000 {
		t.Errorf("message cap bounded by the budget: %+v %v", p, err)
	}
	bad := []struct {
		req   ReadRequest
		field string
	}{
		{ReadRequest{}, "session_id"},
		{ReadRequest{SessionID: "a\nb"}, "session_id"},
		{ReadRequest{SessionID: "a", Limit: 201}, "limit"},
		{ReadRequest{SessionID: "a", Limit: -1}, "limit"},
		{ReadRequest{SessionID: "a", Around: &neg}, "around"},
		{ReadRequest{SessionID: "a", Roles: []string{"bot"}}, "roles"},
		{ReadRequest{SessionID: "a", MaxChars: -5}, "max_chars"},
		{ReadRequest{SessionID: "a", MaxMessageChars: -5}, "max_message_chars"},
		{ReadRequest{SessionID: "a", ContentOffset: -1, Limit: 1, Around: &two}, "content_offset"},
		{ReadRequest{SessionID: "a", ContentOffset: 10, Limit: 5, Around: &two}, "content_offset"},
		{ReadRequest{SessionID: "a", ContentOffset: 10, Limit: 1}, "around"},
		{ReadRequest{SessionID: "a", Cursor: "%%%"}, "cursor"},
	}
	for _, tt := range bad {
		_, err := tt.req.validate()
		e, ok := err.(*Error)
		if !ok || e.Code != CodeInvalidArgument || e.Field != tt.field {
			t.Errorf("%+v: got %v, want invalid_argument on %s", tt.req, err, tt.field)
		}
	}
}

func TestSplitWindow(t *testing.T) {
	t.Parallel()
	tests := []struct{ before, after, limit, nb, na int }{
		{10, 10, 20, 10, 10},
		{100, 100, 20, 10, 10},
		{2, 100, 20, 2, 18},
		{100, 3, 20, 17, 3},
		{0, 0, 20, 0, 0},
		{5, 5, 1, 0, 1},
		{5, 0, 1, 1, 0},
		{100, 100, 5, 2, 3},
	}
	for _, tt := range tests {
		nb, na := splitWindow(tt.before, tt.after, tt.limit)
		if nb != tt.nb || na != tt.na {
			t.Errorf("splitWindow(%d, %d, %d) = %d, %d; want %d, %d", tt.before, tt.after, tt.limit, nb, na, tt.nb, tt.na)
		}
	}
}
