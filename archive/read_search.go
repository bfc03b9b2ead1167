package archive

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"hansard/archive/bm25"
	"hansard/transcripts"
)

// SearchFilter narrows a text search or a session listing. Zero fields
// match everything.
type SearchFilter struct {
	RepoRoot         string
	Provider         string
	IncludeSubagents bool
	// Since and Until bound [Since, Until): the message's time for a text
	// search, the session's activity for a listing.
	Since, Until time.Time
	// Roles keeps messages of these roles; tool results count as role tool.
	Roles []string
	// Tool keeps sessions that recorded a call of this tool (any case).
	Tool string
	// Command keeps sessions that ran a shell command containing this text (any case).
	Command string
	// SessionIDs, when not nil, keeps only these sessions.
	SessionIDs []string
	// Sessions, PerSession and Scan bound a text search (see
	// SearchMessages); zero means no bound.
	Sessions   int
	PerSession int
	Scan       int
	// SkipSession, when set, leaves out the matches of sessions it
	// returns true for (a text search only: those shown on earlier pages).
	SkipSession func(id string) bool
	// RankWalked makes SearchMessages rank the matches it keeps as it
	// walks them, in one query, rather than in a second: the cheaper way
	// for the small classes of text (what people and assistants said),
	// whose matches are few. The ranking function asks the walk which rows
	// it keeps (bm25.Walk) and ranks only those.
	RankWalked bool
}

// TextHit is a message, or a tool result (cited at the message that made
// the call), whose text the full-text index matched.
type TextHit struct {
	RowID    int64 // messages.id, or tool_calls.id when InResult
	InResult bool
	// Field names the call's text that matched when it is not the result:
	// FieldInput or FieldFullResult.
	Field        string
	SessionID    string
	MessageIndex int
	Role         string
	// Rank is FTS5's bm25: lower (more negative) is more relevant.
	Rank float64
}

// SearchMessages returns messages matching the FTS5 expression match,
// most relevant (lowest BM25 rank) first. The expression must be
// well-formed (recall builds it from quoted terms).
//
// It works in two passes so that a word found in tens of thousands of
// messages costs a bounded amount. The first walks the matches newest
// first (in archive order) without ranking them, keeps at most
// f.PerSession of each session's, and stops at the first match of a new
// session once f.Sessions sessions are kept, or after f.Scan matches. The
// second ranks the kept matches with BM25 in one pass over their rowid
// range. So long sessions, whose matches bunch up, do not crowd out the
// others, and BM25 runs on few rows.
func (a *Archive) SearchMessages(ctx context.Context, match string, f SearchFilter) ([]TextHit, error) {
	if f.RankWalked {
		if hits, ok, err := a.searchMessagesByWalk(ctx, match, f); ok {
			return hits, err
		}
	}
	rank, rankArgs := "", []any(nil)
	if f.RankWalked {
		rank, rankArgs = bm25.Expr("messages_fts", match)
		rank = ", " + rank
	}
	q, args := messagesQuery(match, rank, rankArgs, f)
	return a.searchFTS(ctx, "messages_fts", match, q, args, newMatchWalk(f), false)
}

// searchMessagesByWalk is SearchMessages ranking only the rows its walk
// keeps, the ranking function asking the walk (bm25.Walk); ok is false
// when it cannot (no ranking function of ours, or rows read out of the
// order they were ranked in), for the caller to rank every row walked.
func (a *Archive) searchMessagesByWalk(ctx context.Context, match string, f SearchFilter) (hits []TextHit, ok bool, err error) {
	w := newMatchWalk(f)
	handle, release := bm25.Walk(w.rankingWalk)
	defer release()
	rank, rankArgs, ok := bm25.ExprWalk("messages_fts", match, handle, "s.id")
	if !ok {
		return nil, false, nil
	}
	w.byRank = true
	q, args := messagesQuery(match, ", "+rank+" AS walk_rank", rankArgs, f)
	hits, err = a.searchFTS(ctx, "messages_fts", match, q, args, w, false)
	if errors.Is(err, errWalkOrder) {
		return nil, false, nil
	}
	return hits, true, err
}

