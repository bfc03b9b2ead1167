package archive

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSearchRanksKeptRows checks that a search ranking as it walks ranks
// the rows it keeps as bm25() does, and keeps the rows a walk of every
// match, newest first, with the same bounds keeps: at most PerSession of a
// session's, up to Sessions sessions, leaving out the sessions skipped.
func TestSearchRanksKeptRows(t *testing.T) {
	e := newTestEnv(t)
	e.writeWordSessions(rand.New(rand.NewPCG(3, 4)), strings.Fields("go test parse config the a fix bug"), 0, 20, 10, 20)
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	for _, match := range []string{`{user said} : ("go")`, `{user} : ("the" AND "fix")`, `{user said} : (NEAR("parse" "config", 3))`} {
		for _, f := range []SearchFilter{
			{PerSession: 2, Sessions: 5, RankWalked: true},
			{PerSession: 1, Sessions: 3, RankWalked: true, SkipSession: func(id string) bool { return id == "s19" || id == "s7" }},
			{RankWalked: true},
		} {
			got, err := a.SearchMessages(ctx, match, f)
			if err != nil {
				t.Fatal(err)
			}
			want := walkEveryMatch(t, a, match, f)
			if len(got) != len(want) {
				t.Fatalf("%s: %d hits, want %d", match, len(got), len(want))
			}
			for _, g := range got {
				if w, ok := want[g.RowID]; !ok || w != g.Rank || g.SessionID == "" {
					t.Errorf("%s: row %d of %s rank %v, want kept %v rank %v", match, g.RowID, g.SessionID, g.Rank, ok, w)
				}
			}
		}
	}
}

// walkEveryMatch returns the rows, and their bm25(), that a walk of every
// match of match, newest first, keeps under f's bounds.
func walkEveryMatch(t *testing.T, a *Archive, match string, f SearchFilter) map[int64]float64 {
	t.Helper()
	rows, err := a.db.Query(`SELECT messages_fts.rowid, s.id, bm25(messages_fts) FROM messages_fts
		JOIN messages m ON m.id = messages_fts.rowid JOIN sessions s ON s.pk = m.session
		WHERE messages_fts MATCH ? ORDER BY messages_fts.rowid DESC`, match)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := make(map[int64]float64)
	per := make(map[string]int)
	for rows.Next() {
		var id int64
		var session string
		var rank float64
		if err := rows.Scan(&id, &session, &rank); err != nil {
			t.Fatal(err)
		}
		switch _, seen := per[session]; {
		case f.SkipSession != nil && f.SkipSession(session):
		case !seen && f.Sessions > 0 && len(per) == f.Sessions:
			return out
		case f.PerSession == 0 || per[session] < f.PerSession:
			per[session]++
			out[id] = rank
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: nothing matched", match)
	}
	return out
}

// TestMatchWalkOrder checks that a walk whose ranking function decided
// another row than the one read reports it, rather than take a decision
// that is not the row's.
func TestMatchWalkOrder(t *testing.T) {
	w := newMatchWalk(SearchFilter{PerSession: 1})
	w.byRank = true
	if !w.rankingWalk(9, "a") || w.rankingWalk(8, "a") {
		t.Fatal("the walk kept a session's second row, or not its first")
	}
	if _, err := w.read(9, "a"); !errors.Is(err, errWalkOrder) {
		t.Fatalf("reading row 9 after row 8 was decided: %v, want errWalkOrder", err)
	}
	w = newMatchWalk(SearchFilter{PerSession: 1})
	w.byRank = true
	w.rankingWalk(9, "a")
	if step, err := w.read(9, "a"); err != nil || step != walkKeep {
		t.Fatalf("reading the row decided: %v %v, want kept", step, err)
	}
	if _, err := w.read(8, "a"); !errors.Is(err, errWalkOrder) {
		t.Fatalf("reading a row not decided: %v, want errWalkOrder", err)
	}
}
