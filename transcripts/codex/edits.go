package codex

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"hansard/transcripts"
	"hansard/transcripts/codex/applypatch"
)

var patchOps = map[string]string{
	applypatch.OpAdd:    transcripts.OpCreate,
	applypatch.OpUpdate: transcripts.OpUpdate,
	applypatch.OpDelete: transcripts.OpDelete,
	applypatch.OpMove:   transcripts.OpMove,
}

// patchCall adds one pending edit per file section of an apply_patch text.
// Relative paths are resolved against cwd (the call's workdir), else the
// turn's, else the session's working folder. A patch that does not parse
// keeps the sections read before the bad line; the output tells whether
// Codex applied anything.
func (p *parser) patchCall(c *call, text, cwd string) {
	if c.Kind != kindExec {
		c.Kind = kindPatch
	}
	if cwd == "" {
		cwd = p.resolveDir("")
	}
	patch, _ := applypatch.Parse(text)
	for _, f := range patch.Files {
		e := transcripts.Edit{
			SessionID: c.Call.SessionID, ToolCallID: c.Call.ID, Seq: len(c.Edits), MessageIndex: c.Call.MessageIndex,
			Tool: "apply_patch", File: resolvePath(cwd, f.Path), MoveTo: resolvePath(cwd, f.MoveTo), CWD: cwd,
			Op: patchOps[f.Op], Patch: f.Text, Hunks: f.Hunks(), Status: transcripts.EditPending, Timestamp: c.Call.Timestamp,
		}
		if f.Op == applypatch.OpAdd {
			e.NewText = f.Content
		}
		c.Edits = append(c.Edits, e)
	}
}

