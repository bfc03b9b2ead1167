package recall

import (
	"encoding/json"

	"hansard/tokenizer"
)

// tokenCount is the size of v in tokens: its JSON as tokenizer.Count
// counts it (within 10 % of cl100k_base and o200k_base). The text tree
// of an answer is shorter than its JSON, so a budget met by the JSON is
// met by both.
func tokenCount(v any) int {
	b, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	return tokenizer.CountBytes(b)
}
