package archive

import (
	"context"
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

// ClassMatch restricts the FTS5 expression match to the columns of classes
// of messages_fts, for SearchMessages: a search reads the classes one
// after the other, so that the matches of what people and assistants said
// (a small share of the archive) are ranked without walking tool output.
func ClassMatch(match string, classes ...TextClass) string {
	cols := make([]string, len(classes))
	for i, c := range classes {
		cols[i] = classColumns[c]
	}
	return "{" + strings.Join(cols, " ") + "} : (" + match + ")"
}

// MatchCounts counts, for each FTS5 expression, the messages and tool
// results whose text (boilerplate aside) matches it, stopping at limit: how
// common a word is. limit is a share of the texts the archive holds (its
// largest row ids: deleted rows leave gaps), 1/share, and at least least.
func (a *Archive) MatchCounts(ctx context.Context, matches []string, share, least int) (counts []int, limit int, err error) {
	if err := a.db.QueryRowContext(ctx, `SELECT coalesce((SELECT max(id) FROM messages), 0) + coalesce((SELECT max(id) FROM tool_calls), 0)`).Scan(&limit); err != nil {
		return nil, 0, translate(err, "count matches")
	}
	limit = max(least, limit/share)
	counts = make([]int, len(matches))
	err = a.selectEach(ctx, len(matches), func(i int) (string, []any, any) {
		return `(SELECT count(*) FROM (SELECT 1 FROM messages_fts WHERE messages_fts MATCH ? LIMIT ?)) +
			(SELECT count(*) FROM (SELECT 1 FROM results_fts WHERE results_fts MATCH ? LIMIT ?))`,
			[]any{"{user said tool} : (" + matches[i] + ")", limit, matches[i], limit}, &counts[i]
	})
	if err != nil {
		return nil, 0, translate(err, "count matches")
	}
	return counts, limit, nil
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

// HasIdentifiersBeginning reports, for each word (folded), whether the
// vocabulary holds an identifier that begins with it followed by '_' (a
// search matches those only when some exist: the prefix query is costly).
func (a *Archive) HasIdentifiersBeginning(ctx context.Context, words []string) ([]bool, error) {
	if len(words) == 0 {
		return nil, nil
	}
	out := make([]bool, len(words))
	err := a.selectEach(ctx, len(words), func(i int) (string, []any, any) {
		return "EXISTS (SELECT 1 FROM vocab WHERE term >= ? AND term < ?)", []any{words[i] + "_", words[i] + "`"}, &out[i] // '`' follows '_'
	})
	if err != nil {
		return nil, translate(err, "identifiers")
	}
	return out, nil
}

// selectEach runs one query of n columns, each an expression with its
// arguments and where to scan it, as each gives them.
func (a *Archive) selectEach(ctx context.Context, n int, each func(i int) (expr string, args []any, dest any)) error {
	var q strings.Builder
	var args, dest []any
	q.WriteString("SELECT ")
	for i := range n {
		if i > 0 {
			q.WriteString(", ")
		}
		e, a, d := each(i)
		q.WriteString(e)
		args, dest = append(args, a...), append(dest, d)
	}
	return a.db.QueryRowContext(ctx, q.String(), args...).Scan(dest...)
}
