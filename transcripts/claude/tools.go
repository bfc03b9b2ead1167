package claude

import (
	"encoding/json"
	"regexp"
	"strconv"
	"sync"

	"hansard/transcripts"
)

// toolInput is the union of the tool inputs the parser reads.
type toolInput struct {
	FilePath   string `json:"file_path"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
	Content    string `json:"content"`
	Edits      []struct {
		OldString  string `json:"old_string"`
		NewString  string `json:"new_string"`
		ReplaceAll bool   `json:"replace_all"`
	} `json:"edits"`
	NotebookPath string          `json:"notebook_path"`
	NewSource    string          `json:"new_source"`
	Command      string          `json:"command"`
	Todos        []todoInput     `json:"todos"`
	Subject      string          `json:"subject"`
	Status       string          `json:"status"`
	TaskID       json.RawMessage `json:"taskId"`
}

type todoInput struct {
	ID         json.RawMessage `json:"id"`
	Content    string          `json:"content"`
	Status     string          `json:"status"`
	ActiveForm string          `json:"activeForm"`
}

// decodeInput reads the fields of a tool input; a field of an unexpected
// type is left zero.
func decodeInput(raw string) toolInput {
	in, _ := decodeLoose[toolInput]([]byte(raw))
	return in
}

// callResult is what the result of a tool call tells.
type callResult struct {
	Text   string
	Failed bool // is_error, or a string toolUseResult
	Obj    *toolUseResult
	// Single is set when the line carried only this result, so that its
	// toolUseResult (Obj, possibly nil) belongs to it.
	Single bool
	Line   int
	// raw is the result line, valid while it is handled.
	raw []byte
	// For a result kept until its call came (earlyResult): the
	// originalFile it held, and what was decided on its texts then.
	original  *string
	decided   bool
	exit      *int
	task      string
	patch     []transcripts.Hunk
	withPatch bool
	// files caches writeTexts.
	files *writeTexts
	// full is the whole output behind a persisted-output preview.
	full string
}

// hasPatch reports whether the result carries a structuredPatch.
func (r *callResult) hasPatch() bool {
	if r.decided {
		return r.withPatch
	}
	return r.Obj != nil && r.Obj.StructuredPatch != nil
}

// writeTexts returns the whole files a Write's result records (of a kept
// result, only the file before).
func (r *callResult) writeTexts() writeTexts {
	if r.files == nil {
		w := writeTexts{orig: r.original}
		if r.raw != nil {
			w = readWriteTexts(r.raw)
		}
		r.files = &w
	}
	return *r.files
}

// toolUse records a tool call and what it implies before its result is
// known (a pending edit, a command, a todo list), and keeps it waiting for
// its result.
func (p *parser) toolUse(ss *sessionState, ln *rawLine, b *block, msgIndex, lineNo int) error {
	pc := &pendingCall{Session: ss.S.ID, ID: b.ID, Name: b.Name, Input: string(b.Input), MessageIndex: msgIndex,
		Line: lineNo, CWD: ln.CWD, Version: ln.Version, Timestamp: transcripts.ParseTime(ln.Timestamp)}
	if err := p.sink(transcripts.Record{ToolCall: pc.toolCall()}); err != nil {
		return err
	}
	p.st.addPending(pc)
	if err := p.derive(ss, pc, nil); err != nil {
		return err
	}
	if er := transcripts.TakeEarly(&p.st.Early, b.ID); er != nil {
		res, in, inText := er.result()
		return p.pair(p.st.takePending(b.ID), res, in, inText)
	}
	return nil
}

func (pc *pendingCall) toolCall() *transcripts.ToolCall {
	tc := &transcripts.ToolCall{SessionID: pc.Session, ID: pc.ID, MessageIndex: pc.MessageIndex, Line: pc.Line, Name: pc.Name, Timestamp: pc.Timestamp}
	if pc.Input != "" {
		tc.Input = json.RawMessage(pc.Input)
		if pc.text == nil {
			t := inputText(pc.Input)
			pc.text = &t
		}
		tc.InputText = *pc.text
	}
	return tc
}

// inputText is the searchable text of a tool input: its string values
// (paths, commands, patterns, new text, written content, an MCP tool's
// arguments), without the text an Edit or MultiEdit replaced.
func inputText(input string) string {
	return transcripts.JSONStrings([]byte(input), func(key string) bool { return key == "old_string" })
}

// msgRef names the tool message whose text carries a result.
type msgRef struct {
	session string
	index   int
}

// result pairs a tool_result block (whose text is given, and is part of
// message in) with its call, or keeps it until the call comes. The line's
// toolUseResult is used only when the line carries a single result.
func (p *parser) result(ln *rawLine, b *block, text string, lineNo int, single bool, in msgRef) error {
	res := &callResult{Text: text, Failed: b.IsError, Single: single, Line: lineNo, raw: ln.raw}
	if single {
		res.Obj = ln.ToolUseResult
		if t := ln.toolUseResultText; t != nil {
			res.Failed = true
			res.Text = firstOf(res.Text, *t)
		}
		res.full = fullOutput(ln.raw, text)
	}
	pc := p.st.takePending(b.ToolUseID)
	if pc == nil {
		// The call may come later; if it is not in this file (or was
		// dropped), the tool message keeps the text.
		p.st.keepEarly(res, b.ToolUseID, in, res.Text == text)
		return nil
	}
	return p.pair(pc, res, in, res.Text == text)
}

// pair sends a call with its result (inText: the tool message in carries
// the result's text) and what the result implies.
func (p *parser) pair(pc *pendingCall, res *callResult, in msgRef, inText bool) error {
	if pc == nil {
		return nil
	}
	ss := p.st.Sessions[pc.Session]
	if ss == nil {
		return nil
	}
	tc := pc.toolCall()
	tc.Result, tc.HasResult, tc.IsError, tc.ResultLine = res.Text, true, res.Failed, res.Line
	tc.FullResult = res.full
	if in.session == pc.Session && inText {
		tc.ResultInMessage, tc.ResultMessageIndex = true, in.index
	}
	if pc.Name == "Bash" {
		tc.ExitCode = exitCode(res)
	}
	if err := p.sink(transcripts.Record{ToolCall: tc}); err != nil {
		return err
	}
	return p.derive(ss, pc, res)
}

// derive emits the records a call implies; res is nil before the result.
func (p *parser) derive(ss *sessionState, pc *pendingCall, res *callResult) error {
	switch pc.Name {
	case "Edit", "Write", "MultiEdit", "NotebookEdit":
		for _, e := range buildEdits(pc, res) {
			if err := p.sink(transcripts.Record{Edit: &e}); err != nil {
				return err
			}
		}
	case "Bash":
		if err := p.sink(transcripts.Record{Command: buildCommand(pc, res)}); err != nil {
			return err
		}
		if e, ok := heredocEdit(pc, res); ok {
			return p.sink(transcripts.Record{Edit: &e})
		}
	case "TodoWrite":
		if res == nil {
			return p.sink(transcripts.Record{Todos: todoWrite(pc)})
		}
	case "TaskCreate", "TaskUpdate":
		if res != nil && !res.Failed {
			return p.sink(transcripts.Record{Todos: replayTask(ss, pc, res)})
		}
	case "Task", "Agent":
		if res != nil && res.Obj != nil && res.Obj.AgentID != "" {
			return p.linkChild(ss, res.Obj.AgentID, pc.ID, "agentId in the result of "+pc.Name+" call "+pc.ID)
		}
	}
	return nil
}

var exitCodeRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Exit code (-?\d+)`) })

