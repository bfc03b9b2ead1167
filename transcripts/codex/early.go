package codex

import (
	"strings"

	"hansard/transcripts"
)

// A call's output is paired with the call by call_id whatever their order:
// an output that comes before its call is kept (in the checkpoint state
// too, through transcripts.KeepEarly) until the call comes, and applied
// then.

// outcome is what a call's output says, read from its text once, whatever
// the call: the state keeps it with its text redacted, so nothing is
// decided on the text later.
type outcome struct {
	ID   string `json:"id,omitempty"`
	Line int    `json:"line,omitempty"`
	Text string `json:"text,omitempty"`
	Exit *int   `json:"exit,omitempty"`
	// Running is the exec session id of a command still running.
	Running string `json:"running,omitempty"`
	// Child is the thread id a spawn_agent output names.
	Child string `json:"child,omitempty"`
	// Listed are the files an apply_patch output lists as done; Success,
	// Failure and Script say whether it reports success, a failure, or a
	// code-mode script that completed.
	Listed  []string `json:"listed,omitempty"`
	Success bool     `json:"success,omitempty"`
	Failure bool     `json:"failure,omitempty"`
	Script  bool     `json:"script,omitempty"`
	// Poll is the command output of a write_stdin poll.
	Poll string `json:"poll,omitempty"`
}

// kindUnknown is the kind of a call not seen yet: its output is read for
// every kind.
const kindUnknown = "?"

// readOutcome reads an output of a call of kind for what it says to such
// a call.
func readOutcome(raw text, kind string) outcome {
	text, exit := decodeOutput(raw)
	o := outcome{Text: text, Exit: exit}
	all := kind == kindUnknown
	if all || kind == kindShell {
		o.Running = runningSession(text)
	}
	if all || kind == kindSpawn {
		o.Child = childThreadID(text)
	}
	if all || kind == kindStdin {
		o.Poll = pollOutput(text)
	}
	if all || kind == kindPatch || kind == kindExec {
		o.Success = strings.Contains(text, "Success. Updated the following files")
		o.Script = strings.HasPrefix(strings.TrimSpace(text), "Script completed")
		head := header(text) // the harness's words, not a script's output
		for _, m := range listedRe().FindAllStringSubmatch(head, -1) {
			o.Listed = append(o.Listed, m[2])
		}
		for _, f := range failures {
			if strings.Contains(head, f) {
				o.Failure = true
			}
		}
	}
	return o
}

// CallID is the id of the output's call.
func (o *outcome) CallID() string { return o.ID }

// Size is the bytes of the output's texts.
func (o *outcome) Size() int { return len(o.Text) + len(o.Poll) }

// redact passes the kept texts through r.
func (o *outcome) redact(r transcripts.Redaction) {
	o.Text, o.Poll = r.Text(o.Text), r.Text(o.Poll)
}
