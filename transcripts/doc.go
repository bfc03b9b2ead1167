// Package transcripts holds hansard's normalized model of coding-agent
// conversations and the Provider interface that each agent's parser implements.
//
// The model's main types are Session, Message, ToolCall, Edit, Command and
// Todo. A provider streams a source file (one transcript on disk) into a Sink
// as Records; every record carries the key it is stored under, so that a
// record emitted again later (a tool call whose result arrived, an assistant
// message that spans several lines) replaces the earlier copy instead of
// adding a new one. This is what lets the archive read only the bytes
// appended to a transcript since the last refresh: the provider is handed
// back the small Checkpoint it returned last time and carries on from there.
// A provider whose Parse reads files beside a source names them (SideFiler)
// and reads them through Source.ReadSide, so that the archive can retain
// them and hand them back once the agent has deleted them.
//
// A source has a Kind: appended lines (KindAppend, the zero Kind), lines
// of records upserted by id (KindUpsert) or a snapshot rewritten whole and
// read whole, generation by generation (KindSnapshot). IDIndex keeps the
// index an agent's id got, and a Retraction takes messages out of a
// session's history without renumbering them (SnapshotSeen derives those
// a new snapshot implies). What is derived from records is derived by
// their receiver, once: Command.Classify (test runs and their results)
// and Record.Texts (every string field, with the kind of text it holds,
// for redaction and search).
//
// Contracts relied on by every other package:
//   - Session ids are the provider's own ids; a subagent is its own session
//     linked to its parent by ParentID and Relation.
//   - Message indexes are 0-based positions in transcript order. Appending to
//     a transcript never renumbers earlier messages.
//   - Times are UTC.
//   - Discovery hands on regular files, and links only to regular files
//     inside the provider's roots; it reports any other file whose name is
//     a transcript's as a SkippedError (SourceFilter decides).
//   - ReadLines asks its reader's LineGate, when it has one, before it
//     holds a line past LongLine bytes, so that a caller reading several
//     files at once can bound the memory long lines take.
//   - Binary content is text only as a placeholder of its type and size
//     (BinaryPlaceholder, "[image/png, 48 KB]"): providers write one for the
//     images and documents they recognise, and the archive passes every
//     message text and tool result through ElideBinary (base64 runs,
//     data: URLs, non-text output) before storing and indexing it.
package transcripts
