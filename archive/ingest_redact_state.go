package archive

import (
	"encoding/json"

	"hansard/transcripts"
)

// redactState returns a provider's checkpoint state with its text redacted
// before it is stored. A provider keeps text it has not emitted yet there (a
// prompt that will become the title, the input of a call waiting for its
// result); every such text is redacted again when it is emitted, so
// redacting it early loses nothing. A provider that knows which of its
// state is text (transcripts.StateRedactor) redacts it as its records are
// redacted, keeping its ids; the state of any other is redacted as one JSON
// text, whose structure survives redaction (see redactJSON).
func redactState(p transcripts.Provider, redact func(string) string, state []byte) []byte {
	if redact == nil || len(state) == 0 {
		return state
	}
	if sr, ok := p.(transcripts.StateRedactor); ok {
		r := transcripts.Redaction{Text: redact, Record: func(rec transcripts.Record) transcripts.Record {
			out, _ := copyRecord(rec, redact)
			return out
		}}
		if out, err := sr.RedactState(state, r); err == nil {
			return out
		}
	}
	if !json.Valid(state) {
		return []byte(redact(string(state)))
	}
	return redactJSON(state, redact)
}
