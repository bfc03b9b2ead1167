package recall

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// A word in more sessions than a page: page 1 holds every session whose
// prompt holds it, however many newer sessions hold it in what the
// assistant said or in tool output, and however short those texts are.
func TestSearchFirstPageHoldsEveryPrompt(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var prompted []string
	for i := range 12 {
		c := w.session(100+i, w.repoA, t0.Add(time.Duration(i)*time.Hour))
		c.user(fmt.Sprintf("switch the strategy to manual_commit for the %d importers and keep the rest as it is", i))
		c.assistant("Done.")
		prompted = append(prompted, c.id)
	}
	w.index() // the prompts are the oldest rows
	for i := range 30 {
		c := w.session(200+i, w.repoA, t0.Add(time.Duration(20+i)*time.Hour))
		c.user("look at the configuration")
		for range 5 {
			c.assistant("manual_commit")
			c.bash("grep -r strategy .", "strategy: manual_commit", false)
		}
	}
	w.index()
	resp := w.search(t, SearchRequest{Query: "manual_commit"})
	got := sessionsOf(resp)
	if len(got) != DefaultSearchLimit || resp.Next == "" {
		t.Fatalf("page of %d sessions, next %q", len(got), resp.Next)
	}
	if !sameSet(got[:len(prompted)], prompted) {
		t.Errorf("page 1 begins %v, want the %d sessions whose prompt holds the word", got[:len(prompted)], len(prompted))
	}
	for i, h := range resp.Hits {
		want := "assistant"
		if i < len(prompted) {
			want = "user"
		}
		if h.Role != want || h.MatchedBy != MatchedByKeyword {
			t.Errorf("hit %d: %s %s, want %s keyword", i, h.Role, h.MatchedBy, want)
		}
		if i > 0 && h.Score > resp.Hits[i-1].Score {
			t.Errorf("hit %d scores %v above %v", i, h.Score, resp.Hits[i-1].Score)
		}
	}
	// The next pages hold the rest, each once.
	seen := map[string]bool{}
	req := SearchRequest{Query: "manual_commit"}
	for {
		resp := w.search(t, req)
		for _, id := range sessionsOf(resp) {
			if seen[id] {
				t.Errorf("%s on two pages", id)
			}
			seen[id] = true
		}
		if resp.Next == "" {
			break
		}
		req.Cursor = resp.Next
	}
	if len(seen) != 42 {
		t.Errorf("pages hold %d sessions, want 42", len(seen))
	}
}

// A word also matches the identifiers it begins before a '_', in the
// same tier: a Go test family.
func TestSearchTestFamily(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.session(1, w.repoA, t0)
	c.user("fix the failing test")
	c.bash("go test ./cmd -run TestRunExplainCheckpoint_NotFound", "--- FAIL: TestRunExplainCheckpoint_NotFound (0.00s)", true)
	other := w.session(2, w.repoA, t0.Add(time.Hour))
	other.user("run TestRunExplainCheckpointer please")
	w.index()
	resp := w.search(t, SearchRequest{Query: "TestRunExplainCheckpoint"})
	if got := sessionsOf(resp); len(got) < 1 || got[0] != c.id {
		t.Fatalf("hits %v, want %s first", got, c.id)
	}
	h := resp.Hits[0]
	if h.MatchedBy != MatchedByKeyword || !strings.Contains(h.Excerpt, "TestRunExplainCheckpoint_NotFound") {
		t.Errorf("hit %+v", h)
	}
	if !reflect.DeepEqual(Query.MatchSpans(ParseQuery("TestRunX"), "a TestRunX_NotFound b"), []Span{{Start: 2, End: 19}}) {
		t.Errorf("the family is not highlighted")
	}
}

