package provenance

import "fmt"

// Attribution statuses.
const (
	// StatusProven: exact text, introduced by an archived edit to this file
	// (or a path it had), before the commit git blame names, one session.
	StatusProven = "proven"
	// StatusPossible: the text matches but the evidence is weaker; Reason
	// says how (whitespace only, another path, timing within clock slack).
	StatusPossible = "possible"
	// StatusConflicting: several sessions qualify equally; all are listed in
	// Candidates and none is picked.
	StatusConflicting = "conflicting"
	// StatusUncommitted: a working-tree line not committed yet, matched to
	// an edit.
	StatusUncommitted = "uncommitted"
	// StatusNone: no archived edit explains the line.
	StatusNone = "none"
)

// Attribution answers "which conversation wrote this line" for one line.
type Attribution struct {
	Path   string      `json:"path"`
	Line   int         `json:"line"`
	Text   string      `json:"text"`
	Status string      `json:"status"`
	Reason string      `json:"reason"`
	Commit *CommitInfo `json:"commit"`
	Edit   *EditRef    `json:"edit"`
	// Candidates are the sessions' edits that qualified equally
	// (StatusConflicting only).
	Candidates []EditRef `json:"candidates"`
	// Chain lists the other archived edits that introduced this line's text
	// in this file's lineage before the commit, oldest first.
	Chain []EditRef `json:"chain"`
}

// CommitInfo is the commit git blame names for a line.
type CommitInfo struct {
	SHA     string `json:"sha"`
	Author  string `json:"author"`
	Time    string `json:"time"` // author time, local with UTC offset
	Summary string `json:"summary"`
}

// EditRef names one archived edit.
type EditRef struct {
	SessionID    string `json:"session_id"`
	Provider     string `json:"provider"`
	SessionTitle string `json:"session_title"`
	// SessionStarted is the session's start, local with UTC offset.
	SessionStarted string `json:"session_started"`
	MessageIndex   int    `json:"message_index"`
	Tool           string `json:"tool"`
	ToolCallID     string `json:"tool_call_id"`
	Seq            int    `json:"seq"`
	Path           string `json:"path"` // the repo-relative file the edit was to
	TimeLocal      string `json:"time_local"`
	PromptExcerpt  string `json:"prompt_excerpt"`
	// Source links to the transcript line of the edit's tool call (file://…#L123),
	// the retained copy when the original is gone.
	Source string `json:"source"`
	// Open is the command that reads the conversation around the edit's
	// message (hansard show SESSION --around INDEX).
	Open string `json:"open,omitempty"`
	// Said is the assistant's own words with the edit: the text of the
	// message that made the call, or of the one before it, on one line.
	Said string `json:"said,omitempty"`
	// Diff is the edit's own change (a unified diff of its old and new
	// text, the patch it applied, or a shell command's command line), when
	// asked for.
	Diff string `json:"diff,omitempty"`
}

// OpenCommand returns the command that reads the conversation around the
// edit's message.
func (r EditRef) OpenCommand() string {
	return fmt.Sprintf("hansard show %s --around %d", r.SessionID, r.MessageIndex)
}

// Key identifies the edit referred to.
func (r EditRef) Key() EditKey {
	return EditKey{SessionID: r.SessionID, ToolCallID: r.ToolCallID, Seq: r.Seq}
}
