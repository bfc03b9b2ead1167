package providertest

import (
	"cmp"
	"maps"
	"slices"

	"hansard/transcripts"
)

// Collector keeps the records sent to its Sink in memory, replacing a record
// with any later record of the same key (see transcripts.Record). Links are
// merged rather than replaced: a field left empty by the later copy keeps the
// earlier value, as the archive does when both a parent and its subagent
// report the link between them. Retractions mark messages (Retracted), as
// the archive does, without removing them. Problems are appended. The zero value is
// ready to use; a Collector is not safe for concurrent use.
type Collector struct {
	SessionsByID   map[string]transcripts.Session
	MessagesByKey  map[MessageKey]transcripts.Message
	ToolCallsByKey map[CallKey]transcripts.ToolCall
	EditsByKey     map[EditKey]transcripts.Edit
	CommandsByKey  map[CallKey]transcripts.Command
	TodosByKey     map[CallKey]transcripts.TodoSnapshot
	LinksByKey     map[LinkKey]transcripts.Link
	CapturesByKey  map[CallKey]transcripts.Capture
	// Retracted holds the reason of every retracted message: a
	// Retraction marks the messages it names that are not marked yet (the
	// first reason stays), and a Message record clears its mark.
	Retracted map[MessageKey]string
	Problems  []transcripts.Problem
	// Records counts every record received, replaced or not.
	Records int
}

// MessageKey is the key of a Message record.
type MessageKey struct {
	SessionID string
	Index     int
}

// CallKey is the key of ToolCall, Command, Todos and Capture records.
type CallKey struct {
	SessionID  string
	ToolCallID string
}

// EditKey is the key of an Edit record.
type EditKey struct {
	SessionID  string
	ToolCallID string
	Seq        int
}

// LinkKey is the key of a Link record.
type LinkKey struct {
	SessionID         string
	ParentID          string
	ParentMessageUUID string
	Relation          string
}

// snapshot returns an exact copy of c, problems and counts included:
// records added to either leave the other as it is (Add replaces a map's
// values, never changes them in place). clone instead replays c's records.
func (c *Collector) snapshot() *Collector {
	return &Collector{
		SessionsByID: maps.Clone(c.SessionsByID), MessagesByKey: maps.Clone(c.MessagesByKey),
		ToolCallsByKey: maps.Clone(c.ToolCallsByKey), EditsByKey: maps.Clone(c.EditsByKey),
		CommandsByKey: maps.Clone(c.CommandsByKey), TodosByKey: maps.Clone(c.TodosByKey),
		LinksByKey: maps.Clone(c.LinksByKey), CapturesByKey: maps.Clone(c.CapturesByKey),
		Retracted: maps.Clone(c.Retracted), Problems: slices.Clone(c.Problems), Records: c.Records,
	}
}

// Sink returns the transcripts.Sink that feeds c.
func (c *Collector) Sink() transcripts.Sink {
	return func(r transcripts.Record) error {
		c.Add(r)
		return nil
	}
}

// Add applies one record.
func (c *Collector) Add(r transcripts.Record) {
	c.Records++
	switch {
	case r.Session != nil:
		setKey(&c.SessionsByID, r.Session.ID, *r.Session)
	case r.Message != nil:
		k := MessageKey{r.Message.SessionID, r.Message.Index}
		setKey(&c.MessagesByKey, k, *r.Message)
		delete(c.Retracted, k)
	case r.Retraction != nil:
		c.retract(*r.Retraction)
	case r.ToolCall != nil:
		setKey(&c.ToolCallsByKey, CallKey{r.ToolCall.SessionID, r.ToolCall.ID}, *r.ToolCall)
	case r.Edit != nil:
		setKey(&c.EditsByKey, EditKey{r.Edit.SessionID, r.Edit.ToolCallID, r.Edit.Seq}, *r.Edit)
	case r.Command != nil:
		cmd := *r.Command
		cmd.Classify()
		setKey(&c.CommandsByKey, CallKey{cmd.SessionID, cmd.ToolCallID}, cmd)
	case r.Todos != nil:
		setKey(&c.TodosByKey, CallKey{r.Todos.SessionID, r.Todos.ToolCallID}, *r.Todos)
	case r.Link != nil:
		k := LinkKey{r.Link.SessionID, r.Link.ParentID, r.Link.ParentMessageUUID, r.Link.Relation}
		l := *r.Link
		if old, ok := c.LinksByKey[k]; ok {
			l.ParentToolCallID = cmp.Or(l.ParentToolCallID, old.ParentToolCallID)
			l.Evidence = cmp.Or(l.Evidence, old.Evidence)
		}
		setKey(&c.LinksByKey, k, l)
	case r.Capture != nil:
		setKey(&c.CapturesByKey, CallKey{r.Capture.SessionID, r.Capture.ToolCallID}, *r.Capture)
	case r.Problem != nil:
		c.Problems = append(c.Problems, *r.Problem)
	}
}

func (c *Collector) retract(r transcripts.Retraction) {
	for k := range c.MessagesByKey {
		if _, done := c.Retracted[k]; !done && k.SessionID == r.SessionID && r.Retracts(k.Index) {
			setKey(&c.Retracted, k, r.Reason)
		}
	}
}

