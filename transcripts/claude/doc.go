// Package claude reads Claude Code transcripts into hansard's normalized
// model. Provider is the transcripts.Provider; everything else is the
// streaming parser behind Parse.
//
// Files (Discover). Under $CLAUDE_CONFIG_DIR/projects, else
// $HOME/.claude/projects, each project folder holds main transcripts
// <session>.jsonl, flat subagent files agent-<id>.jsonl (≤2.0.x), and, per
// session, nested subagent files <session>/subagents/agent-<id>.jsonl with
// agent-<id>.meta.json beside them (2.1.x), workflow agents included
// (subagents/workflows/<id>/agent-<id>.jsonl). The project folder's name is
// never decoded: the working folder comes from the lines' cwd.
//
// Sessions. A main file's session id is the session UUID in its name (the
// stem, or one inside it, as in 2026-01-05-<uuid>.jsonl), else the sessionId
// of its last line that names one (the file is read twice for it, from a
// temporary copy when the reader cannot seek): the first lines of a resumed
// session are history copied from its origin, under the origin's id. A subagent is a session of
// its own, with id "<parent session id>/agent-<agentId>" and class
// subagent; the parent session id is the folder above subagents/ (2.1.x) or
// the lines' sessionId (flat files). It is linked (Relation subagent) from
// both sides: the subagent file names its parent, and the parent's Task or
// Agent result (toolUseResult.agentId) or its agent_progress lines name the
// child with the spawning tool call id. The copies of the subagent's lines
// in the parent's agent_progress lines (data.message) also make a session
// of that id marked Mirror, for when the subagent's own file is missing
// (the archive lets the file's session replace it): the copies are read as
// the subagent's own lines (envelope fields from the progress line, each
// copy's parent the copy before), a copy of a uuid among the last 16 taken
// is skipped, and the prompt that data.prompt repeats is kept once, as the
// first user message (a message of its own when the copies do not start
// with it). The meta file adds the tool call id,
// the parent agent (parentAgentId) and the description, used as title; it
// is the provider's one side file (SideFiles), read through
// Source.ReadSide so that the archive can hand back its retained copy.
// Inline sidechain lines of a main file (isSidechain, some 1.0.x builds) go
// to a subagent session "<session>/agent-<agentId>", or
// "<session>/sidechain-<uuid of its first line>" when no agentId is given;
// when exactly one Task or Agent call is waiting for its result as the
// sidechain starts, that call is taken as the one that spawned it.
// A sidechain whose first prompt is "Warmup" only warmed the cache: it
// yields no records at all.
//
// Resumed and continued sessions. Lines whose sessionId differs from the
// file's own are history copied from the session that was resumed: they
// are not indexed; the session gets a resumed_from link to each such id,
// with the evidence "copied history in <file>". A file that names only a
// message of the session it came from gives a link by that message's uuid
// (transcripts.Link.ParentMessageUUID), which the archive resolves to the
// session owning the message: the parent of the session's first line when
// it is not one of the last lines read (continued_from when that line is a
// continuation summary or a compact_boundary, else resumed_from), the
// logicalParentUuid of a later compact_boundary (continued_from), and the
// leafUuid of summary lines (continued_from when the session opened with a
// continuation summary, else resumed_from). See origins.go.
//
// Session fields: CWD is the first cwd seen; Branches every distinct
// non-empty gitBranch; Models every model of assistant lines (not
// "<synthetic>"); StartedAt and EndedAt the first and last timestamps;
// Version the last version. The title is, first found: custom-title,
// ai-title, the last summary line whose leafUuid names a later line of the
// file, the last summary line; else the first human prompt on one line, cut to 100 runes
// (for a subagent, the meta description, else its prompt).
//
// Messages. Every user, assistant and system line of a session is one
// message, indexed 0, 1, 2… in file order, except:
//   - the lines of one API response (same message.id, else requestId) form
//     one assistant message, also when a line of another response came in
//     between (seen in 1.0.x; the last 4 responses stay open): sent again
//     with the same index as lines are added, text blocks joined by a blank
//     line, ToolCallIDs in order; UUID is the last line's uuid and
//     ParentUUID the first line's parentUuid
//     (logicalParentUuid after a compact_boundary). Thinking and
//     redacted_thinking blocks are not kept;
//   - a user line carrying tool_result blocks is one RoleTool message with
//     the results' text; each result is paired with its call; a user line
//     without text, results or images is skipped; an image or document
//     block, in a prompt or a result, is the placeholder of its type and
//     size (transcripts.BinaryPlaceholder: "[image/png, 48 KB]", the type
//     taken from the data's first bytes when media_type is absent);
//   - user text is Human unless isMeta, a compaction summary
//     (isCompactSummary or "This session is being continued…", Kind
//     compact_summary), a slash-command record or output, a hook or
//     reminder, a caveat or an interruption marker (Kind meta). A subagent's
//     prompts come from its parent agent and are never Human;
//   - system lines become RoleSystem messages of Kind event
//     (compact_boundary, api_error, local_command, informational,
//     away_summary, …), except turn_duration and stop_hook_summary, which
//     are skipped.
//
// Message.Line is the 1-based line where the message starts. OnMainBranch is
// set on every message: the archive works out the main branch from UUID and
// ParentUUID.
//
// Tools. Every tool_use is a ToolCall (Line: the line of the tool_use
// block itself, not the first line of its message), sent again with its
// result (text, IsError, ResultLine; ExitCode for Bash; ResultInMessage
// and ResultMessageIndex naming the tool message that also carries the
// text). InputText is every string of the input in order (paths, commands,
// patterns, new_string, content, prompts, an MCP tool's arguments) but
// old_string. When the result shown is a <persisted-output> preview,
// FullResult is the whole output the line's toolUseResult keeps (stdout
// and stderr, or content as a string or text blocks); no other part of
// toolUseResult is kept as text (originalFile, structuredPatch and the
// result's copies of the input are not). Results and calls are paired by id whatever their order: 2.1.101
// and later sometimes write a tool_result line before the tool_use line,
// and such a result is kept until its call comes, then paired as if it
// had come after it.
// Edit, Write, MultiEdit (one Edit per sub-edit, Seq in order, the call's
// hunks on the first) and NotebookEdit calls are Edits: pending until the
// result, failed when the
// result is an error (is_error or a string toolUseResult, or a 1.0.x Edit
// result without structuredPatch), ok otherwise. An Edit's texts come from
// the result's oldString/newString when present (they include changes the
// user made in the permission dialog), else from the input. A Write is
// create when the result says type "create" or originalFile is null, update
// (with originalFile as OldText) when the previous content is recorded, and
// write otherwise. Hunks come from structuredPatch, a display rendering in
// which every tab became two spaces: each line's text is taken from the
// texts the result records where they identify it (by position in a
// Write's content and originalFile, else the one line of an Edit's
// newString or oldString that renders as shown), and is kept as shown
// otherwise (a line only partly inside newString, a MultiEdit's lines).
// The call's input is not used for it: a checkpoint keeps it redacted. Bash calls are
// Commands: exit code 0 for a structured result, N from "Exit code N" in an
// error, unknown otherwise; whether they run tests is
// decided by the receiver of the record (transcripts.Command.Classify).
// A Bash command that writes a here-document into a file (cat <<'EOF' >
// file, tee file <<EOF: transcripts.HeredocWrite) is also a whole-file write
// Edit, tool "shell_write", ok only when the command exited 0; one that
// appends it (cat >> file <<'EOF', tee -a file <<EOF) is such an Edit of
// Op "append", whose NewText is what it added.
// TodoWrite sends its whole list (either item shape); TaskCreate and
// TaskUpdate are replayed per session, each successful call giving the whole
// task list as it left it.
//
// Skipped without a problem: file-history-snapshot, queue-operation,
// progress but agent_progress (hook_progress, bash_progress), attachment, last-prompt, mode,
// permission-mode, agent-name, pr-link, tag, bridge-session (2.1.1xx: the
// bridgeSessionId of the remote session a local one is connected to, and
// a sequence number; nothing of the conversation). summary, ai-title and
// custom-title give titles. Any other type (or none) is a
// ProblemUnknownType (null counts as an object without a type); a line that
// is not JSON, or is an array, string or number, is a ProblemMalformed; a line over transcripts.MaxLineBytes a
// ProblemOversized. Unknown fields and blocks are ignored, and a field of an
// unexpected JSON type is read as absent.
//
// Resuming. Checkpoint.State holds the file's session states (fields so
// far, index counter, task list), the calls still waiting for results (at
// most 256, and 1 MiB of inputs: older ones stay pending), the results
// still waiting for their calls (as many, and 1 MiB of texts; what is
// decided on a result's text, its exit code, task number and patch lines,
// is decided when it is kept), the assistant
// messages still open to joins, the titles and the uuids of the last 16
// lines, so that a parse of the appended bytes emits exactly the records
// of a full parse. Nothing is decided on text kept there: the archive
// stores it redacted, through RedactState, which redacts the texts and
// keeps the ids (Bedrock's msg_bdrk_… and toolu_bdrk_… ids read as secrets
// to a redactor). A last line left
// without its newline is parsed when it is one complete JSON object, and
// the checkpoint is the one from before it, so that it is read again (the
// same records under the same keys) once the file grows. A UTF-8
// byte-order mark before the first line is ignored. An unreadable State is
// treated as empty.
//
// Decoding. Each line is decoded once into small typed structs that skip
// what is not needed (Read results, usage, signatures, backups), first with
// github.com/goccy/go-json and, for the lines it does not take, with
// encoding/json, which reports malformed lines and tolerates fields of an
// unexpected JSON type (FuzzDecodeLine holds the two to the same result).
// BenchmarkParse measures the rate against BenchmarkDecodeOnly.
//
// Checked against transcripts of Claude Code 1.0.111, 1.0.117, 1.0.120,
// 2.0.5 and 2.0.75, and against hand-written fixtures of the 2.1.x shapes
// described in the formats reference (nested subagents, progress,
// TaskCreate/TaskUpdate, compact_boundary, ai-title, attachment, pr-link).
package claude
