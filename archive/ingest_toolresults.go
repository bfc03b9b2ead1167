package archive

import (
	"database/sql"
	"errors"
	"fmt"

	"hansard/transcripts"
)

// resultText is the SQL expression of a tool call's result text (tool_calls
// as c): a result that is the whole text of its tool message is stored
// there only.
const resultText = `CASE WHEN c.result_whole_msg THEN coalesce((SELECT m.text FROM messages m
	WHERE m.session = c.session AND m.idx = c.result_msg), '') ELSE c.result END`

// storedResult returns what to store of a call's result: "" and whole set
// when the result is the whole text of the message that carries it (the
// message is looked up among the held rows first, then in the database).
func (w *writer) storedResult(pk int64, c *transcripts.ToolCall) (result string, whole bool, err error) {
	if !c.ResultInMessage || c.Result == "" {
		return c.Result, false, nil
	}
	var text string
	if h, ok := w.held[rowKey{pk, c.ResultMessageIndex, ""}]; ok && h.msg != nil {
		text = h.msg.Text
	} else {
		err := w.st.messageText.QueryRowContext(w.ctx, pk, c.ResultMessageIndex).Scan(&text)
		if errors.Is(err, sql.ErrNoRows) {
			return c.Result, false, nil
		}
		if err != nil {
			return "", false, fmt.Errorf("message %s/%d: %w", c.SessionID, c.ResultMessageIndex, err)
		}
	}
	if text != c.Result {
		return c.Result, false, nil
	}
	return "", true, nil
}
