package transcripts

import (
	"encoding/json"
	"strings"
)

// TextKind says what a string field of a record holds, and so what
// redaction does with it.
type TextKind uint8

// Text kinds.
const (
	// TextProse is text a person, a model or a tool wrote (a message, a
	// result, an edit's text, a command): redacted as text.
	TextProse TextKind = iota
	// TextJSON is a JSON document kept as recorded (a call's input):
	// redacted string by string.
	TextJSON
	// TextDiff is the lines of a diff joined by "\n" (a patch, a hunk's
	// lines with their prefixes): redacted side by side, keeping every
	// line and prefix.
	TextDiff
	// TextURL is a repository URL: kept without user name and password.
	TextURL
	// TextLabel is an id, a name, a path, a status, a digest or a
	// provider's note on how it decided: kept as it is.
	TextLabel
)

// Field names one string field of a record as Texts visits it.
type Field struct {
	Name string // "Message.Text", "Edit.Hunks.Lines", …
	Kind TextKind
	// Search is set on the text full-text search finds the record by.
	Search bool
	// Apart is set, with Search, on a text found in a full-text index of
	// its own, ranked apart from the record's own text (a call's input
	// text, the whole output behind a preview); SearchText leaves it out.
	Apart bool
}

// Texts calls fn with every string field of the record (every element of
// a list of strings, every item of a todo list, every hunk's lines joined
// by "\n"), its Field, and a pointer through which fn may change it. A
// change to a call's Input or a hunk's lines is written back to the
// record. fn sees the record's own memory: copy the record first to keep
// the original.
//
// Texts is the one list of a record's text: redaction and the full-text
// index walk it, so that a field a provider starts to fill is redacted and
// found as soon as it is listed here (a test checks that every string
// field of every record type is).
func (r Record) Texts(fn func(f Field, s *string)) {
	v := visitor(fn)
	switch {
	case r.Session != nil:
		v.session(r.Session)
	case r.Message != nil:
		m := r.Message
		v.labels([]named{{"Message.SessionID", &m.SessionID}, {"Message.Role", &m.Role}, {"Message.Kind", &m.Kind},
			{"Message.UUID", &m.UUID}, {"Message.ParentUUID", &m.ParentUUID}, {"Message.Model", &m.Model}})
		v.list("Message.ToolCallIDs", m.ToolCallIDs)
		fn(Field{Name: "Message.Text", Search: true}, &m.Text)
	case r.ToolCall != nil:
		v.toolCall(r.ToolCall)
	case r.Edit != nil:
		v.edit(r.Edit)
	case r.Command != nil:
		c := r.Command
		v.labels([]named{{"Command.SessionID", &c.SessionID}, {"Command.ToolCallID", &c.ToolCallID},
			{"Command.CWD", &c.CWD}, {"Command.TestStatus", &c.TestStatus}})
		v.prose("Command.Command", &c.Command)
	case r.Todos != nil:
		v.todos(r.Todos)
	case r.Link != nil:
		l := r.Link
		v.labels([]named{{"Link.SessionID", &l.SessionID}, {"Link.ParentID", &l.ParentID},
			{"Link.ParentMessageUUID", &l.ParentMessageUUID}, {"Link.Relation", &l.Relation},
			{"Link.ParentToolCallID", &l.ParentToolCallID}, {"Link.Evidence", &l.Evidence}})
	case r.Capture != nil:
		c := r.Capture // a digest, never the text
		v.labels([]named{{"Capture.SessionID", &c.SessionID}, {"Capture.ToolCallID", &c.ToolCallID},
			{"Capture.Type", &c.Type}, {"Capture.Sender", &c.Sender}, {"Capture.Recipient", &c.Recipient},
			{"Capture.Digest", &c.Digest}, {"Capture.CaptureID", &c.CaptureID}})
	case r.Retraction != nil:
		v.labels([]named{{"Retraction.SessionID", &r.Retraction.SessionID}, {"Retraction.Reason", &r.Retraction.Reason}})
	case r.Problem != nil:
		v.labels([]named{{"Problem.Kind", &r.Problem.Kind}})
		v.prose("Problem.Detail", &r.Problem.Detail)
	}
}