// exitCode reads a shell command's exit code: 0 for a structured result,
// the "Exit code N" of a failure text, nil when unknown.
func exitCode(res *callResult) *int {
	if res == nil {
		return nil
	}
	if res.decided {
		return res.exit
	}
	if res.Failed {
		if m := exitCodeRe().FindStringSubmatch(res.Text); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil {
				return &n
			}
		}
		return nil
	}
	if res.Obj != nil && res.Obj.Interrupted {
		return nil
	}
	zero := 0
	return &zero
}

// heredocEdit is the whole-file write of a Bash command that writes a
// here-document into a file (transcripts.HeredocWrite): pending without a
// result, ok when the command exited 0, failed otherwise.
func heredocEdit(pc *pendingCall, res *callResult) (transcripts.Edit, bool) {
	file, body, op, ok := transcripts.HeredocWrite(decodeInput(pc.Input).Command)
	if !ok {
		return transcripts.Edit{}, false
	}
	status := transcripts.EditPending
	if res != nil {
		status = transcripts.EditFailed
		if code := exitCode(res); code != nil && *code == 0 {
			status = transcripts.EditOK
		}
	}
	return transcripts.Edit{SessionID: pc.Session, ToolCallID: pc.ID, MessageIndex: pc.MessageIndex, Tool: "shell_write",
		File: absPath(file, pc.CWD), CWD: pc.CWD, Op: op, NewText: body, Status: status, Timestamp: pc.Timestamp}, true
}

func buildCommand(pc *pendingCall, res *callResult) *transcripts.Command {
	return &transcripts.Command{SessionID: pc.Session, ToolCallID: pc.ID, MessageIndex: pc.MessageIndex,
		Command: decodeInput(pc.Input).Command, CWD: pc.CWD, ExitCode: exitCode(res), Timestamp: pc.Timestamp}
}
