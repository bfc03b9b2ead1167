package transcripts

import (
	"context"
	"io"
)

// Source is one transcript file found by a provider's discovery.
type Source struct {
	Provider string
	Path     string // absolute path of the file on disk
	// Class is ClassMain or ClassSubagent as far as the layout tells.
	Class string
	// Kind is how the agent writes the file (KindAppend when zero).
	Kind Kind
	// Side, when not nil, holds the files beside the source that Parse
	// reads (see SideFiler) by path, as the archive last saw them.
	Side map[string][]byte
}

// Checkpoint is where a previous Parse of a source stopped. The archive
// stores it and hands it back so that the next Parse reads only what was
// appended. The zero Checkpoint means "from the start".
type Checkpoint struct {
	Offset int64 // bytes consumed: the offset just after the last complete line
	Line   int   // complete lines consumed
	// NextIndex is the index the next new message of the file's primary
	// session will get. Providers may keep more in State.
	NextIndex int
	// Generation is, for a snapshot source (KindSnapshot), how many
	// generations of it were read before this one: 0 the first time. The
	// archive sets it; Offset and Line stay 0 for such a source.
	Generation int
	// State is provider-private (for example calls still waiting for their
	// results, the assistant message still being joined). Providers must
	// keep it small: it is rewritten on every refresh. The archive stores
	// it with its text redacted (see StateRedactor), so a provider must
	// decide nothing on text it keeps there: it compares digests instead.
	State []byte
}

// Env looks up an environment variable (os.Getenv in production, a map in tests).
type Env func(key string) string

// Provider turns one agent's files into records of the normalized model.
// Implementations must be safe for concurrent Parse calls on different sources.
type Provider interface {
	// Name is the provider name stored with every session (ProviderClaude, …).
	Name() string
	// Roots returns the folders to discover transcripts in, derived from env.
	// Roots that do not exist are returned too; Discover skips them.
	Roots(env Env) []string
	// Discover walks roots and calls fn for every transcript file. A folder
	// that cannot be read is reported to fn's caller through warn and
	// skipped; Discover only fails when ctx is done or fn fails.
	Discover(ctx context.Context, roots []string, warn func(path string, err error), fn func(Source) error) error
	// Parse reads src from r, which is positioned at cp.Offset, and emits
	// records to sink. A snapshot source (KindSnapshot) is read whole, from
	// Offset 0 with the State of the generation before, and the Offset and
	// Line it returns are ignored; what follows is about sources read by
	// lines (Kind.Lines). Parse consumes complete lines only: a torn last
	// line (no trailing newline) is left for the next call. A last line
	// without a newline that is one complete JSON object (ReadLines marks it
	// Unterminated) is parsed and its records emitted, but the returned
	// checkpoint (offset, line count, NextIndex and State) is the one from
	// before it, so that the next call reads it again and emits its records
	// again under the same keys, replacing them. It returns the checkpoint
	// to resume from. A malformed line is reported as a Problem and skipped;
	// Parse fails only on read errors, ctx cancellation or a sink error, and
	// then the returned checkpoint must not be stored.
	Parse(ctx context.Context, src Source, r io.Reader, cp Checkpoint, sink Sink) (Checkpoint, error)
}

// Sink receives parsed records. A record replaces any earlier record with the
// same key (see Record), so providers may emit a record again when it grows.
type Sink func(Record) error

// Record is exactly one of its fields. Keys:
//   - Session: ID. Emit the whole current session; later copies replace it.
//   - Message: (SessionID, Index).
//   - ToolCall: (SessionID, ID).
//   - Edit: (SessionID, ToolCallID, Seq).
//   - Command: (SessionID, ToolCallID).
//   - Todos: (SessionID, ToolCallID); the snapshot replaces the previous one of that call.
//   - Link: (SessionID, ParentID, ParentMessageUUID, Relation).
//   - Capture: (SessionID, ToolCallID).
//   - Retraction: not keyed; applied in order (see Retraction).
//   - Problem: not keyed; counted per source, once per line and kind (a
//     line read again reports its problem again).
type Record struct {
	Session  *Session
	Message  *Message
	ToolCall *ToolCall
	Edit     *Edit
	Command  *Command
	Todos    *TodoSnapshot
	Link     *Link
	Capture  *Capture
	// Retraction says that messages left the agent's history.
	Retraction *Retraction
	Problem    *Problem
}

// TodoSnapshot is the whole todo list or plan as one call left it.
type TodoSnapshot struct {
	SessionID    string
	ToolCallID   string
	MessageIndex int
	Items        []Todo
}

// Link ties a session to another: a subagent to its parent (and the parent's
// call that spawned it), a resumed, forked or continued session to its origin.
//
// When the file names only a message of the origin (Claude's summary
// leafUuid, a compact_boundary's logicalParentUuid, the parentUuid of a
// session's first line), ParentID is empty and ParentMessageUUID holds that
// message's UUID: the archive links the session to whichever session owns
// the message, once it has read that session, in whatever order the files
// come. A message of the session itself names no origin and gives no link.
type Link struct {
	SessionID         string
	ParentID          string
	ParentMessageUUID string // with ParentID empty: a message (Message.UUID) of the origin
	Relation          string // RelSubagent, RelResumedFrom, …
	ParentToolCallID  string
	Evidence          string // human-readable: how the link was established
}

// Problem kinds.
const (
	ProblemMalformed   = "malformed"    // not valid JSON, or binary garbage
	ProblemUnknownType = "unknown_type" // a record type this parser does not know (skipped)
	ProblemOversized   = "oversized"    // a line longer than MaxLineBytes (skipped)
)

// Problem is a line that could not be used. Parsing goes on after it.
type Problem struct {
	Line   int // 1-based line in the source file
	Kind   string
	Detail string
}
