package archive

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"hansard/redact"
	"hansard/transcripts"
)

// copyRecord returns a copy of r that shares no memory a provider may
// reuse, with its test classification derived (transcripts.Command.Classify,
// on the text as recorded) and every text field passed through redactText
// (when not nil) as its kind says (transcripts.Record.Texts: prose as
// text, JSON string by string, diffs side by side, a repository URL
// without user name and password whatever the setting, labels kept), and
// the number of text bytes it carries. Binary content in the texts a record
// is found by (Field.Search: a message's text, a tool call's result)
// becomes a placeholder first (transcripts.ElideBinary): it is neither
// shown nor indexed.
func copyRecord(r transcripts.Record, redactText func(string) string) (transcripts.Record, int) {
	out := cloneRecord(r)
	if out.Command != nil {
		out.Command.Classify()
	}
	n := 0
	out.Texts(func(f transcripts.Field, s *string) {
		switch f.Kind {
		case transcripts.TextLabel:
			return
		case transcripts.TextURL:
			*s = redact.StripUserinfo(*s)
			return
		}
		if f.Search {
			*s = transcripts.ElideBinary(*s)
		}
		if redactText != nil && *s != "" {
			switch f.Kind {
			case transcripts.TextJSON:
				*s = string(redactJSON(json.RawMessage(*s), redactText))
			case transcripts.TextDiff:
				*s = strings.Join(redactDiffLines(strings.Split(*s, "\n"), redactText), "\n")
			default:
				*s = redactText(*s)
			}
		}
		n += len(*s)
	})
	return out, n
}

// cloneRecord returns a copy of r that shares no memory with it.
func cloneRecord(r transcripts.Record) transcripts.Record {
	var out transcripts.Record
	switch {
	case r.Session != nil:
		s := *r.Session
		s.Branches, s.Models = slices.Clone(s.Branches), slices.Clone(s.Models)
		out.Session = &s
	case r.Message != nil:
		m := *r.Message
		m.ToolCallIDs = slices.Clone(m.ToolCallIDs)
		out.Message = &m
	case r.ToolCall != nil:
		c := *r.ToolCall
		c.Input = nil
		if len(r.ToolCall.Input) > 0 {
			c.Input = bytes.Clone(r.ToolCall.Input)
		}
		c.ExitCode = cloneInt(c.ExitCode)
		out.ToolCall = &c
	case r.Edit != nil:
		e := *r.Edit
		if len(e.Hunks) > 0 {
			e.Hunks = slices.Clone(e.Hunks)
			for i := range e.Hunks {
				e.Hunks[i].Lines = slices.Clone(e.Hunks[i].Lines)
			}
		}
		out.Edit = &e
	case r.Command != nil:
		c := *r.Command
		c.ExitCode = cloneInt(c.ExitCode)
		out.Command = &c
	case r.Todos != nil:
		t := *r.Todos
		t.Items = slices.Clone(t.Items)
		out.Todos = &t
	case r.Link != nil:
		l := *r.Link
		out.Link = &l
	case r.Capture != nil:
		c := *r.Capture
		out.Capture = &c
	case r.Retraction != nil:
		x := *r.Retraction
		x.Keep = slices.Clone(x.Keep)
		out.Retraction = &x
	case r.Problem != nil:
		p := *r.Problem
		out.Problem = &p
	}
	return out
}

func cloneInt(p *int) *int {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