// A word inside longer identifiers is found in a lower, labelled tier;
// when nothing is found the answer names them.
func TestSearchVocabularyTier(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	exact := w.session(1, w.repoA, t0)
	exact.user("where is UserMessage defined")
	inside := w.session(2, w.repoA, t0.Add(time.Hour))
	inside.user("rename the method")
	inside.edit(w.repoA+"/chat.go", "func Add()", "func (c *Chat) AddUserMessage(m string)")
	inside.assistant("AddUserMessage now takes the text.")
	w.index()
	resp := w.search(t, SearchRequest{Query: "UserMessage"})
	got := sessionsOf(resp)
	if !reflect.DeepEqual(got, []string{exact.id, inside.id}) {
		t.Fatalf("hits %v, want the exact word, then the identifier holding it", got)
	}
	if resp.Hits[0].MatchedBy != MatchedByKeyword || resp.Hits[1].MatchedBy != MatchedByExpanded {
		t.Errorf("labels %s, %s", resp.Hits[0].MatchedBy, resp.Hits[1].MatchedBy)
	}
	if !strings.Contains(resp.Hits[1].Excerpt, "AddUserMessage") || resp.Hits[1].Score >= resp.Hits[0].Score {
		t.Errorf("expanded hit %+v", resp.Hits[1])
	}
	// Nothing in that week: the answer names the identifiers.
	resp = w.search(t, SearchRequest{Query: "UserMessage", Since: "2027-01-01"})
	if len(resp.Hits) != 0 || !slices.Contains(resp.Expansions, "addusermessage") {
		t.Errorf("empty answer: hits %v, expansions %v", sessionsOf(resp), resp.Expansions)
	}
	// A word typed in lower case expands when nothing else is found.
	resp = w.search(t, SearchRequest{Query: "usermessag"})
	if got := sessionsOf(resp); !sameSet(got, []string{exact.id, inside.id}) || resp.Hits[0].MatchedBy != MatchedByExpanded {
		t.Errorf("lower case: hits %v", got)
	}
}

// A dotted or called form that does not occur falls back to its parts,
// and only when no text holds them together to its last part, in lower
// tiers.
func TestSearchDottedFallback(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	parts := w.session(1, w.repoA, t0)
	parts.user("checkpoints are left behind")
	parts.assistant("The strategy will call s.DeleteOrphanedCheckpoints(ctx) after each run.")
	last := w.session(2, w.repoA, t0.Add(time.Hour))
	last.user("is DeleteOrphanedCheckpoints tested?")
	w.index()
	resp := w.search(t, SearchRequest{Query: "strategy.DeleteOrphanedCheckpoints("})
	wantTiers(t, resp, []string{parts.id}, []string{MatchedByFallback})
	// No text holds the parts together: the last part, where a person
	// typed it first.
	resp = w.search(t, SearchRequest{Query: "planner.DeleteOrphanedCheckpoints("})
	wantTiers(t, resp, []string{last.id, parts.id}, []string{MatchedByFallback, MatchedByFallback})
	// Once the form occurs, it is what is found.
	exact := w.session(3, w.repoA, t0.Add(2*time.Hour))
	exact.user("move strategy.DeleteOrphanedCheckpoints() to its own file")
	w.index()
	resp = w.search(t, SearchRequest{Query: "strategy.DeleteOrphanedCheckpoints("})
	wantTiers(t, resp, []string{exact.id}, []string{MatchedByKeyword})
	if !strings.Contains(resp.Hits[0].Excerpt, "DeleteOrphanedCheckpoints") {
		t.Errorf("excerpt %q", resp.Hits[0].Excerpt)
	}
}

// The text a harness injects is found only when asked for.
func TestSearchBoilerplateHidden(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.session(1, w.repoA, t0)
	c.user("<system-reminder>\nRequests for escalation go through the sandbox policy.\n</system-reminder>")
	c.user("read the config")
	c.tool("Read", map[string]any{"file_path": w.repoA + "/config.go"}, "package config\n\n<system-reminder>\nWhenever you read a file, consider whether escalation is needed.\n</system-reminder>", false)
	real := w.session(2, w.repoA, t0.Add(time.Hour))
	real.user("why did the escalation fail yesterday")
	w.index()
	if got := sessionsOf(w.search(t, SearchRequest{Query: "escalation"})); !reflect.DeepEqual(got, []string{real.id}) {
		t.Errorf("default: %v, want only the session whose own text holds the word", got)
	}
	resp := w.search(t, SearchRequest{Query: "escalation", IncludeBoilerplate: true, HitsPerSession: 3})
	if got := sessionsOf(resp); !reflect.DeepEqual(got, []string{real.id, c.id}) {
		t.Fatalf("with boilerplate: %v", got)
	}
	if h := resp.Hits[1]; h.MatchedIn != MatchedInBoilerplate || len(h.MoreHits) != 1 || h.MoreHits[0].MatchedIn != MatchedInBoilerplate {
		t.Errorf("boilerplate hit %+v", h)
	}
	// The text around a reminder is searched as ever.
	if got := sessionsOf(w.search(t, SearchRequest{Query: "package config"})); !reflect.DeepEqual(got, []string{c.id}) {
		t.Errorf("text beside a reminder: %v", got)
	}
}

