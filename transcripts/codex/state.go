package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"hansard/transcripts"
)

// state is what a Parse carries over to the next one in Checkpoint.State:
// the session so far, the working folder and model of the current turn, the
// last message (calls attach to it), calls still waiting for their output,
// processes still running, and whether copied history is being skipped.
type state struct {
	Session transcripts.Session `json:"session"`
	// Emitted is set once the Session record was sent.
	Emitted bool `json:"emitted,omitempty"`
	// Meta is set once the file's own session_meta (or legacy header) was read.
	Meta bool `json:"meta,omitempty"`
	// MetaID is the id that session_meta gave (the session id may have come
	// from the file name when records preceded it).
	MetaID    string `json:"meta_id,omitempty"`
	NextIndex int    `json:"next,omitempty"`
	CWD       string `json:"cwd,omitempty"`
	Model     string `json:"model,omitempty"`
	// Last is the last message emitted; calls attach to it when it is an
	// assistant message.
	Last *transcripts.Message `json:"last,omitempty"`
	// DupUser and DupAssistant stand for the last prompt and assistant
	// text emitted, so that the same text recorded both as a response_item
	// and as an event_msg is indexed once (see twins.go).
	DupUser      dup `json:"dup_user,omitzero"`
	DupAssistant dup `json:"dup_assistant,omitzero"`
	// Pending are calls whose output has not been seen, by call id.
	Pending map[string]*call `json:"pending,omitempty"`
	// Early are outputs whose call has not been seen (see early.go).
	Early []*outcome `json:"early,omitempty"`
	// Recent are the last completed calls, without their result text, for
	// events that arrive after the output (exec_command_end,
	// patch_apply_end).
	Recent []*call `json:"recent,omitempty"`
	// Procs are exec sessions still running ("Process running with session
	// ID N"), by session id; write_stdin polls join their output to them.
	Procs map[string]*call `json:"procs,omitempty"`
	// CopyOf is the id of the session whose history is being copied into
	// this file (a fork); records are skipped until CopyUntil.
	CopyOf    string    `json:"copy_of,omitempty"`
	CopyUntil time.Time `json:"copy_until,omitzero"`

	// Command and Said title the session while it has no title: its first
	// slash command as typed (transcripts.CommandLine), else its first
	// assistant text.
	Command string `json:"command,omitempty"`
	Said    string `json:"said,omitempty"`

	dirty bool // the Session changed since it was last emitted
}

// Call kinds decide what a call's output updates.
const (
	kindOther = ""
	kindShell = "shell" // a Command (and maybe a heredoc write)
	kindPatch = "patch" // apply_patch edits
	kindExec  = "exec"  // code-mode JavaScript, maybe with apply_patch edits
	kindStdin = "stdin" // write_stdin poll of a running exec session
	kindSpawn = "spawn" // spawn_agent
)

// call is a tool call being tracked until its output (and events) arrive.
type call struct {
	Kind    string               `json:"kind,omitempty"`
	Call    transcripts.ToolCall `json:"call"`
	Command *transcripts.Command `json:"command,omitempty"`
	Edits   []transcripts.Edit   `json:"edits,omitempty"`
	// Stdin is the exec session id a write_stdin call polls.
	Stdin string `json:"stdin,omitempty"`
	// Enriched is set once patch_apply_end updated the edits.
	Enriched bool `json:"enriched,omitempty"`
	// Inner are the commands a code-mode script runs (tools.exec_command),
	// keyed by the call id with a "#n" suffix, and InnerSums the digests of
	// their texts, which an exec_command_end is matched by (the state keeps
	// the texts redacted).
	Inner     []transcripts.Command `json:"inner,omitempty"`
	InnerSums []string              `json:"inner_sums,omitempty"`
}

// innerSum returns the digest of the text of inner command i.
func (c *call) innerSum(i int) string {
	if i < len(c.InnerSums) {
		return c.InnerSums[i]
	}
	return digest(c.Inner[i].Command) // a state written before digests were kept
}

const (
	maxRecent     = 4
	maxJoinedText = 1 << 20 // cap of a command result joined from polls
)

func loadState(b []byte) (*state, error) {
	st := &state{}
	if len(b) == 0 {
		return st, nil
	}
	if err := json.Unmarshal(b, st); err != nil {
		return nil, fmt.Errorf("codex: read checkpoint state: %w", err)
	}
	st.DupUser.upgrade()
	st.DupAssistant.upgrade()
	return st, nil
}

func (st *state) encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(st); err != nil {
		return nil, fmt.Errorf("codex: write checkpoint state: %w", err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'}), nil
}

// remember moves a completed call to Recent, dropping its result text.
func (st *state) remember(c *call) {
	delete(st.Pending, c.Call.ID)
	c.Call.Result = ""
	st.Recent = append(st.Recent, c)
	if len(st.Recent) > maxRecent {
		st.Recent = st.Recent[len(st.Recent)-maxRecent:]
	}
}

// find returns the tracked call with id: pending, running or recent.
func (st *state) find(id string) *call {
	if c := st.Pending[id]; c != nil {
		return c
	}
	for _, c := range st.Procs {
		if c.Call.ID == id {
			return c
		}
	}
	for i := len(st.Recent) - 1; i >= 0; i-- {
		if st.Recent[i].Call.ID == id {
			return st.Recent[i]
		}
	}
	return nil
}

// sortedKeys returns a map's keys in order, for deterministic lookups.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