// visitor is the fn Texts was given, with helpers for each kind of field.
type visitor func(Field, *string)

func (v visitor) prose(name string, s *string) { v(Field{Name: name}, s) }

func (v visitor) labels(fields []named) {
	for _, f := range fields {
		v(Field{Name: f.name, Kind: TextLabel}, f.p)
	}
}

// list visits every element of a list of labels.
func (v visitor) list(name string, list []string) {
	for i := range list {
		v(Field{Name: name, Kind: TextLabel}, &list[i])
	}
}

func (v visitor) session(s *Session) {
	v.labels([]named{{"Session.ID", &s.ID}, {"Session.Provider", &s.Provider}, {"Session.Class", &s.Class},
		{"Session.CWD", &s.CWD}, {"Session.Version", &s.Version}, {"Session.ParentID", &s.ParentID},
		{"Session.Relation", &s.Relation}, {"Session.ParentToolCallID", &s.ParentToolCallID},
		{"Session.LinkEvidence", &s.LinkEvidence}, {"Session.GitCommit", &s.GitCommit},
		{"Session.Originator", &s.Originator}})
	v.list("Session.Branches", s.Branches)
	v.list("Session.Models", s.Models)
	v.prose("Session.Title", &s.Title)
	v(Field{Name: "Session.GitRepoURL", Kind: TextURL}, &s.GitRepoURL)
}

// toolCall visits a call's input as JSON text, written back when changed.
func (v visitor) toolCall(c *ToolCall) {
	v.labels([]named{{"ToolCall.SessionID", &c.SessionID}, {"ToolCall.ID", &c.ID}, {"ToolCall.Name", &c.Name}})
	in := string(c.Input)
	v(Field{Name: "ToolCall.Input", Kind: TextJSON}, &in)
	if in != string(c.Input) {
		c.Input = json.RawMessage(in)
	}
	v(Field{Name: "ToolCall.Result", Search: true}, &c.Result)
	v(Field{Name: "ToolCall.InputText", Search: true, Apart: true}, &c.InputText)
	v(Field{Name: "ToolCall.FullResult", Search: true, Apart: true}, &c.FullResult)
}

// edit visits each hunk's lines as one diff text, split again when changed.
func (v visitor) edit(e *Edit) {
	v.labels([]named{{"Edit.SessionID", &e.SessionID}, {"Edit.ToolCallID", &e.ToolCallID}, {"Edit.Tool", &e.Tool},
		{"Edit.File", &e.File}, {"Edit.MoveTo", &e.MoveTo}, {"Edit.CWD", &e.CWD}, {"Edit.Op", &e.Op},
		{"Edit.Status", &e.Status}})
	v.prose("Edit.OldText", &e.OldText)
	v.prose("Edit.NewText", &e.NewText)
	v(Field{Name: "Edit.Patch", Kind: TextDiff}, &e.Patch)
	for i := range e.Hunks {
		h := &e.Hunks[i]
		lines := strings.Join(h.Lines, "\n")
		v(Field{Name: "Edit.Hunks.Lines", Kind: TextDiff}, &lines)
		if lines != strings.Join(h.Lines, "\n") {
			h.Lines = strings.Split(lines, "\n")
		}
	}
}

func (v visitor) todos(t *TodoSnapshot) {
	v.labels([]named{{"Todos.SessionID", &t.SessionID}, {"Todos.ToolCallID", &t.ToolCallID}})
	for i := range t.Items {
		it := &t.Items[i]
		v.labels([]named{{"Todos.Items.SessionID", &it.SessionID}, {"Todos.Items.ToolCallID", &it.ToolCallID},
			{"Todos.Items.ItemID", &it.ItemID}, {"Todos.Items.Status", &it.Status}})
		v.prose("Todos.Items.Text", &it.Text)
	}
}

// named is a field's name and where it is.
type named struct {
	name string
	p    *string
}

// SearchText returns the text full-text search finds the record by: its
// fields marked Search but not Apart, joined by newlines ("" for a record
// without one).
func (r Record) SearchText() string {
	var parts []string
	r.Texts(func(f Field, s *string) {
		if f.Search && !f.Apart {
			parts = append(parts, *s)
		}
	})
	return strings.Join(parts, "\n")
}
