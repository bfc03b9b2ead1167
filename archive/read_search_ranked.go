package archive

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// TextClass is who wrote an indexed text: a column of messages_fts (tool
// results, in results_fts, are ClassTool too). A search ranks the classes
// in this order.
type TextClass int

// The classes of indexed text, best first.
const (
	ClassUser   TextClass = iota // user messages: what a person typed, mostly
	ClassSaid                    // assistant and system messages
	ClassTool                    // tool output
	ClassBoiler                  // the boilerplate a harness injects, searched only when asked
	numTextClasses
)

var classColumns = [numTextClasses]string{"user", "said", "tool", "boiler"}

// ClassMatch restricts the FTS5 expression match to the column of class
// c of messages_fts, for SearchMessages and MatchingHits.
func ClassMatch(c TextClass, match string) string {
	return "{" + classColumns[c] + "} : (" + match + ")"
}

// SearchRanked returns the messages of class c (ClassUser, ClassSaid or
// ClassBoiler: the smaller sets) matching the FTS5 expression match, most
// relevant first: by BM25, then newest. Unlike SearchMessages it ranks
// every match, so that the best conversations come first however many
// match; it keeps at most f.PerSession of each session's, leaves out the
// sessions f.SkipSession names and returns at most f.Scan rows.
func (a *Archive) SearchRanked(ctx context.Context, match string, c TextClass, f SearchFilter) ([]TextHit, error) {
	if c == ClassTool {
		return nil, fmt.Errorf("search: tool output is searched with SearchMessages and SearchResults")
	}
	where, args := f.where("m.ts")
	q := `SELECT messages_fts.rowid, s.id, m.idx, m.role, bm25(messages_fts) AS r
		FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid JOIN sessions s ON s.pk = m.session
		WHERE messages_fts MATCH ?` + where + roleClause(f.Roles, "m.role", &args) +
		` ORDER BY r, m.ts DESC, messages_fts.rowid DESC`
	rows, done, err := a.searchQuery(ctx, q, append([]any{ClassMatch(c, match)}, args...)...)
	if err != nil {
		return nil, translate(err, "search")
	}
	defer done()
	perSession := make(map[string]int)
	var out []TextHit
	for rows.Next() {
		var h TextHit
		if err := rows.Scan(&h.RowID, &h.SessionID, &h.MessageIndex, &h.Role, &h.Rank); err != nil {
			return nil, translate(err, "search")
		}
		if f.SkipSession != nil && f.SkipSession(h.SessionID) {
			continue
		}
		if n := perSession[h.SessionID]; f.PerSession == 0 || n < f.PerSession {
			perSession[h.SessionID] = n + 1
			out = append(out, h)
			if f.Scan > 0 && len(out) >= f.Scan {
				break
			}
		}
	}
	return out, translate(rows.Err(), "search")
}

// MatchCount counts the messages and tool results whose text (boilerplate
// aside) matches the FTS5 expression match, stopping at limit: how common
// a word is.
func (a *Archive) MatchCount(ctx context.Context, match string, limit int) (int, error) {
	var n int
	err := a.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM (SELECT 1 FROM messages_fts WHERE messages_fts MATCH ? LIMIT ?)) +
		(SELECT count(*) FROM (SELECT 1 FROM results_fts WHERE results_fts MATCH ? LIMIT ?))`,
		"{user said tool} : ("+match+")", limit, match, limit).Scan(&n)
	if err != nil {
		return 0, translate(err, "count matches")
	}
	return min(n, limit), nil
}

// IndexedTexts returns about how many messages and tool results the
// archive holds (the largest row ids: deleted rows leave gaps).
func (a *Archive) IndexedTexts(ctx context.Context) (int, error) {
	var n int
	err := a.db.QueryRowContext(ctx, `SELECT coalesce((SELECT max(id) FROM messages), 0) + coalesce((SELECT max(id) FROM tool_calls), 0)`).Scan(&n)
	return n, translate(err, "count texts")
}

// IdentifiersContaining returns up to limit identifiers of the indexed
// text (see identifiers) that hold word (folded, at least three
// characters) and are longer, shortest first.
func (a *Archive) IdentifiersContaining(ctx context.Context, word string, limit int) ([]string, error) {
	if utf8.RuneCountInString(word) < 3 || limit <= 0 {
		return nil, nil
	}
	rows, done, err := a.searchQuery(ctx, `SELECT v.term FROM vocab_fts JOIN vocab v ON v.rowid = vocab_fts.rowid
		WHERE vocab_fts MATCH ? ORDER BY length(v.term), v.term`, `"`+strings.ReplaceAll(word, `"`, `""`)+`"`)
	if err != nil {
		return nil, translate(err, "identifiers")
	}
	defer done()
	var out []string
	for rows.Next() && len(out) < limit {
		var term string
		if err := rows.Scan(&term); err != nil {
			return nil, translate(err, "identifiers")
		}
		if term != word && strings.Contains(term, word) {
			out = append(out, term)
		}
	}
	return out, translate(rows.Err(), "identifiers")
}
