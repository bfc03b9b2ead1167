package archive

import (
	"slices"
	"strings"

	"hansard/redact"
	"hansard/transcripts"
)

// copyRecord returns a copy of r that shares no memory a provider may
// reuse, with every text field passed through redactText (when not nil), and
// the number of text bytes it carries. Binary content in a message's text
// or a tool call's result becomes a placeholder first
// (transcripts.ElideBinary): it is neither shown nor indexed.
func copyRecord(r transcripts.Record, redactText func(string) string) (transcripts.Record, int) {
	red := func(s string) string {
		if redactText == nil || s == "" {
			return s
		}
		return redactText(s)
	}
	var out transcripts.Record
	n := 0
	switch {
	case r.Session != nil:
		s := *r.Session
		s.Branches = slices.Clone(s.Branches)
		s.Models = slices.Clone(s.Models)
		s.Title = red(s.Title)
		s.GitRepoURL = redact.StripUserinfo(s.GitRepoURL) // whatever the setting: the URL names the repository as well without credentials
		out.Session = &s
	case r.Message != nil:
		m := *r.Message
		m.ToolCallIDs = slices.Clone(m.ToolCallIDs)
		m.Text = red(transcripts.ElideBinary(m.Text))
		n = len(m.Text)
		out.Message = &m
	case r.ToolCall != nil:
		c := *r.ToolCall
		c.Input = redactJSON(c.Input, redactText)
		c.Result = red(transcripts.ElideBinary(c.Result))
		if c.ExitCode != nil {
			code := *c.ExitCode
			c.ExitCode = &code
		}
		n = len(c.Input) + len(c.Result)
		out.ToolCall = &c
	case r.Edit != nil:
		e := *r.Edit
		e.OldText, e.NewText = red(e.OldText), red(e.NewText)
		if redactText != nil && e.Patch != "" {
			e.Patch = strings.Join(redactDiffLines(strings.Split(e.Patch, "\n"), redactText), "\n")
		}
		if len(e.Hunks) > 0 {
			hunks := make([]transcripts.Hunk, len(e.Hunks))
			for i, h := range e.Hunks {
				h.Lines = slices.Clone(h.Lines)
				if redactText != nil {
					h.Lines = redactDiffLines(h.Lines, redactText)
				}
				hunks[i] = h
			}
			e.Hunks = hunks
		}
		n = len(e.OldText) + len(e.NewText) + len(e.Patch)
		out.Edit = &e
	case r.Command != nil:
		c := *r.Command
		c.Classify() // on the text as recorded, before it is redacted
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
