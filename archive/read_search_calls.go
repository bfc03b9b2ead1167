package archive

import (
	"context"

	"hansard/transcripts"
)

// Texts of a tool call that a hit can match besides its result
// (TextHit.Field): its input text, and the whole output behind a preview.
const (
	FieldInput      = "input"
	FieldFullResult = "full_result"
)

// ftsTables are the full-text indexes, by what their rows are.
var ftsTables = []string{"messages_fts", "results_fts", "inputs_fts", "full_results_fts"}

// ftsTable is the full-text index that holds a hit's text.
func ftsTable(k hitKey) string {
	switch {
	case !k.inResult:
		return "messages_fts"
	case k.field == FieldInput:
		return "inputs_fts"
	case k.field == FieldFullResult:
		return "full_results_fts"
	}
	return "results_fts"
}

// SearchInputs is SearchResults over the input texts of tool calls (the
// commands, patterns, paths, new text and arguments a call named; role
// tool, cited at the message that made the call).
func (a *Archive) SearchInputs(ctx context.Context, match string, f SearchFilter) ([]TextHit, error) {
	return a.searchCallText(ctx, "inputs_fts", FieldInput, match, f)
}

// SearchFullResults is SearchResults over the whole outputs of calls whose
// result the agent saw only as a preview.
func (a *Archive) SearchFullResults(ctx context.Context, match string, f SearchFilter) ([]TextHit, error) {
	return a.searchCallText(ctx, "full_results_fts", FieldFullResult, match, f)
}

func (a *Archive) searchCallText(ctx context.Context, table, field, match string, f SearchFilter) ([]TextHit, error) {
	if !f.wantsRole(transcripts.RoleTool) {
		return nil, nil
	}
	where, args := f.where("c.ts")
	q := `SELECT ` + table + `.rowid, s.id, c.message_idx, ''
		FROM ` + table + ` JOIN tool_calls c ON c.id = ` + table + `.rowid JOIN sessions s ON s.pk = c.session
		WHERE ` + table + ` MATCH ?` + where + ` ORDER BY ` + table + `.rowid DESC`
	hits, err := a.searchFTS(ctx, table, match, q, append([]any{match}, args...), newMatchWalk(f), true)
	for i := range hits {
		hits[i].Field = field
	}
	return hits, err
}
