package archive

import "hansard/transcripts"

// heldBytes is how much message and tool-call text the writer holds before
// writing it out.
const heldBytes = 8 << 20

// heldRow is the latest copy of a message or tool call not yet written.
// Providers emit a record again as it grows (an assistant message joined
// from several lines, a call whose result arrives later); holding rows for
// a while writes most of them once instead of once per copy.
type heldRow struct {
	j    *job
	pk   int64
	msg  *transcripts.Message
	call *transcripts.ToolCall
}

// hold keeps the latest copy of a row, writing everything held once the
// held text passes heldBytes.
func (w *writer) hold(j *job, pk int64, k rowKey, m *transcripts.Message, c *transcripts.ToolCall) error {
	if m != nil {
		w.heldSize += len(m.Text)
		w.pending += len(m.Text)
	} else {
		n := len(c.Input) + len(c.Result) + len(c.InputText) + len(c.FullResult)
		w.heldSize += n
		w.pending += n
	}
	if h, ok := w.held[k]; ok {
		h.j, h.msg, h.call = j, m, c
	} else {
		w.held[k] = &heldRow{j: j, pk: pk, msg: m, call: c}
		w.heldOrder = append(w.heldOrder, k)
	}
	if w.heldSize >= heldBytes {
		return w.writeHeld()
	}
	return nil
}

// writeHeld writes every held row, in the order their keys first came,
// then the held edits and commands.
func (w *writer) writeHeld() error {
	for _, k := range w.heldOrder {
		h := w.held[k]
		var err error
		if h.msg != nil {
			err = w.writeMessage(h.j, h.pk, h.msg)
		} else {
			err = w.writeToolCall(h.j, h.pk, h.call)
		}
		if err != nil {
			return err
		}
	}
	clear(w.held)
	w.heldOrder, w.heldSize = w.heldOrder[:0], 0
	return w.writeHeldCalls()
}
