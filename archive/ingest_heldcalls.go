package archive

import (
	"encoding/json"
	"fmt"
	"path"

	"hansard/transcripts"
)

// Edits and commands are held like messages and tool calls (see hold):
// providers send them when the call is made and again with its outcome,
// and most of them are then written once.

// callKey names an edit (seq) or a command (seq -1) of a session's call.
type callKey struct {
	session int64
	call    string
	seq     int
}

// heldCalls are the latest copies of edits and commands not yet written,
// in the order their keys first came.
type heldCalls struct {
	rows  map[callKey]heldCall
	order []callKey
}

type heldCall struct {
	edit *transcripts.Edit
	cmd  *transcripts.Command
}

// holdCall keeps the latest copy of an edit or a command of session pk.
func (w *writer) holdCall(pk int64, e *transcripts.Edit, c *transcripts.Command) error {
	k := callKey{session: pk}
	if e != nil {
		k.call, k.seq = e.ToolCallID, e.Seq
		n := len(e.OldText) + len(e.NewText) + len(e.Patch)
		w.heldSize += n
		w.pending += n
	} else {
		k.call, k.seq = c.ToolCallID, -1
	}
	if w.calls.rows == nil {
		w.calls.rows = make(map[callKey]heldCall)
	}
	if _, ok := w.calls.rows[k]; !ok {
		w.calls.order = append(w.calls.order, k)
	}
	w.calls.rows[k] = heldCall{edit: e, cmd: c}
	if w.heldSize >= heldBytes {
		return w.writeHeld()
	}
	return nil
}

// writeHeldCalls writes every held edit and command.
func (w *writer) writeHeldCalls() error {
	for _, k := range w.calls.order {
		h := w.calls.rows[k]
		var err error
		if h.edit != nil {
			err = w.writeEdit(k.session, h.edit)
		} else {
			err = w.writeCommand(k.session, h.cmd)
		}
		if err != nil {
			return err
		}
	}
	clear(w.calls.rows)
	w.calls.order = w.calls.order[:0]
	return nil
}

func (w *writer) writeEdit(pk int64, e *transcripts.Edit) error {
	hunks := ""
	if len(e.Hunks) > 0 {
		b, err := json.Marshal(e.Hunks)
		if err != nil {
			return err
		}
		hunks = string(b)
	}
	_, err := w.st.upsertEdit.ExecContext(w.ctx, pk, e.ToolCallID, e.Seq, e.MessageIndex, e.Tool, e.File, e.MoveTo,
		e.CWD, e.Op, e.OldText, e.NewText, e.Patch, hunks, e.ReplaceAll, e.Status, millis(e.Timestamp))
	if err != nil {
		return fmt.Errorf("edit %s/%s: %w", e.SessionID, e.ToolCallID, err)
	}
	return nil
}

func (w *writer) writeCommand(pk int64, c *transcripts.Command) error {
	_, err := w.st.upsertCommand.ExecContext(w.ctx, pk, c.ToolCallID, c.MessageIndex, c.Command, c.CWD,
		intPtr(c.ExitCode), c.IsTest, c.TestStatus, millis(c.Timestamp))
	if err != nil {
		return fmt.Errorf("command %s/%s: %w", c.SessionID, c.ToolCallID, err)
	}
	if err := w.writeShellWrites(pk, c); err != nil {
		return fmt.Errorf("command %s/%s: %w", c.SessionID, c.ToolCallID, err)
	}
	return nil
}

// writeShellWrites stores what command c (as stored: redacted) rewrites
// and whether it makes a git commit, in place of what was stored of it.
func (w *writer) writeShellWrites(pk int64, c *transcripts.Command) error {
	if _, err := w.st.deleteShellWrites.ExecContext(w.ctx, pk, c.ToolCallID); err != nil {
		return err
	}
	for i, r := range transcripts.ShellRewrites(c.Command) {
		p, base := path.Clean(r.Path), ""
		if !r.Tree {
			base = path.Base(p)
		}
		if _, err := w.st.insertShellWrite.ExecContext(w.ctx, pk, c.ToolCallID, i, r.Tool, p, r.Tree, r.Name, base, ""); err != nil {
			return err
		}
	}
	if msg, ok := transcripts.GitCommit(c.Command); ok {
		if _, err := w.st.insertShellWrite.ExecContext(w.ctx, pk, c.ToolCallID, -1, gitCommitTool, "", false, "", "", msg); err != nil {
			return err
		}
	}
	return nil
}
