package archive

import (
	"context"
	"database/sql"
	"time"
)

// HitText is the stored text of a hit, with what revision grouping and
// display need.
type HitText struct {
	Text       string // at most maxChars characters
	Chars      int    // length of the whole text in characters
	Human      bool
	ParentUUID string
	Line       int // source line of the message, or of the tool result
	Timestamp  time.Time
	Retracted  string // why the message left its history ("" for a result, or a message in it)
}

// HitTexts loads the text of hits (in order), each cut to maxChars characters.
func (a *Archive) HitTexts(ctx context.Context, hits []TextHit, maxChars int) ([]HitText, error) {
	byKey := make(map[hitKey]HitText)
	for _, part := range []struct {
		q        string
		table    string
		inResult bool
		field    string
	}{
		{`SELECT id, substr(text, 1, ?), length(text), human, parent_uuid, line, ts, coalesce(retracted, '') FROM messages WHERE id IN (SELECT value FROM json_each(?))`, "messages_fts", false, ""},
		{`SELECT id, substr(result, 1, ?), length(result), 0, '', result_line, ts, '' FROM tool_calls WHERE id IN (SELECT value FROM json_each(?))`, "results_fts", true, ""},
		{`SELECT id, substr(input_text, 1, ?), length(input_text), 0, '', line, ts, '' FROM tool_calls WHERE id IN (SELECT value FROM json_each(?))`, "inputs_fts", true, FieldInput},
		{`SELECT id, substr(full_result, 1, ?), length(full_result), 0, '', result_line, ts, '' FROM tool_calls WHERE id IN (SELECT value FROM json_each(?))`, "full_results_fts", true, FieldFullResult},
	} {
		ids := hitIDs(hits, part.table)
		if len(ids) == 0 {
			continue
		}
		rows, err := a.query(ctx, part.q, maxChars, jsonArray(ids))
		if err != nil {
			return nil, translate(err, "hit texts")
		}
		for rows.Next() {
			var id int64
			var t HitText
			var ts sql.NullInt64
			if err := rows.Scan(&id, &t.Text, &t.Chars, &t.Human, &t.ParentUUID, &t.Line, &ts, &t.Retracted); err != nil {
				rows.Close()
				return nil, translate(err, "hit texts")
			}
			t.Timestamp = fromMillis(ts)
			byKey[hitKey{inResult: part.inResult, field: part.field, id: id}] = t
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, translate(err, "hit texts")
		}
	}
	out := make([]HitText, len(hits))
	for i, h := range hits {
		out[i] = byKey[h.key()]
	}
	return out, nil
}
