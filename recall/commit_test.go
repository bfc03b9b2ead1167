package recall

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"hansard/provenance"
)

// ledgerCommits answers SessionsForCommit from a table, as the edit ledger
// would (provenance.CommitFinder is tested over a real repository and
// archive in its package and in the CLI's tests).
type ledgerCommits struct {
	sessions map[string][]string // sha -> session ids
	err      error
	asked    []string // "repoRoot sha" of every call
}

func (l *ledgerCommits) SessionsForCommit(_ context.Context, repoRoot, sha string) ([]string, error) {
	l.asked = append(l.asked, repoRoot+" "+sha)
	if l.err != nil {
		return nil, l.err
	}
	if ids, ok := l.sessions[sha]; ok {
		return ids, nil
	}
	return nil, fmt.Errorf("commit %s: %w", sha, provenance.ErrUnknownCommit)
}

func TestSearchCommitFromLedger(t *testing.T) {
	t.Parallel()
	w := newSearchWorld(t)
	ledger := &ledgerCommits{sessions: map[string][]string{
		"abcdef1": {w.s2.id},          // s2 wrote the lines; nobody's git output names it
		"1a2b3c4": {w.s2.id, w.s1.id}, // s1 made it, s2 wrote some of its lines
	}}
	w.svc.Commits = ledger
	ctx := context.Background()
	for _, tt := range []struct {
		req  SearchRequest
		want []string
	}{
		{SearchRequest{Repo: w.repoA, Commit: "abcdef1"}, []string{w.s2.id}},
		{SearchRequest{Repo: w.repoA, Commit: "1a2b3c4"}, []string{w.s1.id, w.s2.id}},
		// Gone from the repository, but recorded by the session that made it.
		{SearchRequest{Repo: w.repoA, Commit: "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"}, []string{w.s1.id}},
		{SearchRequest{Repo: w.repoA, Commit: "abcdef1", File: "index.go"}, []string{w.s2.id}},
	} {
		resp, err := w.svc.Search(ctx, tt.req)
		if err != nil {
			t.Errorf("%+v: %v", tt.req, err)
			continue
		}
		if got := sessionsOf(resp); !sameSet(got, tt.want) {
			t.Errorf("%+v: sessions %v, want %v", tt.req, got, tt.want)
		}
	}
	if want := w.repoA + " abcdef1"; len(ledger.asked) == 0 || ledger.asked[0] != want {
		t.Errorf("asked %q, want %q first", ledger.asked, want)
	}

	for _, tt := range []struct {
		err  error
		sha  string
		code string
	}{
		{nil, "0000001", CodeInvalidArgument}, // unknown and never recorded
		{&provenance.AmbiguousCommitError{Prefix: "1a2b", Commits: []string{"1a2b0", "1a2b9"}}, "1a2b", CodeInvalidArgument},
		{errors.New("disk on fire"), "abcdef1", CodeInternal},
		{context.Canceled, "abcdef1", CodeCancelled},
	} {
		ledger.err = tt.err
		_, err := w.svc.Search(ctx, SearchRequest{Repo: w.repoA, Commit: tt.sha})
		if ErrorCode(err) != tt.code {
			t.Errorf("%v for %s: got %v, want %s", tt.err, tt.sha, err, tt.code)
		}
		var e *Error
		if tt.code == CodeInvalidArgument && (!errors.As(err, &e) || e.Field != "commit") {
			t.Errorf("%v for %s: field of %v", tt.err, tt.sha, err)
		}
	}
}
