package archive

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"hansard/transcripts"
)

// record applies one record with replace-by-key semantics.
func (w *writer) record(j *job, r transcripts.Record) error {
	ctx, st := w.ctx, w.st
	switch {
	case r.Session != nil:
		s := r.Session
		var pk int64
		err := st.upsertSession.QueryRowContext(ctx, s.ID, providerOf(s.Provider, j), j.row.id, s.Class, s.CWD,
			jsonList(s.Branches), jsonList(s.Models), millis(s.StartedAt), millis(s.EndedAt), s.Title,
			s.TitleFromAgent, s.Version, s.ParentID, s.Relation, s.ParentToolCallID, s.LinkEvidence,
			s.GitCommit, s.GitRepoURL, s.Originator).Scan(&pk)
		if err != nil {
			return fmt.Errorf("session %s: %w", s.ID, err)
		}
		w.pks[s.ID] = pk
		if s.Class == transcripts.ClassSubagent {
			w.subagents[pk] = true
		}
		if _, err := w.sessionPK(j, s.ID); err != nil {
			return err
		}
		if s.ParentID != "" && s.Relation != "" {
			return w.link(&transcripts.Link{SessionID: s.ID, ParentID: s.ParentID, Relation: s.Relation,
				ParentToolCallID: s.ParentToolCallID, Evidence: s.LinkEvidence})
		}
		if s.ParentID == "" {
			// A link found from the other side, or from a message uuid.
			return w.adoptLink(s.ID)
		}
	case r.Message != nil:
		pk, err := w.sessionPK(j, r.Message.SessionID)
		if err != nil {
			return err
		}
		return w.hold(j, pk, rowKey{pk, r.Message.Index, ""}, r.Message, nil)
	case r.ToolCall != nil:
		pk, err := w.sessionPK(j, r.ToolCall.SessionID)
		if err != nil {
			return err
		}
		return w.hold(j, pk, rowKey{pk, -1, r.ToolCall.ID}, nil, r.ToolCall)
	case r.Edit != nil:
		pk, err := w.sessionPK(j, r.Edit.SessionID)
		if err != nil {
			return err
		}
		return w.holdCall(pk, r.Edit, nil)
	case r.Command != nil:
		pk, err := w.sessionPK(j, r.Command.SessionID)
		if err != nil {
			return err
		}
		return w.holdCall(pk, nil, r.Command)
	case r.Todos != nil:
		t := r.Todos
		pk, err := w.sessionPK(j, t.SessionID)
		if err != nil {
			return err
		}
		if _, err := st.deleteTodos.ExecContext(ctx, pk, t.ToolCallID); err != nil {
			return fmt.Errorf("todos %s/%s: %w", t.SessionID, t.ToolCallID, err)
		}
		for i, it := range t.Items {
			_, err := st.insertTodo.ExecContext(ctx, pk, t.ToolCallID, i, t.MessageIndex, it.ItemID, it.Text,
				it.Status, millis(it.Timestamp))
			if err != nil {
				return fmt.Errorf("todos %s/%s: %w", t.SessionID, t.ToolCallID, err)
			}
		}
	case r.Link != nil:
		switch {
		case r.Link.ParentID != "":
			return w.link(r.Link)
		case r.Link.ParentMessageUUID != "":
			return w.uuidLink(r.Link)
		}
	case r.Capture != nil:
		return w.capture(j, r.Capture)
	case r.Retraction != nil:
		pk, err := w.sessionPK(j, r.Retraction.SessionID)
		if err != nil {
			return err
		}
		return w.retract(pk, r.Retraction)
	case r.Problem != nil:
		p := r.Problem
		if _, err := st.insertProblem.ExecContext(ctx, j.row.id, p.Line, p.Kind, p.Detail); err != nil {
			return fmt.Errorf("problem: %w", err)
		}
	}
	return nil
}

// writeMessage writes one message row and queues its text for the
// full-text index (the record's SearchText: its text).
func (w *writer) writeMessage(j *job, pk int64, m *transcripts.Message) error {
	ctx, st := w.ctx, w.st
	id, old, existed, err := w.put(j, rowKey{pk, m.Index, ""}, st.findMessage, []any{pk, m.Index},
		func() (sql.Result, error) {
			return st.insertMessage.ExecContext(ctx, pk, m.Index, m.Role, m.Human, m.Kind, m.Text,
				millis(m.Timestamp), m.UUID, m.ParentUUID, m.Line, m.Model)
		},
		func(id int64) error {
			_, err := st.updateMessage.ExecContext(ctx, m.Role, m.Human, m.Kind, m.Text, millis(m.Timestamp),
				m.UUID, m.ParentUUID, m.Line, m.Model, id)
			return err
		})
	if err != nil {
		return fmt.Errorf("message %s/%d: %w", m.SessionID, m.Index, err)
	}
	var oldCols []string
	if existed {
		oldCols = messageColumns(old.role, old.text)
	}
	w.msgFTS.set(id, oldCols, existed, messageColumns(m.Role, transcripts.Record{Message: m}.SearchText()), true)
	return nil
}

