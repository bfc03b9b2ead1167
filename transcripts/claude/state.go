package claude

import (
	"encoding/json"
	"slices"
	"time"

	"hansard/transcripts"
)

// maxPending and maxPendingBytes bound the tool calls kept waiting for their
// results, and the size of their inputs; the oldest is dropped (its records
// stay pending) when a file has more.
const (
	maxPending      = 256
	maxPendingBytes = 1 << 20
)

// maxRecent is how many line uuids the parser remembers (see state.Recent).
const maxRecent = 16

// maxJoins is how many recent assistant messages a line of the same API
// response can still join: 1.0.x sometimes wrote another response's line in
// between.
const maxJoins = 4

// maxOpenJoins bounds the assistant messages open to joins over all the
// sessions of a file, so that the checkpoint stays small.
const maxOpenJoins = 32

// state is what a Parse carries over to the next one through
// Checkpoint.State. Everything the parser decides depends only on it and on
// the lines read, so a parse resumed from a checkpoint emits exactly the
// records of a full parse.
type state struct {
	// Own is the file's own session id once known: the session UUID in the
	// name of a main transcript (or its last sessionId when the name holds
	// none; see ownid.go), or "<parent>/agent-<agentId>" for a subagent file.
	Own      string                   `json:"own,omitempty"`
	Sessions map[string]*sessionState `json:"ss,omitempty"`
	Pending  []*pendingCall           `json:"pending,omitempty"`
	// Early are results that came before their calls (see early.go).
	Early []*earlyResult `json:"early,omitempty"`
	// Joins are the latest assistant messages (at most maxJoins of each
	// session), still open to lines of the same API response.
	Joins  []*join `json:"joins,omitempty"`
	Titles titles  `json:"titles"`
	// Linked lists links already emitted ("resumed:<id>", "agent:<id>").
	Linked []string `json:"linked,omitempty"`
	// Side maps the uuid of an inline sidechain line (1.0.x) to the
	// session it went to.
	Side map[string]string `json:"side,omitempty"`
	// Opened is the relation of the own session to the session it came
	// from, set at its first line (see origins.go).
	Opened string `json:"opened,omitempty"`
	// Recent are the uuids of the last lines that had one (at most
	// maxRecent, oldest first): a reference to one of them stays in the file.
	Recent []string `json:"recent,omitempty"`
}

// sessionState is what is known of one session of the file.
type sessionState struct {
	S    transcripts.Session `json:"s"`
	Next int                 `json:"next"`
	// Skip marks a "Warmup" sidechain: its lines are ignored.
	Skip        bool   `json:"skip,omitempty"`
	FirstPrompt string `json:"prompt,omitempty"`
	// Command and Said title a session that has no FirstPrompt: its first
	// slash command as typed (transcripts.CommandLine), else its first
	// assistant text.
	Command string `json:"command,omitempty"`
	Said    string `json:"said,omitempty"`
	Tasks   []task `json:"tasks,omitempty"`
	// Emitted is set once a record of the session was sent.
	Emitted bool `json:"emitted,omitempty"`
	// Copied are the uuids of the last messages a mirror session took
	// from agent_progress lines (at most maxRecent, oldest first).
	Copied []string `json:"copied,omitempty"`
}

// task is one entry of the TaskCreate/TaskUpdate list.
type task struct {
	ID      string `json:"id"`
	Subject string `json:"subject"`
	Status  string `json:"status"`
}

// titles are the titles the file records for its own session.
type titles struct {
	Custom  string `json:"custom,omitempty"`
	AI      string `json:"ai,omitempty"`
	Summary string `json:"summary,omitempty"`
	// Leaves are the leafUuids of summaries not yet matched to a message of
	// the file, with their summary; a matched summary wins over others.
	Leaves  map[string]string `json:"leaves,omitempty"`
	Matched string            `json:"matched,omitempty"`
}

