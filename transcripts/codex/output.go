package codex

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"hansard/transcripts"
)

// toolOutput is the JSON text some outputs carry:
// {"output":"…","metadata":{"exit_code":0,"duration_seconds":0.1}}.
type toolOutput struct {
	Output   *string `json:"output"`
	Metadata struct {
		ExitCode *int `json:"exit_code"`
	} `json:"metadata"`
}

// decodeOutput returns an output's text and its exit code when the output
// states one (structured metadata, "Process exited with code N" or
// "Exit code: N").
func decodeOutput(raw text) (string, *int) {
	var s string
	switch {
	case raw.IsStr:
		s = raw.Str
	case len(raw.Raw) > 0 && raw.Raw[0] == '[':
		var parts []textPart
		_ = json.Unmarshal(raw.Raw, &parts)
		s = outputText(parts)
	default:
		s = string(raw.Raw)
	}
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") && strings.Contains(t, `"output"`) {
		var o toolOutput
		if json.Unmarshal([]byte(t), &o) == nil && o.Output != nil {
			if o.Metadata.ExitCode != nil {
				return *o.Output, o.Metadata.ExitCode
			}
			s = *o.Output
		}
	}
	return s, exitFromText(s)
}

var (
	exitRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^(?:Process exited with code|Exit code:)\s*(-?\d+)\s*$`)
	})
	runningRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^Process running with session ID\s+(\d+)`) })
)

// header returns the part of an output before its "Output:" line, where the
// harness states exit codes; command output itself is never searched.
func header(text string) string {
	if i := strings.Index(text, "\nOutput:"); i >= 0 {
		return text[:i+1]
	}
	if strings.HasPrefix(text, "Output:") {
		return ""
	}
	if len(text) > 1024 {
		return text[:1024]
	}
	return text
}

func exitFromText(text string) *int {
	m := exitRe().FindStringSubmatch(header(text))
	if m == nil {
		return nil
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return nil
	}
	return &n
}

func runningSession(text string) string {
	if m := runningRe().FindStringSubmatch(header(text)); m != nil {
		return m[1]
	}
	return ""
}

// joinPoll adds a write_stdin poll's output to the command it polls and,
// once the poll reports the exit code, completes that command.
func (p *parser) joinPoll(c *call, o outcome) error {
	st := p.st
	proc := st.Procs[c.Stdin]
	if proc == nil {
		return nil
	}
	exit := o.Exit
	if out := o.Poll; out != "" && len(proc.Call.Result) < maxJoinedText {
		joined := proc.Call.Result + "\n" + out
		if len(joined) > maxJoinedText {
			joined = joined[:maxJoinedText]
		}
		proc.Call.Result = joined
	}
	if exit == nil {
		return p.emitCall(proc)
	}
	p.setExit(proc, exit)
	delete(st.Procs, c.Stdin)
	if err := p.emitCall(proc); err != nil {
		return err
	}
	st.remember(proc)
	return nil
}

// pollOutput returns the command output of a poll: the text after its
// "Output:" line, or all of it.
func pollOutput(text string) string {
	if i := strings.Index(text, "\nOutput:\n"); i >= 0 {
		return strings.TrimRight(text[i+len("\nOutput:\n"):], "\n")
	}
	return strings.TrimRight(text, "\n")
}

// firstUUID returns the first UUID in text (8-4-4-4-12 hex digits, any
// case, wherever they stand), "" when there is none. Every UUID has a dash
// 8 bytes after its start, so only the dashes are tried, from the first:
// the first that a UUID has there is the leftmost.
func firstUUID(text string) string {
	const n = 36
	for i := 0; ; i++ {
		d := strings.IndexByte(text[i:], '-')
		if d < 0 {
			return ""
		}
		i += d
		if s := i - 8; s >= 0 && s+n <= len(text) && transcripts.IsUUID(text[s:s+n]) {
			return text[s : s+n]
		}
	}
}

// childThreadID finds the thread id in a spawn_agent output: a JSON object's
// agent_id, thread_id, new_thread_id or id, else the first UUID in the text.
func childThreadID(text string) string {
	var o struct {
		AgentID     string `json:"agent_id"`
		ThreadID    string `json:"thread_id"`
		NewThreadID string `json:"new_thread_id"`
		ID          string `json:"id"`
	}
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "{") && json.Unmarshal([]byte(t), &o) == nil {
		for _, id := range []string{o.NewThreadID, o.ThreadID, o.AgentID, o.ID} {
			if firstUUID(id) != "" {
				return id
			}
		}
	}
	return firstUUID(text)
}