// writeToolCall writes one tool call row and queues its result (the
// record's SearchText) for the full-text index, unless a message carries
// the result's text.
func (w *writer) writeToolCall(j *job, pk int64, c *transcripts.ToolCall) error {
	ctx, st := w.ctx, w.st
	var resultMsg any
	if c.ResultInMessage {
		resultMsg = c.ResultMessageIndex
	}
	result, whole, err := w.storedResult(pk, c)
	if err != nil {
		return err
	}
	var oldInput, oldFull string
	id, old, indexed, err := w.put(j, rowKey{pk, -1, c.ID}, st.findToolCall, []any{pk, c.ID},
		func() (sql.Result, error) {
			return st.insertToolCall.ExecContext(ctx, pk, c.ID, c.MessageIndex, c.Name, string(c.Input), result,
				c.HasResult, c.IsError, intPtr(c.ExitCode), c.ResultLine, millis(c.Timestamp), resultMsg, whole, c.Line,
				c.InputText, c.FullResult)
		},
		func(id int64) error {
			_, err := st.updateToolCall.ExecContext(ctx, c.MessageIndex, c.Name, string(c.Input), result,
				c.HasResult, c.IsError, intPtr(c.ExitCode), c.ResultLine, millis(c.Timestamp), resultMsg, whole, c.Line,
				c.InputText, c.FullResult, id)
			return err
		}, &oldInput, &oldFull)
	if err != nil {
		return fmt.Errorf("tool call %s/%s: %w", c.SessionID, c.ID, err)
	}
	w.resultFTS.set(id, []string{old.text}, indexed, []string{transcripts.Record{ToolCall: c}.SearchText()}, !c.ResultInMessage)
	w.inputFTS.set(id, []string{oldInput}, oldInput != "", []string{c.InputText}, c.InputText != "")
	w.fullFTS.set(id, []string{oldFull}, oldFull != "", []string{c.FullResult}, c.FullResult != "")
	return nil
}

// rowKey names a message (idx) or a tool call (call) of a session.
type rowKey struct {
	session int64
	idx     int
	call    string
}

// put writes a keyed row (a message or a tool call): an update when it
// exists, else an insert. It returns the row id and, for an existing row,
// its previous text and whether that text is in the full-text index; the
// find's further columns, if any, are scanned into extra. A job
// reading a file for the first time does not look up keys it has not
// written yet; should another source have written one, the insert fails
// its unique constraint and the row is looked up then.
func (w *writer) put(j *job, k rowKey, find *lazyStmt, findArgs []any, insert func() (sql.Result, error), update func(int64) error, extra ...any) (id int64, old storedText, indexed bool, err error) {
	seen := w.seen[j]
	if seen == nil {
		seen = make(map[rowKey]struct{})
		w.seen[j] = seen
	}
	_, known := seen[k]
	seen[k] = struct{}{}
	if known || !j.fresh {
		err = find.QueryRowContext(w.ctx, findArgs...).Scan(append([]any{&id, &old.text, &indexed, &old.role}, extra...)...)
		if err == nil {
			return id, old, indexed, update(id)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return 0, storedText{}, false, err
		}
	}
	res, err := insert()
	if err == nil {
		id, err = res.LastInsertId()
		return id, storedText{}, false, err
	}
	if known || !j.fresh || !isUniqueViolation(err) {
		return 0, storedText{}, false, err
	}
	if err := find.QueryRowContext(w.ctx, findArgs...).Scan(append([]any{&id, &old.text, &indexed, &old.role}, extra...)...); err != nil {
		return 0, storedText{}, false, err
	}
	return id, old, indexed, update(id)
}

// storedText is the text a keyed row held before a write, with the role of
// a message (which decides its full-text column).
type storedText struct {
	text, role string
}

func isUniqueViolation(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

// link merges a link with what is stored, whatever order its sides arrive
// in: a known call id is never lost (the smaller wins a conflict) and the
// evidence of every side is kept, sorted and joined with "; ".
func (w *writer) link(l *transcripts.Link) error {
	var call, evidence string
	err := w.st.findLink.QueryRowContext(w.ctx, l.SessionID, l.ParentID, l.Relation).Scan(&call, &evidence)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("link %s -> %s: %w", l.SessionID, l.ParentID, err)
	}
	if l.ParentToolCallID != "" && (call == "" || l.ParentToolCallID < call) {
		call = l.ParentToolCallID
	}
	evidence = mergeEvidence(evidence, l.Evidence)
	if _, err := w.st.putLink.ExecContext(w.ctx, l.SessionID, l.ParentID, l.Relation, call, evidence); err != nil {
		return fmt.Errorf("link %s -> %s: %w", l.SessionID, l.ParentID, err)
	}
	return w.adoptLink(l.SessionID)
}

// mergeEvidence adds one piece of evidence to a "; "-joined sorted set.
func mergeEvidence(set, add string) string {
	if add == "" {
		return set
	}
	var parts []string
	if set != "" {
		parts = strings.Split(set, "; ")
	}
	if slices.Contains(parts, add) {
		return set
	}
	parts = append(parts, add)
	slices.Sort(parts)
	return strings.Join(parts, "; ")
}

func providerOf(name string, j *job) string {
	if name != "" {
		return name
	}
	return j.src.Provider
}
