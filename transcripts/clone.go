package transcripts

import (
	"bytes"
	"slices"
)

// Clone returns a copy of r that shares no memory with it (a provider may
// reuse what it emitted).
func (r Record) Clone() Record {
	var out Record
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
