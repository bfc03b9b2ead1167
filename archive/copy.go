package archive

import (
	"encoding/json"
	"slices"

	"hansard/transcripts"
)

// copyRecord returns a copy of r that shares no memory a provider may
// reuse, with every text field passed through redact (when not nil), and
// the number of text bytes it carries.
func copyRecord(r transcripts.Record, redact func(string) string) (transcripts.Record, int) {
	red := func(s string) string {
		if redact == nil || s == "" {
			return s
		}
		return redact(s)
	}
	var out transcripts.Record
	n := 0
	switch {
	case r.Session != nil:
		s := *r.Session
		s.Branches = slices.Clone(s.Branches)
		s.Models = slices.Clone(s.Models)
		s.Title = red(s.Title)
		out.Session = &s
	case r.Message != nil:
		m := *r.Message
		m.ToolCallIDs = slices.Clone(m.ToolCallIDs)
		m.Text = red(m.Text)
		n = len(m.Text)
		out.Message = &m
	case r.ToolCall != nil:
		c := *r.ToolCall
		c.Input = redactJSON(c.Input, redact)
		c.Result = red(c.Result)
		if c.ExitCode != nil {
			code := *c.ExitCode
			c.ExitCode = &code
		}
		n = len(c.Input) + len(c.Result)
		out.ToolCall = &c
	case r.Edit != nil:
		e := *r.Edit
		e.OldText, e.NewText, e.Patch = red(e.OldText), red(e.NewText), red(e.Patch)
		if len(e.Hunks) > 0 {
			hunks := make([]transcripts.Hunk, len(e.Hunks))
			for i, h := range e.Hunks {
				h.Lines = slices.Clone(h.Lines)
				if redact != nil {
					for k, l := range h.Lines {
						h.Lines[k] = red(l)
					}
				}
				hunks[i] = h
			}
			e.Hunks = hunks
		}
		n = len(e.OldText) + len(e.NewText) + len(e.Patch)
		out.Edit = &e
	case r.Command != nil:
		c := *r.Command
		c.Command = red(c.Command)
		if c.ExitCode != nil {
			code := *c.ExitCode
			c.ExitCode = &code
		}
		n = len(c.Command)
		out.Command = &c
	case r.Todos != nil:
		t := *r.Todos
		t.Items = slices.Clone(t.Items)
		for i := range t.Items {
			t.Items[i].Text = red(t.Items[i].Text)
		}
		out.Todos = &t
	case r.Link != nil:
		l := *r.Link
		out.Link = &l
	case r.Capture != nil:
		c := *r.Capture // a digest, no text to redact
		out.Capture = &c
	case r.Problem != nil:
		p := *r.Problem
		p.Detail = red(p.Detail)
		out.Problem = &p
	}
	return out, n
}

// redactJSON redacts a JSON value's text. When redacting the encoded text
// would break the JSON (a secret next to an escape), every string value is
// redacted on its own instead.
func redactJSON(raw json.RawMessage, redact func(string) string) json.RawMessage {
	if len(raw) == 0 {
		return nil
	}
	s := string(raw) // copies
	if redact == nil {
		return json.RawMessage(s)
	}
	red := redact(s)
	if red == s || json.Valid([]byte(red)) {
		return json.RawMessage(red)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return json.RawMessage(red)
	}
	b, err := json.Marshal(redactValue(v, redact))
	if err != nil {
		return json.RawMessage(red)
	}
	return b
}

func redactValue(v any, redact func(string) string) any {
	switch x := v.(type) {
	case string:
		return redact(x)
	case []any:
		for i := range x {
			x[i] = redactValue(x[i], redact)
		}
	case map[string]any:
		for k := range x {
			x[k] = redactValue(x[k], redact)
		}
	}
	return v
}
