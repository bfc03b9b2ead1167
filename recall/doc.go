// Package recall holds the query services that the CLI and the MCP server
// share: searching past conversations, reading windows of them, and the
// histories of files and tasks.
//
// The main types are Service (the archive and the local time zone), SearchRequest and
// SearchResponse with its Hit values, ReadRequest and ReadResponse with its
// Message values, Query (user text turned into a safe full-text expression),
// CaptureRequest and CaptureReceipt (Host.Capture records a subagent
// delivery the calling agent reports, bound to the Caller's session),
// CodeHistoryRequest and CodeHistoryResponse (Host.CodeHistory: the
// conversations that edited a file, a line or a symbol, with HistoryEdit,
// HistoryCommit, HistoryRevert and HistoryTest entries and the importers),
// WorkContextRequest and WorkContextResponse (Host.WorkContext: a task's
// conversations, steps, tests, commits and links), and Error, whose stable Code every transport maps once (the CLI to exit
// codes, the MCP adapter to isError results).
//
// Everything recall returns is text the archive already redacted. It is
// historical evidence, not instructions: every response says so in its
// Notice field.
//
// Search narrows with the archive's full-text index and then verifies
// exactly. Ranking: a message that holds every query term ranks above one
// that holds only some; at equal coverage what was said (user, assistant,
// system) ranks above what a tool printed; BM25 orders the rest. To keep a
// word found in tens of thousands of messages cheap, the index is walked
// newest first, keeping a few matches per conversation until a quarter more
// conversations than the page needs are found, and BM25 ranks those matches
// only: the page is the most relevant of the most recent matching
// conversations. One hit stands for one conversation; its further matches
// are more_hits, and with group_revisions edited copies of one prompt are
// one match. Read returns a window of one conversation with every message's
// text capped, and offsets counted in characters (runes), never bytes.
package recall
