package providertest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hansard/transcripts"
)

// checkRedactedState resumes the file, at many line boundaries, from a
// checkpoint whose state the provider redacted (transcripts.StateRedactor)
// with a redaction that changes every text to upper case. The records
// must be those of one full parse, once redacted the same way: the
// provider decides nothing on the text its state keeps, and keeps the ids
// it decides on. Tool inputs are left as they are: a provider reads paths
// and options out of them, which redaction keeps.
func checkRedactedState(t *testing.T, sr transcripts.StateRedactor, p transcripts.Provider, sc *source) {
	t.Helper()
	want := redactAll(sc.full)
	_, cuts := splitPoints(sc.data, maxCuts/2)
	for _, cut := range cuts {
		got := &Collector{}
		cp := parsePart(t, p, sc, transcripts.Checkpoint{}, cut, got)
		state, err := sr.RedactState(cp.State, upper)
		if err != nil {
			t.Fatalf("%s: RedactState: %v", sc.rel, err)
		}
		cp.State = state
		parsePart(t, p, sc, cp, int64(len(sc.data)), got)
		diff(t, fmt.Sprintf("%s resumed at byte %d from a redacted state", sc.rel, cut), want, redactAll(got))
	}
}

// upper is a redaction that changes every text the archive redacts (see
// its copyRecord) but tool inputs to upper case.
var upper = transcripts.Redaction{Text: strings.ToUpper, Record: upperRecord}

func upperRecord(r transcripts.Record) transcripts.Record {
	switch {
	case r.Session != nil:
		s := *r.Session
		s.Title = strings.ToUpper(s.Title)
		r.Session = &s
	case r.Message != nil:
		m := *r.Message
		m.Text = strings.ToUpper(m.Text)
		m.ToolCallIDs = slices.Clone(m.ToolCallIDs)
		r.Message = &m
	case r.ToolCall != nil:
		c := *r.ToolCall
		c.Result = strings.ToUpper(c.Result)
		r.ToolCall = &c
	case r.Edit != nil:
		e := *r.Edit
		e.OldText, e.NewText, e.Patch = strings.ToUpper(e.OldText), strings.ToUpper(e.NewText), strings.ToUpper(e.Patch)
		e.Hunks = slices.Clone(e.Hunks)
		for i := range e.Hunks {
			e.Hunks[i].Lines = slices.Clone(e.Hunks[i].Lines)
			for k, l := range e.Hunks[i].Lines {
				e.Hunks[i].Lines[k] = strings.ToUpper(l)
			}
		}
		r.Edit = &e
	case r.Command != nil:
		c := *r.Command
		c.Command = strings.ToUpper(c.Command)
		r.Command = &c
	case r.Todos != nil:
		td := *r.Todos
		td.Items = slices.Clone(td.Items)
		for i := range td.Items {
			td.Items[i].Text = strings.ToUpper(td.Items[i].Text)
		}
		r.Todos = &td
	case r.Problem != nil:
		pr := *r.Problem
		pr.Detail = strings.ToUpper(pr.Detail)
		r.Problem = &pr
	}
	return r
}

// redactAll returns the records of c redacted with upper.
func redactAll(c *Collector) *Collector {
	out := &Collector{}
	c.each(func(r transcripts.Record) { out.Add(upperRecord(r)) })
	return out
}
