package codex

import "hansard/transcripts"

// event dispatches an event_msg. Events not named here (token_count,
// task_started, agent_reasoning, web_search_end, …) carry nothing kept
// beyond the time already recorded, and are skipped.
func (p *parser) event(ev event) error {
	switch ev.Type {
	case "user_message":
		return p.prompt(jsonString(ev.Message), true)
	case "agent_message":
		return p.assistant(jsonString(ev.Message), true)
	case "exec_command_end":
		return p.execCommandEnd(ev)
	case "patch_apply_end":
		return p.patchApplyEnd(ev)
	case "context_compacted":
		return p.contextCompacted()
	case "collab_agent_spawn_end":
		if ev.NewThreadID != "" {
			return p.linkChild(ev.NewThreadID, ev.CallID, "collab_agent_spawn_end new_thread_id")
		}
	case "task_complete", "turn_aborted":
		// A turn's calls have their outputs before it ends: calls still
		// waiting never get one (an interrupted turn), so they are dropped
		// from the state and their edits stay pending. Running processes
		// outlive turns and are kept.
		clear(p.st.Pending)
	case "thread_name_updated":
		if ev.ThreadName != "" && (ev.ThreadName != p.st.Session.Title || !p.st.Session.TitleFromAgent) {
			p.st.Session.Title, p.st.Session.TitleFromAgent = ev.ThreadName, true
			p.st.dirty = true
		}
	}
	return nil
}

// execCommandEnd gives a command its exit code. A command still running
// (its output said "Process running with session ID N") is completed. An
// event whose call is unknown (code mode runs commands inside exec) becomes
// a command of its own.
func (p *parser) execCommandEnd(ev event) error {
	st := p.st
	c := st.find(ev.CallID)
	if c == nil {
		if ev.CallID == "" || len(ev.Command) == 0 {
			return nil
		}
		if inner := p.innerCommand(ev); inner != nil {
			inner.ExitCode = ev.ExitCode
			cmd := *inner
			return p.sink(transcripts.Record{Command: &cmd})
		}
		return p.orphanCommand(ev)
	}
	if c.Command == nil || ev.ExitCode == nil {
		return nil
	}
	p.setExit(c, ev.ExitCode)
	for sid, proc := range st.Procs {
		if proc == c {
			delete(st.Procs, sid)
			if err := p.emitCall(c); err != nil {
				return err
			}
			st.remember(c)
			return nil
		}
	}
	if st.Pending[c.Call.ID] == c {
		return nil // the output follows and emits everything
	}
	cmd := *c.Command
	if err := p.sink(transcripts.Record{Command: &cmd}); err != nil {
		return err
	}
	return p.emitEdits(c)
}

// innerCommand finds the command of a code-mode script (pending call first,
// then recent) that an exec_command_end with an unknown call id reports:
// the first one with the same command text and no exit code yet.
func (p *parser) innerCommand(ev event) *transcripts.Command {
	_, script := commandOf(ev.Command)
	sum := digest(script)
	st := p.st
	match := func(c *call) *transcripts.Command {
		for i := range c.Inner {
			if in := &c.Inner[i]; in.ExitCode == nil && c.innerSum(i) == sum {
				return in
			}
		}
		return nil
	}
	for _, id := range sortedKeys(st.Pending) {
		if in := match(st.Pending[id]); in != nil {
			return in
		}
	}
	for i := len(st.Recent) - 1; i >= 0; i-- {
		if in := match(st.Recent[i]); in != nil {
			return in
		}
	}
	return nil
}

func (p *parser) orphanCommand(ev event) error {
	argv, script := commandOf(ev.Command)
	c, err := p.startCall(ev.CallID, "exec_command", compactJSON(ev.Command))
	if err != nil {
		return err
	}
	cwd := ev.CWD
	if cwd == "" {
		cwd = p.resolveDir("")
	}
	p.shellCall(c, argv, script, cwd)
	c.Call.HasResult, c.Call.ResultLine = true, p.line
	p.setExit(c, ev.ExitCode)
	if err := p.emitCall(c); err != nil {
		return err
	}
	p.st.remember(c)
	return nil
}

// planArgs are update_plan's arguments.
type planArgs struct {
	Plan []struct {
		Step   string `json:"step"`
		Status string `json:"status"`
	} `json:"plan"`
}

// plan emits the full plan an update_plan call sets.
func (p *parser) plan(c *call, args []byte) error {
	var a planArgs
	if decode(args, &a) != nil || len(a.Plan) == 0 {
		return nil
	}
	snap := transcripts.TodoSnapshot{SessionID: c.Call.SessionID, ToolCallID: c.Call.ID, MessageIndex: c.Call.MessageIndex}
	for i, s := range a.Plan {
		snap.Items = append(snap.Items, transcripts.Todo{
			SessionID: c.Call.SessionID, MessageIndex: c.Call.MessageIndex, ToolCallID: c.Call.ID,
			Seq: i, Text: s.Step, Status: s.Status, Timestamp: c.Call.Timestamp,
		})
	}
	return p.sink(transcripts.Record{Todos: &snap})
}