// messagesQuery is the first pass of SearchMessages, with its arguments:
// rank, when not "", the column of each row's rank.
func messagesQuery(match, rank string, rankArgs []any, f SearchFilter) (string, []any) {
	where, args := f.where("m.ts")
	// Without a time range the index messages_cover holds every column
	// read of a message, and a lookup in it is cheaper than one in the
	// table, whose leaves hold the texts (the planner picks the table).
	messages := "messages m INDEXED BY messages_cover"
	if !f.Since.IsZero() || !f.Until.IsZero() {
		messages = "messages m"
	}
	q := `SELECT messages_fts.rowid, s.id, m.idx, m.role` + rank + `
		FROM messages_fts JOIN ` + messages + ` ON m.id = messages_fts.rowid JOIN sessions s ON s.pk = m.session
		WHERE messages_fts MATCH ?` + where + roleClause(f.Roles, "m.role", &args) + ` ORDER BY messages_fts.rowid DESC`
	return q, append(append(rankArgs, match), args...)
}

// SearchResults is SearchMessages over tool results (role tool, cited at
// the message that made the call). Results whose text a message also
// carries (Claude Code's tool messages) are not in results_fts: they are
// found once, as messages.
func (a *Archive) SearchResults(ctx context.Context, match string, f SearchFilter) ([]TextHit, error) {
	if !f.wantsRole(transcripts.RoleTool) {
		return nil, nil
	}
	where, args := f.where("c.ts")
	q := `SELECT results_fts.rowid, s.id, c.message_idx, ''
		FROM results_fts JOIN tool_calls c ON c.id = results_fts.rowid JOIN sessions s ON s.pk = c.session
		WHERE results_fts MATCH ?` + where + ` ORDER BY results_fts.rowid DESC`
	return a.searchFTS(ctx, "results_fts", match, q, append([]any{match}, args...), newMatchWalk(f), true)
}

// searchFTS runs the two passes of SearchMessages: scan (rowid, session
// id, message index, role or provider; newest first) picks the rows, as
// w decides, then table ranks them.
func (a *Archive) searchFTS(ctx context.Context, table, match, scan string, args []any, w *matchWalk, inResult bool) ([]TextHit, error) {
	f := w.f
	if f.Scan > 0 {
		scan += fmt.Sprintf(" LIMIT %d", f.Scan)
	}
	if w.byRank {
		// Only the rows the walk keeps, or that end it, leave SQLite: the
		// ranking function gives the others no rank. A subquery with a
		// LIMIT (-1: none) is not flattened into the query reading it,
		// which would call the function twice a row, but read as it runs,
		// so the walk still stops early.
		if f.Scan <= 0 {
			scan += " LIMIT -1"
		}
		scan = "SELECT * FROM (" + scan + ") WHERE walk_rank IS NOT NULL"
	}
	rows, done, err := a.searchQuery(ctx, scan, args...)
	if err != nil {
		return nil, translate(err, "search")
	}
	var kept []TextHit
	ranked := f.RankWalked && !inResult
	// Each row is read into the same variables: most are not kept.
	var row TextHit
	var rank sql.NullFloat64
	dest := []any{&row.RowID, &row.SessionID, &row.MessageIndex, &row.Role, &rank}
	if !ranked {
		dest = dest[:4]
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			done()
			return nil, translate(err, "search")
		}
		step, err := w.read(row.RowID, row.SessionID)
		if err != nil {
			done()
			return nil, err
		}
		if step == walkStop {
			break
		}
		if step == walkKeep {
			h := row
			h.InResult, h.Rank = inResult, rank.Float64
			if inResult {
				h.Role = transcripts.RoleTool
			}
			kept = append(kept, h)
		}
	}
	err = rows.Err()
	done()
	if err != nil {
		return nil, translate(err, "search")
	}
	if len(kept) == 0 {
		return nil, nil
	}
	if !ranked {
		if err := a.rankHits(ctx, table, match, kept); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(kept, func(x, y TextHit) int { return cmp.Compare(x.Rank, y.Rank) })
	return kept, nil
}

