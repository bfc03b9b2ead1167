package recall

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// Leaving subagents out, a word found only in a subagent's work (what it
// said, what its tools printed) finds the conversation it worked for,
// below those whose own text holds it, naming the subagent where its
// message can be opened; pages never repeat it.
func TestSearchSubagentWorkFindsItsConversation(t *testing.T) {
	w := newWorld(t)
	parent := w.session(1, w.repoA, t0)
	parent.user("tidy up the lexer")
	parent.tool("Task", map[string]any{"description": "find callers", "prompt": "look for the callers of the tokenizer"}, "two callers", false)
	sub := parent.subagent("f00d")
	sub.user("look for the callers of the tokenizer")
	sub.assistant("tokenizer_state is read in lexer.go and parser.go")
	sub.bash("rg -n tokenizer_state", "lexer.go:12: tokenizer_state := newState()", false)
	own := w.session(2, w.repoA, t0.Add(time.Hour))
	own.user("rename tokenizer_state to lexer_state")
	w.index()

	all := w.search(t, SearchRequest{Query: "tokenizer_state", IncludeSubagents: true})
	var subID string
	for _, h := range all.Hits {
		if h.ParentSessionID == parent.id {
			subID = h.SessionID
		}
	}
	if subID == "" {
		t.Fatalf("with subagents: no hit on the subagent: %+v", all.Hits)
	}

	resp := w.search(t, SearchRequest{Query: "tokenizer_state", HitsPerSession: 2})
	if got := sessionsOf(resp); !reflect.DeepEqual(got, []string{own.id, parent.id}) {
		t.Fatalf("hits %v, want the prompt's conversation, then the one whose subagent said it", got)
	}
	h := resp.Hits[1]
	if h.MatchedIn != MatchedInSubagent || h.SubagentSessionID != subID || h.ParentSessionID != "" {
		t.Errorf("subagent hit %+v", h)
	}
	if len(h.MoreHits) != 1 || h.MoreHits[0].SubagentSessionID != subID || h.MoreHits[0].MatchedIn != MatchedInSubagent {
		t.Errorf("more hits %+v", h.MoreHits)
	}
	if h.Score >= resp.Hits[0].Score {
		t.Errorf("subagent hit scores %v, not below %v", h.Score, resp.Hits[0].Score)
	}
	// The hit's message is the subagent's: opened there, it holds the word.
	around := h.MessageIndex
	win, err := w.svc.Read(t.Context(), ReadRequest{SessionID: h.SubagentSessionID, Around: &around, Limit: 1})
	if err != nil || len(win.Messages) != 1 || !strings.Contains(win.Messages[0].Text, "tokenizer_state") {
		t.Errorf("opening the match: %+v, %v", win.Messages, err)
	}

	// One a page: each conversation once.
	var pages []string
	req := SearchRequest{Query: "tokenizer_state", Limit: 1}
	for range 4 {
		resp := w.search(t, req)
		pages = append(pages, sessionsOf(resp)...)
		if resp.Next == "" {
			break
		}
		req.Cursor = resp.Next
	}
	if !reflect.DeepEqual(pages, []string{own.id, parent.id}) {
		t.Errorf("pages %v", pages)
	}

	// Its own text ranks above its subagent's.
	parent.user("and keep tokenizer_state private")
	w.index()
	resp = w.search(t, SearchRequest{Query: "tokenizer_state"})
	for _, h := range resp.Hits {
		if h.SessionID == parent.id && (h.MatchedIn != MatchedInMessage || h.SubagentSessionID != "") {
			t.Errorf("the conversation's own prompt: %+v", h)
		}
	}
}
