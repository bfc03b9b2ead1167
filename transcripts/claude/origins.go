package claude

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"hansard/transcripts"
)

// Links to the session a file's own session came from, when the file names
// only a message of it (see transcripts.Link.ParentMessageUUID): the
// archive finds the session that owns the message, and ignores a message
// of the session itself.
//
//   - The first line of the session whose parent (parentUuid, else
//     logicalParentUuid) is not one of the last lines read (state.Recent)
//     continues that message: continued_from when the line is a continuation summary or a
//     compact_boundary, else resumed_from. (After copied history the
//     parent is the last copied line: the copy already links the session.)
//   - A compact_boundary, or a continuation summary, whose parent is not
//     one of the last lines read: continued_from.
//   - A summary line's leafUuid: continued_from when the session opened
//     with a continuation summary, else resumed_from. Summaries read
//     before the session's first line are linked at that line, once the
//     relation is known.

// opening handles the first line of the file's own session.
func (p *parser) opening(ln *rawLine) error {
	rel := transcripts.RelResumedFrom
	if continues(ln) {
		rel = transcripts.RelContinuedFrom
	}
	p.st.Opened = rel
	if parent := firstOf(ln.ParentUUID, ln.LogicalParentUUID); parent != "" && !p.st.recent(parent) {
		ev := fmt.Sprintf("the first line of %s follows message %s", p.base, parent)
		if err := p.originLink(parent, rel, ev); err != nil {
			return err
		}
	}
	for _, leaf := range slices.Sorted(maps.Keys(p.st.Titles.Leaves)) {
		if err := p.leafLink(leaf); err != nil {
			return err
		}
	}
	return nil
}

// continuation links a compact_boundary or continuation summary of the
// session to the message it follows, when that is not a recent line.
func (p *parser) continuation(ln *rawLine) error {
	if !continues(ln) {
		return nil
	}
	parent := ln.LogicalParentUUID
	if ln.Type == "user" {
		parent = firstOf(ln.ParentUUID, ln.LogicalParentUUID)
	}
	if parent == "" || p.st.recent(parent) {
		return nil
	}
	what := "continuation summary"
	if ln.Type == "system" {
		what = "compact_boundary"
	}
	ev := fmt.Sprintf("a %s in %s follows message %s", what, p.base, parent)
	return p.originLink(parent, transcripts.RelContinuedFrom, ev)
}

// leafLink links the session to the message a summary line names.
func (p *parser) leafLink(leaf string) error {
	return p.originLink(leaf, p.st.Opened, fmt.Sprintf("summary in %s names message %s", p.base, leaf))
}

func (p *parser) originLink(uuid, rel, evidence string) error {
	return p.sink(transcripts.Record{Link: &transcripts.Link{SessionID: p.st.Own, ParentMessageUUID: uuid,
		Relation: rel, Evidence: evidence}})
}

// continues reports whether a line opens a continued conversation: a
// compact_boundary or a continuation summary.
func continues(ln *rawLine) bool {
	switch ln.Type {
	case "system":
		return ln.Subtype == "compact_boundary"
	case "user":
		if ln.IsCompactSummary {
			return true
		}
		if m := ln.Message; m != nil {
			text := m.text
			if !m.isString && len(m.Content) > 0 && m.Content[0].Type == "text" {
				text = m.Content[0].Text
			}
			return strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), continuationPrefix)
		}
	}
	return false
}