var (
	listedRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^([AMD]) (.+?)\s*$`) })
	failures = []string{"apply_patch verification failed", "Invalid patch", "Failed to ", "error:"}
)

// patchStatus sets the status of a patch call's edits from its output:
// "Success. Updated the following files:" or exit code 0 means applied;
// "apply_patch verification failed", "Invalid patch" or a non-zero exit
// means failed, except for files the output lists as done ("A path",
// "M path", "D path"), which a multi-file patch may have applied before
// failing. Code-mode exec calls, whose edits patch_apply_end may already
// have settled, only settle pending edits. It reports whether the output
// says the call failed.
func (p *parser) patchStatus(c *call, o outcome) (failed bool) {
	listed := map[string]bool{}
	for _, l := range o.Listed {
		listed[l] = true
	}
	exit := o.Exit
	success := o.Success || (exit != nil && *exit == 0)
	failed = exit != nil && *exit != 0 || o.Failure
	if c.Kind == kindExec && !success && !failed {
		success = o.Script
		failed = !success
	}
	for i := range c.Edits {
		e := &c.Edits[i]
		if c.Kind == kindExec && e.Status != transcripts.EditPending {
			continue
		}
		switch {
		case isListed(listed, e):
			e.Status = transcripts.EditOK
		case failed:
			e.Status = transcripts.EditFailed
		case success, len(listed) == 0:
			e.Status = transcripts.EditOK
		default: // other files were listed as done, not this one
			e.Status = transcripts.EditFailed
		}
	}
	return failed
}

// isListed reports whether an output listed the edit's file (as written in
// the patch, or resolved).
func isListed(listed map[string]bool, e *transcripts.Edit) bool {
	for l := range listed {
		abs := resolvePath(e.CWD, l)
		if abs == e.File || abs == e.MoveTo {
			return true
		}
	}
	return false
}

// patchApplyEnd enriches the edits of the call it names with what Codex
// applied: the real unified diff hunks, added and deleted contents, the move
// target and, when the output has not been seen, the status. Code mode
// names a synthetic call id (exec-<uuid>): the exec call whose patch touched
// the same files is enriched, and when there is none the changes are the
// only record and become edits of their own.
func (p *parser) patchApplyEnd(ev event) error {
	if len(ev.Changes) == 0 {
		return nil
	}
	st := p.st
	c := st.find(ev.CallID)
	if c == nil {
		c = p.execCallFor(ev)
	}
	fresh := c == nil
	if fresh {
		var err error
		if c, err = p.startCall(ev.CallID, "apply_patch", []byte(`{}`)); err != nil {
			return err
		}
		c.Kind = kindPatch
		c.Call.HasResult, c.Call.ResultLine = true, p.line
		c.Call.Result = jsonString(ev.Stdout)
	}
	paths := make([]string, 0, len(ev.Changes))
	for k := range ev.Changes {
		paths = append(paths, k)
	}
	slices.Sort(paths)
	settle := fresh || !c.Call.HasResult || c.Kind == kindExec
	for _, path := range paths {
		ch := ev.Changes[path].normalized()
		e := p.editFor(c, path, ch)
		applyChange(e, ch)
		if settle && ev.Success != nil {
			e.Status = transcripts.EditFailed
			if *ev.Success {
				e.Status = transcripts.EditOK
			}
		} else if settle && ev.Success == nil && e.Status == transcripts.EditPending {
			e.Status = transcripts.EditOK
		}
	}
	c.Enriched = true
	if fresh {
		c.Call.IsError = allFailed(c.Edits)
		if err := p.emitCall(c); err != nil {
			return err
		}
		st.remember(c)
		return nil
	}
	return p.emitEdits(c)
}

// execCallFor finds the code-mode exec call (pending first, then recent)
// whose extracted patch touched one of the changed files.
func (p *parser) execCallFor(ev event) *call {
	st := p.st
	match := func(c *call) bool {
		if c.Kind != kindExec {
			return false
		}
		for _, e := range c.Edits {
			if _, ok := ev.Changes[e.File]; ok {
				return true
			}
		}
		return false
	}
	for _, id := range sortedKeys(st.Pending) {
		if match(st.Pending[id]) {
			return st.Pending[id]
		}
	}
	for i := len(st.Recent) - 1; i >= 0; i-- {
		if match(st.Recent[i]) {
			return st.Recent[i]
		}
	}
	return nil
}

// editFor returns the call's edit of path, adding one when the patch text
// did not name it (or was not seen).
func (p *parser) editFor(c *call, path string, ch fileChange) *transcripts.Edit {
	for i := range c.Edits {
		e := &c.Edits[i]
		if e.File == path || (e.MoveTo != "" && e.MoveTo == path) {
			return e
		}
	}
	for i := range c.Edits { // a relative path recorded without a working folder
		e := &c.Edits[i]
		if !isAbs(e.File) && strings.HasSuffix(path, "/"+strings.TrimPrefix(e.File, "./")) {
			e.File = path
			return e
		}
	}
	c.Edits = append(c.Edits, transcripts.Edit{
		SessionID: c.Call.SessionID, ToolCallID: c.Call.ID, Seq: len(c.Edits), MessageIndex: c.Call.MessageIndex,
		Tool: "apply_patch", File: path, CWD: p.resolveDir(""), Status: transcripts.EditPending, Timestamp: c.Call.Timestamp,
	})
	return &c.Edits[len(c.Edits)-1]
}

// applyChange copies one patch_apply_end change into an edit.
func applyChange(e *transcripts.Edit, ch fileChange) {
	switch ch.Type {
	case "add":
		e.Op = transcripts.OpCreate
		if e.NewText == "" {
			e.NewText = ch.Content
		}
		if e.Hunks == nil {
			e.Hunks = addHunks(ch.Content)
		}
	case "delete":
		e.Op = transcripts.OpDelete
		if ch.Content != "" {
			e.OldText = ch.Content
		}
	case "update":
		if e.Op == "" {
			e.Op = transcripts.OpUpdate
		}
		if ch.MovePath != "" {
			e.Op, e.MoveTo = transcripts.OpMove, ch.MovePath
		}
		if ch.UnifiedDiff != "" {
			if hunks, _ := applypatch.ParseUnified(ch.UnifiedDiff); len(hunks) > 0 {
				e.Hunks = hunks
			}
			if e.Patch == "" {
				e.Patch = ch.UnifiedDiff
			}
		}
		if ch.OldContent != "" {
			e.OldText = ch.OldContent
		}
		if ch.NewContent != "" {
			e.NewText = ch.NewContent
		}
	}
}

// addHunks returns the hunk of an added file's content.
func addHunks(content string) []transcripts.Hunk {
	return applypatch.FileOp{Op: applypatch.OpAdd, Content: content}.Hunks()
}
