package recall

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"hansard/archive"
	"hansard/fixtures/gen"
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
)

// Page 1 on the generated archive of real shape (realShape): for 30
// words held by more than 50 sessions each, a search for the word (by
// default) puts on page 1 every session whose prompts (what a person
// typed) hold it, or only such sessions when there are more than a page
// of them. A prompt
// holds the word as the search finds it: the word, or an identifier it
// begins before a '_'.
//
//	go test ./recall -run TestSearchPageOneHoldsPrompts -v
func TestSearchPageOneHoldsPrompts(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and indexes an archive")
	}
	t.Parallel()
	ctx := context.Background()
	a := openRealShape(t)
	svc := &Service{Archive: a, Location: time.UTC}

	// The words of each main session's prompts.
	infos, err := a.ListSessions(ctx, archive.SearchFilter{}, 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	prompts := map[string]map[string]bool{} // word → sessions whose prompts hold it
	for _, si := range infos {
		msgs, err := a.Messages(ctx, si.ID, 0, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if m.Role != transcripts.RoleUser || !m.Human {
				continue
			}
			for _, tok := range textTokens(m.Text) {
				for _, w := range promptWords(tok) {
					if prompts[w] == nil {
						prompts[w] = map[string]bool{}
					}
					prompts[w][si.ID] = true
				}
			}
		}
	}
	words := pageOneWords(t, svc, prompts, 30)
	if len(words) < 30 {
		t.Fatalf("only %d words held by more than 50 sessions", len(words))
	}
	held, shown := 0, 0
	var lines []string
	for _, w := range words {
		want := prompts[w]
		resp, err := svc.Search(ctx, SearchRequest{Query: w})
		if err != nil {
			t.Fatal(err)
		}
		onPage := 0
		var missing []string
		for _, h := range resp.Hits {
			if want[h.SessionID] {
				onPage++
			}
		}
		expect := min(len(want), DefaultSearchLimit)
		if onPage < expect {
			for id := range want {
				if !slices.Contains(sessionsOf(resp), id) {
					missing = append(missing, shortID(id))
				}
			}
			sort.Strings(missing)
			t.Errorf("%s: page 1 holds %d of the %d sessions whose prompts hold it (want %d); not: %s", w, onPage, len(want), expect, strings.Join(missing, " "))
		}
		held, shown = held+min(onPage, expect), shown+expect
		lines = append(lines, fmt.Sprintf("%-18s prompts in %3d sessions, on page 1 %2d / %2d", w, len(want), min(onPage, expect), expect))
	}
	t.Logf("page 1:\n%s\nall: %d / %d (%.3f)", strings.Join(lines, "\n"), held, shown, ratio(held, shown))
}

// promptWords returns the words a search finds a token of a prompt by,
// folded: the token, and each word it begins before a '_'.
func promptWords(tok string) []string {
	tok = strings.ToLower(tok)
	out := []string{tok}
	for i := 1; i < len(tok); i++ {
		if tok[i] == '_' {
			out = append(out, tok[:i])
		}
	}
	return out
}

// pageOneWords picks n words of the prompts, of at least four letters,
// held (anywhere, subagents included) by more than 50 sessions, spread
// over how many sessions' prompts hold them, from the fewest up: the
// words in few prompts and much else are those a ranking can miss.
func pageOneWords(t *testing.T, svc *Service, prompts map[string]map[string]bool, n int) []string {
	t.Helper()
	var cands []string
	for w := range prompts {
		if len(w) >= 4 && !stopWords[w] && strings.IndexFunc(w, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
			cands = append(cands, w)
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if len(prompts[cands[i]]) != len(prompts[cands[j]]) {
			return len(prompts[cands[i]]) < len(prompts[cands[j]])
		}
		return cands[i] < cands[j]
	})
	var common []string
	for _, w := range cands {
		if len(searchedSessionsBeyond(t, svc, w, true, 50)) > 50 {
			common = append(common, w)
		}
	}
	if len(common) <= n {
		return common
	}
	out := make([]string, n)
	for i := range out {
		out[i] = common[i*len(common)/n]
	}
	return out
}

// realShapeOptions generate an archive of real shape: both agents,
// subagents (a third of them known only from their parents'
// agent_progress lines), long outputs shown as <persisted-output>
// previews, Go test output with its word_ families and failing tests that
// are cases of families, words common to most sessions.
var realShapeOptions = gen.Options{Sessions: 240, TargetBytes: 24 << 20, LongOutputs: true, Seed: 9,
	SubagentRatio: 0.1, MissingSubagentFiles: 0.3, PersistedOutputs: true, TestFamilies: true}

// realShape is the folder of the archive of realShapeOptions, generated
// and indexed once for the package (in scratch): the tests only read it,
// each through a handle of its own (openRealShape).
var realShape = sync.OnceValues(func() (string, error) {
	dir := filepath.Join(scratch, "real-shape")
	a, err := generateArchive(context.Background(), filepath.Join(dir, "home"), filepath.Join(dir, "archive"), realShapeOptions)
	if err != nil {
		return "", err
	}
	return a.Dir(), a.Close()
})

// openRealShape opens the archive of real shape for the test.
func openRealShape(t *testing.T) *archive.Archive {
	t.Helper()
	dir, err := realShape()
	if err != nil {
		t.Fatal(err)
	}
	a, err := archive.Open(context.Background(), archive.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// generateArchive writes generated transcripts under home and indexes
// them into a new archive in dir, which it returns open.
func generateArchive(ctx context.Context, home, dir string, opts gen.Options) (*archive.Archive, error) {
	if _, err := gen.Write(home, opts); err != nil {
		return nil, err
	}
	a, err := archive.Open(ctx, archive.Options{Dir: dir})
	if err != nil {
		return nil, err
	}
	env := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	if _, err := a.Refresh(ctx, []transcripts.Provider{claude.New(), codex.Provider{}}, env, archive.RefreshOptions{}); err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}
