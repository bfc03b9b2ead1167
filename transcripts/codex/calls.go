package codex

import (
	"bytes"
	"encoding/json"
	"fmt"

	"hansard/transcripts"
)

// item dispatches a response item.
func (p *parser) item(it item) error {
	switch it.Type {
	case "message":
		return p.messageItem(it)
	case "reasoning":
		return p.reasoning(it)
	case "function_call":
		return p.functionCall(it)
	case "custom_tool_call":
		return p.customCall(it)
	case "local_shell_call":
		return p.localShellCall(it)
	case "function_call_output", "custom_tool_call_output", "local_shell_call_output":
		kind := kindUnknown
		if c := p.st.Pending[it.CallID]; c != nil {
			kind = c.Kind
		}
		o := readOutcome(it.Output, kind)
		o.ID, o.Line = it.CallID, p.line
		return p.output(o)
	}
	return nil // ghost_snapshot, web_search_call, compaction, … carry nothing kept
}

// callArgs is the union of the argument objects of the function calls that
// are interpreted.
type callArgs struct {
	Command   json.RawMessage `json:"command"` // ["bash","-lc","…"] or "ls"
	Cmd       string          `json:"cmd"`
	Workdir   string          `json:"workdir"`
	SessionID json.RawMessage `json:"session_id"`
	Input     string          `json:"input"`
	Patch     string          `json:"patch"`
}

// startCall registers a call issued by the current line and returns it.
func (p *parser) startCall(id, name string, input json.RawMessage) (*call, error) {
	if id == "" {
		id = fmt.Sprintf("line-%d", p.line)
	}
	idx, err := p.callMessage(id)
	if err != nil {
		return nil, err
	}
	c := &call{Call: transcripts.ToolCall{
		SessionID: p.st.Session.ID, ID: id, MessageIndex: idx, Line: p.line, Name: name, Input: input, Timestamp: p.ts,
	}}
	p.st.Pending[id] = c
	return c, nil
}

func (p *parser) functionCall(it item) error {
	args := []byte(it.Arguments.String()) // arguments is a JSON string; some builds write an object
	input := compactJSON(args)
	c, err := p.startCall(it.CallID, it.Name, input)
	if err != nil {
		return err
	}
	var a callArgs
	_ = decode(args, &a) // arguments that are not an object leave a zero callArgs
	switch it.Name {
	case "shell", "container.exec", "shell_command", "exec_command", "local_shell":
		argv, script := commandOf(a.Command)
		if a.Cmd != "" {
			script = a.Cmd
		}
		p.shellCall(c, argv, script, a.Workdir)
	case "apply_patch":
		text := a.Input
		if text == "" {
			text = a.Patch
		}
		if text == "" && len(bytes.TrimSpace(args)) > 0 && bytes.TrimSpace(args)[0] != '{' {
			text = string(args) // a raw patch in place of JSON arguments
		}
		p.patchCall(c, text, p.resolveDir(a.Workdir))
	case "update_plan":
		if err := p.plan(c, args); err != nil {
			return err
		}
	case "write_stdin":
		c.Kind, c.Stdin = kindStdin, jsonString(a.SessionID)
	case "spawn_agent":
		c.Kind = kindSpawn
	}
	return p.started(c)
}

func (p *parser) customCall(it item) error {
	c, err := p.startCall(it.CallID, it.Name, it.Input.JSON())
	if err != nil {
		return err
	}
	switch it.Name {
	case "apply_patch":
		p.patchCall(c, it.Input.String(), "")
	case "exec":
		p.jsExec(c, it.Input.String())
	}
	return p.started(c)
}

func (p *parser) localShellCall(it item) error {
	id := it.CallID
	if id == "" {
		id = it.ID
	}
	c, err := p.startCall(id, "local_shell", compactJSON(it.Action))
	if err != nil {
		return err
	}
	var a shellAction
	_ = decode(it.Action, &a)
	p.shellCall(c, a.Command, scriptOf(a.Command), a.WorkingDirectory)
	return p.started(c)
}

// started sends a call just issued and applies its output when that came
// first.
func (p *parser) started(c *call) error {
	if err := p.emitCall(c); err != nil {
		return err
	}
	if o := transcripts.TakeEarly(&p.st.Early, c.Call.ID); o != nil {
		return p.output(*o)
	}
	return nil
}

// emitCall sends a call's tool call, command and edits.
func (p *parser) emitCall(c *call) error {
	tc := c.Call
	tc.InputText = inputText(c)
	if err := p.sink(transcripts.Record{ToolCall: &tc}); err != nil {
		return err
	}
	if c.Command != nil {
		cmd := *c.Command
		if err := p.sink(transcripts.Record{Command: &cmd}); err != nil {
			return err
		}
	}
	for i := range c.Inner {
		cmd := c.Inner[i]
		if err := p.sink(transcripts.Record{Command: &cmd}); err != nil {
			return err
		}
	}
	return p.emitEdits(c)
}

func (p *parser) emitEdits(c *call) error {
	for i := range c.Edits {
		e := c.Edits[i]
		if err := p.sink(transcripts.Record{Edit: &e}); err != nil {
			return err
		}
	}
	return nil
}

// output handles a call's output: the result text, the exit code, the
// status of its edits, a running process, a spawned subagent. The output
// of a call not seen yet is kept until the call comes (or, when it is not
// in this file, copied or cut history, until more outputs push it out).
func (p *parser) output(o outcome) error {
	st := p.st
	id := o.ID
	c := st.Pending[id]
	if c == nil {
		transcripts.KeepEarly(&st.Early, &o)
		return nil
	}
	c.Call.Result, c.Call.HasResult, c.Call.ResultLine = o.Text, true, o.Line
	switch c.Kind {
	case kindShell:
		if o.Exit == nil && o.Running != "" {
			delete(st.Pending, id)
			st.Procs[o.Running] = c
			return p.emitCall(c)
		}
		p.setExit(c, o.Exit)
	case kindPatch, kindExec:
		c.Call.IsError = p.patchStatus(c, o)
	case kindStdin:
		if err := p.joinPoll(c, o); err != nil {
			return err
		}
	case kindSpawn:
		if o.Child != "" {
			if err := p.linkChild(o.Child, id, "spawn_agent output"); err != nil {
				return err
			}
		}
	}
	if err := p.emitCall(c); err != nil {
		return err
	}
	st.remember(c)
	return nil
}

// linkChild links a subagent thread to this session and the call that
// spawned it.
func (p *parser) linkChild(child, callID, evidence string) error {
	if child == p.st.Session.ID {
		return nil
	}
	return p.sink(transcripts.Record{Link: &transcripts.Link{
		SessionID: child, ParentID: p.st.Session.ID, Relation: transcripts.RelSubagent,
		ParentToolCallID: callID, Evidence: evidence,
	}})
}

func allFailed(edits []transcripts.Edit) bool {
	for _, e := range edits {
		if e.Status != transcripts.EditFailed {
			return false
		}
	}
	return len(edits) > 0
}