// each passes f every record of c, as a copy that f may change; each
// retracted message is retracted again, alone, after the messages.
func (c *Collector) each(f func(transcripts.Record)) {
	for _, s := range c.SessionsByID {
		f(transcripts.Record{Session: &s})
	}
	for _, m := range c.MessagesByKey {
		f(transcripts.Record{Message: &m})
	}
	for _, tc := range c.ToolCallsByKey {
		f(transcripts.Record{ToolCall: &tc})
	}
	for _, e := range c.EditsByKey {
		f(transcripts.Record{Edit: &e})
	}
	for _, cmd := range c.CommandsByKey {
		f(transcripts.Record{Command: &cmd})
	}
	for _, td := range c.TodosByKey {
		f(transcripts.Record{Todos: &td})
	}
	for _, l := range c.LinksByKey {
		f(transcripts.Record{Link: &l})
	}
	for _, cp := range c.CapturesByKey {
		f(transcripts.Record{Capture: &cp})
	}
	for k, reason := range c.Retracted {
		var keep []int
		for o := range c.MessagesByKey {
			if o.SessionID == k.SessionID && o.Index > k.Index {
				keep = append(keep, o.Index)
			}
		}
		f(transcripts.Record{Retraction: &transcripts.Retraction{SessionID: k.SessionID, From: k.Index, Keep: keep, Reason: reason}})
	}
	for _, pr := range c.Problems {
		f(transcripts.Record{Problem: &pr})
	}
}

func setKey[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = make(map[K]V)
	}
	(*m)[k] = v
}

// Sessions returns the sessions sorted by id.
func (c *Collector) Sessions() []transcripts.Session {
	return sortedValues(c.SessionsByID, func(a, b transcripts.Session) int { return cmp.Compare(a.ID, b.ID) })
}

// Messages returns the messages of one session in index order.
func (c *Collector) Messages(sessionID string) []transcripts.Message {
	var out []transcripts.Message
	for k, m := range c.MessagesByKey {
		if k.SessionID == sessionID {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b transcripts.Message) int { return cmp.Compare(a.Index, b.Index) })
	return out
}

// RetractedIndexes returns the indexes of the retracted messages of one
// session, in order (nil when none is).
func (c *Collector) RetractedIndexes(sessionID string) []int {
	var out []int
	for k := range c.Retracted {
		if k.SessionID == sessionID {
			out = append(out, k.Index)
		}
	}
	slices.Sort(out)
	return out
}

// ToolCalls returns the tool calls sorted by session, message index and id.
func (c *Collector) ToolCalls() []transcripts.ToolCall {
	return sortedValues(c.ToolCallsByKey, func(a, b transcripts.ToolCall) int {
		return cmp.Or(cmp.Compare(a.SessionID, b.SessionID), cmp.Compare(a.MessageIndex, b.MessageIndex), cmp.Compare(a.ID, b.ID))
	})
}

// Edits returns the edits sorted by session, message index, call and seq.
func (c *Collector) Edits() []transcripts.Edit {
	return sortedValues(c.EditsByKey, func(a, b transcripts.Edit) int {
		return cmp.Or(cmp.Compare(a.SessionID, b.SessionID), cmp.Compare(a.MessageIndex, b.MessageIndex),
			cmp.Compare(a.ToolCallID, b.ToolCallID), cmp.Compare(a.Seq, b.Seq))
	})
}

// Commands returns the commands sorted by session, message index and call.
func (c *Collector) Commands() []transcripts.Command {
	return sortedValues(c.CommandsByKey, func(a, b transcripts.Command) int {
		return cmp.Or(cmp.Compare(a.SessionID, b.SessionID), cmp.Compare(a.MessageIndex, b.MessageIndex), cmp.Compare(a.ToolCallID, b.ToolCallID))
	})
}

// Todos returns the todo snapshots sorted by session, message index and call.
func (c *Collector) Todos() []transcripts.TodoSnapshot {
	return sortedValues(c.TodosByKey, func(a, b transcripts.TodoSnapshot) int {
		return cmp.Or(cmp.Compare(a.SessionID, b.SessionID), cmp.Compare(a.MessageIndex, b.MessageIndex), cmp.Compare(a.ToolCallID, b.ToolCallID))
	})
}

// Captures returns the captures sorted by session, time and call.
func (c *Collector) Captures() []transcripts.Capture {
	return sortedValues(c.CapturesByKey, func(a, b transcripts.Capture) int {
		return cmp.Or(cmp.Compare(a.SessionID, b.SessionID), a.Timestamp.Compare(b.Timestamp), cmp.Compare(a.ToolCallID, b.ToolCallID))
	})
}

// Links returns the links sorted by session, parent and relation.
func (c *Collector) Links() []transcripts.Link {
	return sortedValues(c.LinksByKey, func(a, b transcripts.Link) int {
		return cmp.Or(cmp.Compare(a.SessionID, b.SessionID), cmp.Compare(a.ParentID, b.ParentID),
			cmp.Compare(a.ParentMessageUUID, b.ParentMessageUUID), cmp.Compare(a.Relation, b.Relation))
	})
}

// ProblemCount returns how many problems of one kind were reported.
func (c *Collector) ProblemCount(kind string) int {
	n := 0
	for _, p := range c.Problems {
		if p.Kind == kind {
			n++
		}
	}
	return n
}

func sortedValues[K comparable, V any](m map[K]V, less func(a, b V) int) []V {
	out := make([]V, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	slices.SortFunc(out, less)
	return out
}