// rankHits sets the BM25 rank of hits (all of one FTS table) in one pass
// over their rowid range; BM25 is computed for the hits only.
func (a *Archive) rankHits(ctx context.Context, table, match string, hits []TextHit) error {
	ids := make([]int64, len(hits))
	for i, h := range hits {
		ids[i] = h.RowID
	}
	// The range is what FTS5 reads; "+rowid", an expression rather than
	// the column, keeps the IN out of its plan ("rowid IN (…)" would make it
	// run the match once per value) while leaving the other rows of the
	// range inside SQLite.
	expr, args := bm25.Expr(table, match)
	rows, done, err := a.searchQuery(ctx, `SELECT rowid, `+expr+` FROM `+table+` WHERE `+table+
		` MATCH ? AND rowid >= ? AND rowid <= ? AND +rowid IN (SELECT value FROM json_each(?))`,
		append(args, match, slices.Min(ids), slices.Max(ids), jsonArray(ids))...)
	if err != nil {
		return translate(err, "rank")
	}
	defer done()
	rank := make(map[int64]float64, len(hits))
	for rows.Next() {
		var id int64
		var r sql.NullFloat64
		if err := rows.Scan(&id, &r); err != nil {
			return translate(err, "rank")
		}
		if r.Valid {
			rank[id] = r.Float64
		}
	}
	if err := rows.Err(); err != nil {
		return translate(err, "rank")
	}
	for i := range hits {
		hits[i].Rank = rank[hits[i].RowID]
	}
	return nil
}

// searchQuery runs a read query; the returned function releases its rows.
// (The connections are tuned for reading by the pragmas of the DSN.)
func (a *Archive) searchQuery(ctx context.Context, q string, args ...any) (*sql.Rows, func(), error) {
	rows, err := a.query(ctx, q, args...)
	if err != nil {
		return nil, nil, err
	}
	return rows, func() { rows.Close() }, nil
}

// wantsRole reports whether the role filter lets any of roles through.
func (f SearchFilter) wantsRole(roles ...string) bool {
	if len(f.Roles) == 0 {
		return true
	}
	for _, r := range roles {
		for _, want := range f.Roles {
			if r == want {
				return true
			}
		}
	}
	return false
}

func roleClause(roles []string, col string, args *[]any) string {
	if len(roles) == 0 {
		return ""
	}
	*args = append(*args, jsonArray(roles))
	return " AND " + col + " IN (SELECT value FROM json_each(?))"
}

// where returns the conditions on sessions s (and the time column) as
// " AND …" with their arguments.
func (f SearchFilter) where(timeCol string) (string, []any) {
	var b strings.Builder
	var args []any
	if f.RepoRoot != "" {
		b.WriteString(" AND s.repo_root = ?")
		args = append(args, f.RepoRoot)
	}
	if f.Provider != "" {
		b.WriteString(" AND s.provider = ?")
		args = append(args, f.Provider)
	}
	if !f.IncludeSubagents {
		b.WriteString(" AND s.class <> ?")
		args = append(args, transcripts.ClassSubagent)
	}
	if !f.Since.IsZero() && timeCol != "" {
		b.WriteString(" AND " + timeCol + " >= ?")
		args = append(args, ceilMillis(f.Since))
	}
	if !f.Until.IsZero() && timeCol != "" {
		b.WriteString(" AND " + timeCol + " < ?")
		args = append(args, ceilMillis(f.Until))
	}
	if f.Tool != "" {
		b.WriteString(" AND s.pk IN (SELECT session FROM tool_calls WHERE name = ? COLLATE NOCASE)")
		args = append(args, f.Tool)
	}
	if f.Command != "" {
		b.WriteString(" AND s.pk IN (SELECT session FROM commands WHERE instr(lower(command), lower(?)) > 0)")
		args = append(args, f.Command)
	}
	if f.SessionIDs != nil {
		b.WriteString(" AND s.id IN (SELECT value FROM json_each(?))")
		args = append(args, jsonArray(f.SessionIDs))
	}
	return b.String(), args
}

// ceilMillis rounds up to whole milliseconds, the archive's time unit, so
// that "ts >= since" and "ts < until" keep their meaning.
func ceilMillis(t time.Time) int64 {
	ms := t.UnixMilli()
	if time.UnixMilli(ms).Before(t) {
		ms++
	}
	return ms
}

