package codex

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// resultsFirst moves the line of each call's output to just before the
// line of its call.
func resultsFirst(data []byte) []byte {
	var out [][]byte
	at := map[string]int{} // call id → its line in out
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		var v struct {
			Type    string          `json:"type"`
			CallID  string          `json:"call_id"`
			Payload json.RawMessage `json:"payload"`
		}
		_ = json.Unmarshal(l, &v)
		if len(v.Payload) > 0 {
			_ = json.Unmarshal(v.Payload, &v) // the envelope's item
		}
		to := len(out)
		i, ok := at[v.CallID]
		output := strings.HasSuffix(v.Type, "_output")
		if output && ok {
			to = i
		}
		out = slices.Insert(out, to, l)
		for id, i := range at {
			if i >= to {
				at[id] = i + 1
			}
		}
		if !output && v.CallID != "" && strings.HasSuffix(v.Type, "call") {
			at[v.CallID] = to
		}
	}
	return bytes.Join(out, nil)
}