// Unquoted words: those near each other rank above every word apart,
// above some of the words (labelled partial).
func TestSearchMultiWordTiers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apart := w.session(1, w.repoA, t0)
	apart.user("the reference in the config file was never going to be not what we found")
	near := w.session(2, w.repoA, t0.Add(time.Hour))
	near.bash("git show v9", "fatal: reference not found", true)
	some := w.session(3, w.repoA, t0.Add(2*time.Hour))
	some.user("update the reference docs")
	w.index()
	resp := w.search(t, SearchRequest{Query: "reference not found"})
	wantTiers(t, resp, []string{near.id, apart.id, some.id}, []string{MatchedByKeyword, MatchedByKeyword, MatchedByPartial})
	if !reflect.DeepEqual(resp.Hits[2].MatchedTerms, []string{"reference"}) {
		t.Errorf("partial hit holds %v", resp.Hits[2].MatchedTerms)
	}
}

// The partial tier does not flood on common words: above a share of the
// archive's texts a word is required.
func TestSearchPartialRequiresCommonWords(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 20 {
		c := w.session(10+i, w.repoA, t0.Add(time.Duration(i)*time.Hour))
		c.bash("make", "error: target not found", true)
	}
	full := w.session(2, w.repoA, t0.Add(30*time.Hour))
	full.user("reference not found when I push")
	some := w.session(3, w.repoA, t0.Add(31*time.Hour))
	some.user("a reference to the old branch")
	w.index()
	if got := sessionsOf(w.search(t, SearchRequest{Query: "reference not found", Limit: 50})); len(got) != 22 {
		t.Errorf("rare words: %d hits, want every session holding one", len(got))
	}
	w.svc.commonAt = 10
	resp := w.search(t, SearchRequest{Query: "reference not found"})
	if got := sessionsOf(resp); !reflect.DeepEqual(got, []string{full.id}) {
		t.Errorf("common words required: %v, want only %s", got, full.id)
	}
	// A common word and two rare ones: the common one and either rare one.
	resp = w.search(t, SearchRequest{Query: "reference branch not"})
	if got := sessionsOf(resp); !reflect.DeepEqual(got, []string{full.id}) || resp.Hits[0].MatchedBy != MatchedByPartial {
		t.Errorf("a common word and two rare ones: %v", got)
	}
}

// wantTiers checks the sessions of an answer, in order, the label of
// each hit and that each scores below the one before.
func wantTiers(t *testing.T, resp SearchResponse, sessions, labels []string) {
	t.Helper()
	if got := sessionsOf(resp); !reflect.DeepEqual(got, sessions) {
		t.Fatalf("hits %v, want %v", got, sessions)
	}
	for i, h := range resp.Hits {
		if h.MatchedBy != labels[i] {
			t.Errorf("hit %d matched by %s, want %s", i, h.MatchedBy, labels[i])
		}
		if i > 0 && h.Score >= resp.Hits[i-1].Score {
			t.Errorf("hit %d scores %v, not below %v", i, h.Score, resp.Hits[i-1].Score)
		}
	}
}

// With several hits per session the sessions are in order of score too,
// also when every session found holds enough matches that no more are
// looked for: tool output whose words stand near each other comes before
// a prompt that holds them apart.
func TestSearchSeveralHitsPerSessionInOrderOfScore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apart := w.session(1, w.repoA, t0)
	apart.user("the reference in the config file was never going to be not what we found")
	apart.user("the reference of the build is not the one we found")
	near := w.session(2, w.repoA, t0.Add(time.Hour))
	near.bash("git show v9", "fatal: reference not found", true)
	near.bash("git show v8", "fatal: reference not found", true)
	w.index()
	resp := w.search(t, SearchRequest{Query: "reference not found", HitsPerSession: 2})
	if got := sessionsOf(resp); !reflect.DeepEqual(got, []string{near.id, apart.id}) {
		t.Fatalf("sessions %v, want %v", got, []string{near.id, apart.id})
	}
	for i, h := range resp.Hits {
		if len(h.MoreHits) != 1 {
			t.Errorf("hit %d: %d more hits, want 1", i, len(h.MoreHits))
		}
		if i > 0 && h.Score > resp.Hits[i-1].Score {
			t.Errorf("hit %d scores %v above %v", i, h.Score, resp.Hits[i-1].Score)
		}
	}
}
