package transcripts

import (
	"encoding/json"
	"time"
)

// Provider names.
const (
	ProviderClaude = "claude"
	ProviderCodex  = "codex"
)

// Session classes.
const (
	ClassMain     = "main"
	ClassSubagent = "subagent"
)

// Relations of a session to its ParentID.
const (
	RelSubagent      = "subagent"
	RelResumedFrom   = "resumed_from"
	RelForkedFrom    = "forked_from"
	RelContinuedFrom = "continued_from"
)

// Message roles.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
	RoleSystem    = "system"
)

// Session is one conversation: a main transcript or one subagent's.
type Session struct {
	ID        string
	Provider  string
	Class     string // ClassMain or ClassSubagent
	CWD       string // the working folder recorded by the agent (first seen)
	Branches  []string
	Models    []string
	StartedAt time.Time
	EndedAt   time.Time
	// Title is the agent's own title when it recorded one, else the first
	// human prompt (trimmed to one line). TitleFromAgent tells which.
	Title          string
	TitleFromAgent bool
	Version        string // agent version, last seen

	// ParentID and Relation link a subagent to its parent, or a resumed,
	// forked or continued session to the one it came from. ParentToolCallID
	// names the parent's tool call that spawned a subagent, when known.
	ParentID         string
	Relation         string
	ParentToolCallID string
	// LinkEvidence says how the link was established, for display.
	LinkEvidence string

	// Git state recorded by the agent at the start (Codex records it).
	GitCommit  string
	GitRepoURL string
	// Originator is the client that recorded the session (codex-tui, …).
	Originator string
	// Mirror marks a subagent session built from the copies of its
	// messages in its parent's transcript (Claude Code's agent_progress
	// lines), for when its own file is missing. The session's own file,
	// when there is one, replaces it: the archive keeps a mirror only
	// while no other source holds the session.
	Mirror bool
}

// Message is one entry of a session's transcript.
type Message struct {
	SessionID string
	Index     int // 0-based position in transcript order; never renumbered
	Role      string
	// Human is true for text a person typed; false for injected text
	// (slash-command expansions, environment context, compaction summaries).
	Human bool
	// Kind refines Role: "" for ordinary messages, or "compact_summary",
	// "summary", "thinking", "reasoning", "meta", "event".
	Kind      string
	Text      string
	Timestamp time.Time
	// UUID and ParentUUID keep the provider's message tree (Claude's
	// uuid/parentUuid). OnMainBranch is false for messages on a branch that
	// was abandoned by a rewind or an edited prompt.
	UUID         string
	ParentUUID   string
	OnMainBranch bool
	// Line is the 1-based line of the source file where the message starts.
	Line int
	// ToolCallIDs lists the calls issued by this message, in order.
	ToolCallIDs []string
	// Model that produced an assistant message.
	Model string
}

// ToolCall is one tool invocation and its result.
type ToolCall struct {
	SessionID    string
	ID           string // the provider's call id
	MessageIndex int    // message that issued the call
	Name         string
	Input        json.RawMessage // as recorded (arguments decoded to JSON when the provider stores them as a string)
	Result       string          // result text; empty until the result is seen
	HasResult    bool
	IsError      bool
	ExitCode     *int // shell commands only
	ResultLine   int  // 1-based source line of the result, 0 when not seen
	Line         int  // 1-based source line of the call itself, 0 when not known
	Timestamp    time.Time
	// ResultInMessage says that the result text is also part of the text
	// of message ResultMessageIndex of the same session (a provider that
	// records each batch of tool results as a tool message): a consumer
	// finds it there and need not index it a second time.
	ResultInMessage    bool
	ResultMessageIndex int
	// InputText is the searchable text of the call's input, chosen by the
	// provider: what the call wrote (an edit's new text, a file's content,
	// a patch's added lines), the command it ran, the pattern it searched
	// for, the paths and the string arguments it named; never the text an
	// edit replaced, which is the code as it was. Empty when the input
	// holds nothing to search.
	InputText string
	// FullResult is the whole output when Result is only a preview the
	// agent was shown (Claude Code's <persisted-output>) and the
	// transcript keeps more of it; empty otherwise.
	FullResult string
}

// Edit operations.
const (
	OpUpdate = "update"
	OpCreate = "create"
	OpWrite  = "write"  // a whole-file write whose prior content is unknown
	OpAppend = "append" // NewText added at the end of the file
	OpDelete = "delete"
	OpMove   = "move"
)

// Edit is one file change requested by a tool call. A call may carry several
// edits (MultiEdit, a multi-file patch); Seq orders them within the call.
type Edit struct {
	SessionID    string
	ToolCallID   string
	Seq          int
	MessageIndex int
	Tool         string // Edit, Write, MultiEdit, NotebookEdit, apply_patch, …
	File         string // absolute path as recorded (or resolved against CWD)
	MoveTo       string // new path for a move
	CWD          string // working folder when the edit was made
	Op           string
	OldText      string // Edit old_string; previous content when known
	NewText      string // Edit new_string; Write content; added file content
	Patch        string // unified or apply_patch text when that is what was recorded
	Hunks        []Hunk // structured hunks when recorded or derived from a patch
	ReplaceAll   bool
	// Status: "ok", "failed" or "pending" (no result seen yet).
	Status    string
	Timestamp time.Time
}

// Edit statuses.
const (
	EditOK      = "ok"
	EditFailed  = "failed"
	EditPending = "pending"
)

// Succeeded reports whether the edit is usable as evidence.
func (e Edit) Succeeded() bool { return e.Status == EditOK }

// Hunk is one hunk of a line diff. Starts are 1-based; Lines carry a
// ' ', '-' or '+' prefix and no newline.
type Hunk struct {
	OldStart int
	OldLines int
	NewStart int
	NewLines int
	Lines    []string
}

// Command is a shell command run by the agent.
type Command struct {
	SessionID    string
	ToolCallID   string
	MessageIndex int
	Command      string
	CWD          string
	ExitCode     *int // nil when unknown
	// IsTest and TestStatus are derived from Command and ExitCode by
	// Classify, once, by whoever receives the record (the archive, the
	// Collector of providertest): a provider reports the command and its
	// exit code and leaves them unset. TestStatus is "pass", "fail" or ""
	// (not a test, or no result).
	IsTest     bool
	TestStatus string
	Timestamp  time.Time
}

// Todo is one item of a todo or plan snapshot.
type Todo struct {
	SessionID    string
	MessageIndex int
	ToolCallID   string
	Seq          int // position in the snapshot
	ItemID       string
	Text         string
	Status       string // pending, in_progress, completed, deleted, …
	Timestamp    time.Time
}