func jsonArray[T any](v []T) string {
	if v == nil {
		return "[]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// MatchingHits returns which of hits (by position) the FTS5 expression
// matches: recall asks it term by term to count the terms each hit holds.
func (a *Archive) MatchingHits(ctx context.Context, match string, hits []TextHit) ([]bool, error) {
	found := make(map[hitKey]bool)
	for _, table := range ftsTables {
		ids := hitIDs(hits, table)
		if len(ids) == 0 {
			continue
		}
		// A rowid range lets FTS5 read only that stretch of each doclist
		// (the hits are a window of recent rows); "rowid IN (…)" would
		// make it read the whole doclist.
		lo, hi := slices.Min(ids), slices.Max(ids)
		rows, done, err := a.searchQuery(ctx, `SELECT rowid FROM `+table+` WHERE `+table+
			` MATCH ? AND rowid >= ? AND rowid <= ?`, match, lo, hi)
		if err != nil {
			return nil, translate(err, "search")
		}
		want := make(map[int64]bool, len(ids))
		for _, id := range ids {
			want[id] = true
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				done()
				return nil, translate(err, "search")
			}
			if want[id] {
				found[hitKey{table: table, id: id}] = true
			}
		}
		err = rows.Err()
		done()
		if err != nil {
			return nil, translate(err, "search")
		}
	}
	out := make([]bool, len(hits))
	for i, h := range hits {
		out[i] = found[hitKey{table: ftsTable(h.key()), id: h.RowID}]
	}
	return out, nil
}

// hitKey identifies a hit: a row of messages or of tool_calls, and the
// call's text that matched (see TextHit.Field); table is set instead when
// the key names a row of one full-text index.
type hitKey struct {
	inResult bool
	field    string
	table    string
	id       int64
}

func (h TextHit) key() hitKey { return hitKey{inResult: h.InResult, field: h.Field, id: h.RowID} }

// hitIDs returns the row ids of the hits whose text table indexes.
func hitIDs(hits []TextHit, table string) []int64 {
	var ids []int64
	for _, h := range hits {
		if ftsTable(h.key()) == table {
			ids = append(ids, h.RowID)
		}
	}
	return ids
}

// EditedPath is a path a session edited.
type EditedPath struct {
	SessionID string
	RepoRoot  string
	Path      string // relative to RepoRoot (absolute when RepoRoot is "")
}

// EditedPaths returns the distinct paths edited (or moved to) by sessions,
// in repoRoot when it is not empty, whose path contains the text part
// (recall verifies the exact pattern).
func (a *Archive) EditedPaths(ctx context.Context, repoRoot, part string) ([]EditedPath, error) {
	repo := ""
	var args []any
	if repoRoot != "" {
		repo = ` AND e.repo_root = ?`
	}
	for range 2 { // the path, then the move target
		args = append(args, part)
		if repoRoot != "" {
			args = append(args, repoRoot)
		}
	}
	q := `SELECT s.id, e.repo_root, e.path FROM edits e JOIN sessions s ON s.pk = e.session
		WHERE instr(e.path, ?) > 0` + repo + `
		UNION SELECT s.id, e.repo_root, e.move_to_path FROM edits e JOIN sessions s ON s.pk = e.session
		WHERE e.move_to_path <> '' AND instr(e.move_to_path, ?) > 0` + repo
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, translate(err, "edited paths")
	}
	defer rows.Close()
	var out []EditedPath
	for rows.Next() {
		var p EditedPath
		if err := rows.Scan(&p.SessionID, &p.RepoRoot, &p.Path); err != nil {
			return nil, translate(err, "edited paths")
		}
		out = append(out, p)
	}
	return out, translate(rows.Err(), "edited paths")
}

// CommitOutput is the output of a git commit a session ran.
type CommitOutput struct {
	SessionID string
	Output    string
}

// CommitOutputs returns the results of shell commands that ran git commit
// (or amended, merged, cherry-picked, reverted: anything printing
// "[branch sha]") and whose output contains text.
func (a *Archive) CommitOutputs(ctx context.Context, text string) ([]CommitOutput, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT s.id, `+resultText+` FROM commands k
		JOIN tool_calls c ON c.session = k.session AND c.call_id = k.call_id
		JOIN sessions s ON s.pk = k.session
		WHERE instr(k.command, 'git') > 0 AND instr(`+resultText+`, ?) > 0`, text)
	if err != nil {
		return nil, translate(err, "commits")
	}
	defer rows.Close()
	var out []CommitOutput
	for rows.Next() {
		var c CommitOutput
		if err := rows.Scan(&c.SessionID, &c.Output); err != nil {
			return nil, translate(err, "commits")
		}
		out = append(out, c)
	}
	return out, translate(rows.Err(), "commits")
}
