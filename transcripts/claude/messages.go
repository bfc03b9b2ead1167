package claude

import (
	"slices"
	"strings"

	"hansard/transcripts"
)

// user turns a user line into a user message (typed or injected text) or,
// when it carries tool results, into one tool message, pairing each result
// with its call.
func (p *parser) user(ss *sessionState, ln *rawLine, lineNo int) error {
	m := ln.Message
	if m == nil {
		return nil
	}
	msg := transcripts.Message{Role: transcripts.RoleUser, Timestamp: transcripts.ParseTime(ln.Timestamp),
		UUID: ln.UUID, ParentUUID: firstOf(ln.ParentUUID, ln.LogicalParentUUID), Line: lineNo}
	var texts []string
	var results []*block
	if m.isString && m.text != "" {
		texts = append(texts, m.text)
	}
	for i := range m.Content {
		b := &m.Content[i]
		switch b.Type {
		case "text":
			texts = append(texts, b.Text)
		case "tool_result":
			results = append(results, b)
		case "image", "document":
			texts = append(texts, b.placeholder())
		}
	}
	if len(results) > 0 {
		msg.Role = transcripts.RoleTool
		outs := make([]string, len(results))
		for i, b := range results {
			outs[i] = resultText(b.Content)
		}
		if len(results) == 1 && len(texts) == 0 {
			msg.Text = outs[0]
		} else {
			var sb strings.Builder
			for _, t := range append(outs, texts...) {
				appendBuilder(&sb, t)
			}
			msg.Text = sb.String()
		}
		idx, err := p.emitMessage(ss, msg)
		if err != nil {
			return err
		}
		in := msgRef{ss.S.ID, idx}
		for i, b := range results {
			if err := p.result(ln, b, outs[i], lineNo, len(results) == 1, in); err != nil {
				return err
			}
		}
		return nil
	}
	if len(texts) == 0 {
		return nil
	}
	msg.Text = strings.Join(texts, "\n")
	msg.Kind, msg.Human = classifyUser(msg.Text, ln.IsMeta, ln.IsCompactSummary)
	if ss.FirstPrompt == "" {
		ss.FirstPrompt = promptTitle(msg.Text, msg.Human)
	}
	if ss.Command == "" {
		ss.Command = titleLine(transcripts.CommandLine(msg.Text))
	}
	if ss.S.Class == transcripts.ClassSubagent {
		// A subagent's prompts come from its parent agent, not a person.
		msg.Human = false
	}
	_, err := p.emitMessage(ss, msg)
	return err
}

func appendBuilder(sb *strings.Builder, s string) {
	if s == "" {
		return
	}
	if sb.Len() > 0 {
		sb.WriteByte('\n')
	}
	sb.WriteString(s)
}

// assistant adds a line to the assistant message of its API response: the
// lines sharing a message.id (or requestId) are one message, sent again with
// the same index as it grows. Text blocks are kept; thinking is not.
func (p *parser) assistant(ss *sessionState, ln *rawLine, lineNo int) error {
	m := ln.Message
	if m == nil {
		return nil
	}
	key := firstOf(m.ID, ln.RequestID)
	j := p.st.findJoin(ss.S.ID, key)
	if j == nil {
		j = &join{Session: ss.S.ID, Key: key, Msg: transcripts.Message{
			SessionID: ss.S.ID, Index: ss.Next, Role: transcripts.RoleAssistant, Timestamp: transcripts.ParseTime(ln.Timestamp),
			ParentUUID: firstOf(ln.ParentUUID, ln.LogicalParentUUID), OnMainBranch: true, Line: lineNo, Model: m.Model,
		}}
		ss.Next++
		if key != "" {
			p.st.addJoin(j)
		}
	}
	j.Msg.UUID = ln.UUID
	if j.Msg.Model == "" {
		j.Msg.Model = m.Model
	}
	for i := range m.Content {
		b := &m.Content[i]
		switch b.Type {
		case "text":
			appendText(&j.Msg.Text, b.Text)
		case "tool_use":
			j.Msg.ToolCallIDs = append(j.Msg.ToolCallIDs, b.ID)
		}
	}
	if ss.Said == "" {
		ss.Said = titleLine(j.Msg.Text)
	}
	msg := j.Msg
	msg.ToolCallIDs = slices.Clone(msg.ToolCallIDs)
	if err := p.sink(transcripts.Record{Message: &msg}); err != nil {
		return err
	}
	for i := range m.Content {
		if b := &m.Content[i]; b.Type == "tool_use" {
			if err := p.toolUse(ss, ln, b, j.Msg.Index, lineNo); err != nil {
				return err
			}
		}
	}
	return nil
}

// system turns a system line into an event message. turn_duration and
// stop_hook_summary lines are bookkeeping and are skipped.
func (p *parser) system(ss *sessionState, ln *rawLine, lineNo int) error {
	switch ln.Subtype {
	case "turn_duration", "stop_hook_summary":
		return nil
	}
	_, err := p.emitMessage(ss, transcripts.Message{Role: transcripts.RoleSystem, Kind: kindEvent, Text: systemText(ln),
		Timestamp: transcripts.ParseTime(ln.Timestamp), UUID: ln.UUID, ParentUUID: firstOf(ln.ParentUUID, ln.LogicalParentUUID), Line: lineNo})
	return err
}
