package archive

import "encoding/json"

// redactState returns a provider's checkpoint state with its text redacted
// before it is stored. A provider keeps text it has not emitted yet there (a
// prompt that will become the title, the input of a call waiting for its
// result); every such text is redacted again when it is emitted, so
// redacting it early loses nothing. Providers keep their state as JSON, and
// its structure survives redaction (see redactJSON).
func redactState(redact func(string) string, state []byte) []byte {
	if redact == nil || len(state) == 0 {
		return state
	}
	if !json.Valid(state) {
		return []byte(redact(string(state)))
	}
	return redactJSON(state, redact)
}
