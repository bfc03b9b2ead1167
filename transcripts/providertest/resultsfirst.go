package providertest

import (
	"slices"
	"testing"

	"hansard/transcripts"
)

// checkResultsFirst parses the file as resultsFirst rewrote it, each
// result's line moved before the line of its call (as agents sometimes
// write them): whole, and resumed at many line boundaries, also from a
// redacted state. Every tool call, edit, command and todo list must be
// what the file in its own order gives, but for the message indexes and
// lines that the new order moves; the resumed parses must give the
// records of the whole one.
func checkResultsFirst(t *testing.T, p transcripts.Provider, sc *source, resultsFirst func([]byte) []byte) {
	t.Helper()
	data := resultsFirst(sc.data)
	if string(data) == string(sc.data) {
		return // no result to move
	}
	moved := &source{src: sc.src, rel: sc.rel + " (results first)", data: data}
	moved.parseWhole(t, p, nil)
	diffCalls(t, moved.rel, unplaced(sc.full), unplaced(moved.full))
	checkResume(t, p, moved)
	if sr, ok := p.(transcripts.StateRedactor); ok {
		checkRedactedState(t, sr, p, moved)
	}
}

// diffCalls compares the calls and what they imply.
func diffCalls(t *testing.T, what string, want, got *Collector) {
	t.Helper()
	report, done := reporter(t, what)
	diffMap(report, "tool call", want.ToolCallsByKey, got.ToolCallsByKey)
	diffMap(report, "edit", want.EditsByKey, got.EditsByKey)
	diffMap(report, "command", want.CommandsByKey, got.CommandsByKey)
	diffMap(report, "todos", want.TodosByKey, got.TodosByKey)
	done()
}

// unplaced returns the calls, edits, commands and todos of c without the
// message indexes and lines that place them.
func unplaced(c *Collector) *Collector {
	out := &Collector{}
	for _, tc := range c.ToolCallsByKey {
		tc.MessageIndex, tc.ResultLine, tc.ResultMessageIndex, tc.Line = 0, 0, 0, 0
		out.Add(transcripts.Record{ToolCall: &tc})
	}
	for _, e := range c.EditsByKey {
		e.MessageIndex = 0
		out.Add(transcripts.Record{Edit: &e})
	}
	for _, cmd := range c.CommandsByKey {
		cmd.MessageIndex = 0
		out.Add(transcripts.Record{Command: &cmd})
	}
	for _, td := range c.TodosByKey {
		td.MessageIndex = 0
		td.Items = slices.Clone(td.Items)
		for i := range td.Items {
			td.Items[i].MessageIndex = 0
		}
		out.Add(transcripts.Record{Todos: &td})
	}
	return out
}
