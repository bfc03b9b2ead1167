package claude

import (
	"bytes"
	"encoding/json"
	"slices"
)

// resultsFirst moves each line carrying tool results to just before the
// line of the first of their calls, as Claude Code 2.1.101 and later
// sometimes write them.
func resultsFirst(data []byte) []byte {
	var out [][]byte
	at := map[string]int{} // call id → its line in out
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		var v struct {
			Message struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		var blocks []block
		if json.Unmarshal(l, &v) == nil {
			_ = json.Unmarshal(v.Message.Content, &blocks) // a string content has none
		}
		to := -1
		for _, b := range blocks {
			if i, ok := at[b.ToolUseID]; b.Type == "tool_result" && ok && (to < 0 || i < to) {
				to = i
			}
		}
		if to < 0 {
			to = len(out)
		}
		out = slices.Insert(out, to, l)
		for id, i := range at {
			if i >= to {
				at[id] = i + 1
			}
		}
		for _, b := range blocks {
			if b.Type == "tool_use" {
				at[b.ID] = to
			}
		}
	}
	return bytes.Join(out, nil)
}
