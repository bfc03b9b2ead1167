package transcripts

import (
	"bytes"
	"slices"
)

// Clone returns a copy of r that shares no memory with it (a provider may
// reuse what it emitted).
func (r Record) Clone() Record {
	out := Record{Session: clonePtr(r.Session), Message: clonePtr(r.Message), ToolCall: clonePtr(r.ToolCall),
		Edit: clonePtr(r.Edit), Command: clonePtr(r.Command), Todos: clonePtr(r.Todos), Link: clonePtr(r.Link),
		Capture: clonePtr(r.Capture), Retraction: clonePtr(r.Retraction), Problem: clonePtr(r.Problem)}
	switch {
	case out.Session != nil:
		out.Session.Branches, out.Session.Models = slices.Clone(out.Session.Branches), slices.Clone(out.Session.Models)
	case out.Message != nil:
		out.Message.ToolCallIDs = slices.Clone(out.Message.ToolCallIDs)
	case out.ToolCall != nil:
		c := out.ToolCall
		c.Input = nil
		if len(r.ToolCall.Input) > 0 {
			c.Input = bytes.Clone(r.ToolCall.Input)
		}
		c.ExitCode = clonePtr(c.ExitCode)
	case out.Edit != nil:
		if len(out.Edit.Hunks) > 0 {
			out.Edit.Hunks = slices.Clone(out.Edit.Hunks)
			for i := range out.Edit.Hunks {
				out.Edit.Hunks[i].Lines = slices.Clone(out.Edit.Hunks[i].Lines)
			}
		}
	case out.Command != nil:
		out.Command.ExitCode = clonePtr(out.Command.ExitCode)
	case out.Todos != nil:
		out.Todos.Items = slices.Clone(out.Todos.Items)
	case out.Retraction != nil:
		out.Retraction.Keep = slices.Clone(out.Retraction.Keep)
	}
	return out
}

// clonePtr returns a pointer to a copy of *p, nil for nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
