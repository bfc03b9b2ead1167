package archive

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hansard/archive/bm25"
)

// TestRankMatchesBM25 checks that hansard_bm25 gives FTS5's bm25() to the
// bit, for expressions of every form a search builds, on a first query and
// on the same query again (its counts kept), for phrases kept by an
// earlier expression, and after the index changed.
func TestRankMatchesBM25(t *testing.T) {
	e := newTestEnv(t)
	words := strings.Fields("go test parse config migration database schema index rank query the a fix bug parse_config parse_args")
	rng := rand.New(rand.NewPCG(1, 2))
	writeSessions := func(from, n int) { e.writeWordSessions(rng, words, from, n, 12, 40) }
	writeSessions(0, 30)
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	if !bm25.Registered() {
		t.Fatalf("%s is not registered", bm25.Name)
	}
	exprs := []string{
		`"go"`,
		`{user} : (("go" OR "go_"*))`,
		`{user said} : (NEAR("parse" "config", 3))`,
		`{said} : (("go" OR "go_"*) AND ("test" OR "test_"*))`,
		`{user said tool} : ("migration" AND "database" AND ("schema" OR "index" OR "rank"))`,
		`"parse_config" OR "the"`,
		`"nowhere"`,
		// Phrases of the expressions above, in other expressions: under
		// the same filter they share a count, under another they do not.
		`{user said} : ("parse" AND "config")`,
		`{user} : ("go" NOT "test")`,
		`"go" OR "go_"*`,
		`{said} : ("test" OR "nowhere")`,
		`("parse" OR "go") AND NEAR("rank" "query", 2)`,
	}
	check := func(when string) {
		t.Helper()
		for _, x := range exprs {
			for range 2 { // counted, then kept
				expr, args := bm25.Expr("messages_fts", x)
				rows, err := a.db.Query(`SELECT rowid, bm25(messages_fts), `+expr+` FROM messages_fts WHERE messages_fts MATCH ?`, append(args, x)...)
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				for rows.Next() {
					var id int64
					var want, got float64
					if err := rows.Scan(&id, &want, &got); err != nil {
						t.Fatal(err)
					}
					if want != got {
						t.Errorf("%s: %s row %d: %s %v, bm25 %v", when, x, id, bm25.Name, got, want)
					}
					n++
				}
				if err := rows.Err(); err != nil {
					t.Fatal(err)
				}
				rows.Close()
				if n == 0 && x != `"nowhere"` {
					t.Errorf("%s: %s matched nothing", when, x)
				}
			}
		}
	}
	check("first index")
	writeSessions(30, 10)
	e.refresh(a, RefreshOptions{})
	check("after more sessions")
}

// writeWordSessions writes sessions s<from> to s<from+n-1> of msgs
// messages each, a person's and an assistant's in turn, each of 3 to
// maxWords+2 words drawn from words.
func (e *testEnv) writeWordSessions(rng *rand.Rand, words []string, from, n, msgs, maxWords int) {
	for s := from; s < from+n; s++ {
		lines := []string{fmt.Sprintf(`{"t":"session","id":"s%d","cwd":"/w/r%d"}`, s, s%3)}
		for m := range msgs {
			var text []string
			for range 3 + rng.IntN(maxWords) {
				text = append(text, words[rng.IntN(len(words))])
			}
			role := []string{"user", "assistant"}[m%2]
			lines = append(lines, fmt.Sprintf(`{"t":"msg","role":%q,"text":%q,"uuid":"s%d-%d","ts":"2026-01-02T03:%02d:05Z"}`, role, strings.Join(text, " "), s, m, m))
		}
		e.write(fmt.Sprintf("s%d.jsonl", s), lines...)
	}
}