// pendingCall is a tool call still waiting for its result.
type pendingCall struct {
	Session string `json:"session"`
	ID      string `json:"id"`
	Name    string `json:"name"`
	// Input is kept as a string so that its bytes survive the round trip
	// through the checkpoint unchanged (a RawMessage would be compacted).
	Input        string    `json:"input,omitempty"`
	MessageIndex int       `json:"msg"`
	Line         int       `json:"line,omitempty"` // the call's own line
	CWD          string    `json:"cwd,omitempty"`
	Version      string    `json:"version,omitempty"`
	Timestamp    time.Time `json:"ts"`
	// text caches the input's searchable text within one Parse (the
	// checkpoint does not keep it: it is derived from Input again).
	text *string
}

// join is the assistant message being assembled from the lines of one API
// response (same message.id).
type join struct {
	Session string              `json:"session"`
	Key     string              `json:"key"`
	Msg     transcripts.Message `json:"msg"`
}

func decodeState(cp transcripts.Checkpoint) *state {
	st := &state{}
	if cp.Offset > 0 && len(cp.State) > 0 {
		if json.Unmarshal(cp.State, st) != nil {
			st = &state{} // unreadable state: carry on as from a fresh file
		}
	}
	if st.Sessions == nil {
		st.Sessions = map[string]*sessionState{}
	}
	return st
}

func (st *state) encode() ([]byte, error) { return json.Marshal(st) }

func (st *state) linked(key string) bool {
	for _, k := range st.Linked {
		if k == key {
			return true
		}
	}
	st.Linked = append(st.Linked, key)
	return false
}

func (st *state) addPending(pc *pendingCall) {
	st.Pending = append(st.Pending, pc)
	size := 0
	for _, p := range st.Pending {
		size += len(p.Input)
	}
	for len(st.Pending) > 1 && (len(st.Pending) > maxPending || size > maxPendingBytes) {
		size -= len(st.Pending[0].Input)
		st.Pending = st.Pending[1:]
	}
}

// takePending removes and returns the pending call with this id.
func (st *state) takePending(id string) *pendingCall {
	for i, pc := range st.Pending {
		if pc.ID == id {
			st.Pending = append(st.Pending[:i:i], st.Pending[i+1:]...)
			return pc
		}
	}
	return nil
}

// findJoin returns the open assistant message of an API response.
func (st *state) findJoin(session, key string) *join {
	if key == "" {
		return nil
	}
	for _, j := range st.Joins {
		if j.Session == session && j.Key == key {
			return j
		}
	}
	return nil
}

// addJoin opens j to joins, closing the oldest of its session's when that
// session has maxJoins open: the lines of subagents copied into the file
// (agent_progress) come between the parent's and do not close its own.
func (st *state) addJoin(j *join) {
	n, oldest := 0, -1
	for i, o := range st.Joins {
		if o.Session == j.Session {
			if oldest < 0 {
				oldest = i
			}
			n++
		}
	}
	if n >= maxJoins {
		st.Joins = append(st.Joins[:oldest:oldest], st.Joins[oldest+1:]...)
	} else if len(st.Joins) >= maxOpenJoins {
		// The oldest of another session's: a subagent that has finished.
		for i, o := range st.Joins {
			if o.Session != j.Session {
				st.Joins = append(st.Joins[:i:i], st.Joins[i+1:]...)
				break
			}
		}
	}
	st.Joins = append(st.Joins, j)
}

// seen remembers the uuid of a line (see Recent).
func (st *state) seen(uuid string) {
	if len(st.Recent) < maxRecent {
		st.Recent = append(st.Recent, uuid)
		return
	}
	copy(st.Recent, st.Recent[1:])
	st.Recent[len(st.Recent)-1] = uuid
}

// recent reports whether uuid is one of the last lines of the file.
func (st *state) recent(uuid string) bool {
	return slices.Contains(st.Recent, uuid)
}
