package transcripts

// StateRedactor is implemented by a provider that keeps text in its
// Checkpoint.State. The archive stores the state with its text redacted;
// RedactState returns the state with every text it holds passed through r,
// and every id, key and digest the provider decides on unchanged, so that
// the next Parse decides as it would have on the bytes it wrote. The state
// of a provider without it is redacted as one JSON text, which may change
// ids (a Bedrock tool call id reads as a secret) and so what a later parse
// decides.
type StateRedactor interface {
	RedactState(state []byte, r Redaction) ([]byte, error)
}

// Redaction is how the archive redacts: Text redacts a text, and Record
// returns a record redacted as the archive stores it (the texts of a
// Session, Message, ToolCall, Edit, Command or Todos record).
type Redaction struct {
	Text   func(string) string
	Record func(Record) Record
}
