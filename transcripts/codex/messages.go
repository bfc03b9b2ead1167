package codex

import (
	"slices"
	"strings"

	"hansard/transcripts"
)

// injectedPrefixes start user-role text that the harness injects (project
// instructions, environment, permissions, notifications) rather than text a
// person typed.
var injectedPrefixes = []string{
	"<environment_context>", "<user_instructions>", "<permissions instructions>", "<permissions_instructions>",
	"# AGENTS.md instructions", "<INSTRUCTIONS>", "<user_shell_command>", "<turn_aborted>",
	"<subagent_notification>", "<collaboration_mode>", "<personality", "<skill", "<apps_instructions>",
	"<developer_instructions>", "<system-reminder>", "<world_state>",
}

func isInjected(text string) bool {
	t := strings.TrimSpace(text)
	for _, p := range injectedPrefixes {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// environmentCWD takes the working folder from an <environment_context>
// block when no turn_context gave one (legacy files have none).
func (p *parser) environmentCWD(text string) {
	st := p.st
	if st.CWD != "" {
		return
	}
	_, rest, ok := strings.Cut(text, "<cwd>")
	if !ok {
		return
	}
	cwd, _, ok := strings.Cut(rest, "</cwd>")
	if cwd = strings.TrimSpace(cwd); !ok || cwd == "" {
		return
	}
	st.CWD = cwd
	if st.Session.CWD == "" {
		st.Session.CWD = cwd
		st.dirty = true
	}
}

// emitMessage gives m the next index of the primary session and sends it.
func (p *parser) emitMessage(m transcripts.Message) error {
	if err := p.ensureSession(); err != nil {
		return err
	}
	st := p.st
	m.SessionID = st.Session.ID
	m.Index = st.NextIndex
	m.Line = p.line
	m.Timestamp = p.ts
	m.OnMainBranch = true
	st.NextIndex++
	st.Last = &m
	return p.sendMessage(m)
}

func (p *parser) sendMessage(m transcripts.Message) error {
	m.ToolCallIDs = slices.Clone(m.ToolCallIDs)
	return p.sink(transcripts.Record{Message: &m})
}

// messageItem handles a response_item message.
func (p *parser) messageItem(it item) error {
	text := contentText(it.Content)
	switch it.Role {
	case "user":
		if isInjected(text) {
			p.environmentCWD(text)
			return p.emitMessage(transcripts.Message{Role: transcripts.RoleUser, Kind: "meta", Text: text})
		}
		return p.prompt(text, false)
	case "assistant":
		return p.assistant(text, false)
	case "developer", "system":
		return p.emitMessage(transcripts.Message{Role: transcripts.RoleSystem, Kind: "meta", Text: text})
	}
	return nil
}

// prompt indexes what the human typed. Codex records it twice, as a
// response_item user message and as an event_msg user_message (in either
// order, with no assistant text between them); whichever comes first is
// indexed and the twin is skipped.
func (p *parser) prompt(text string, fromEvent bool) error {
	norm := strings.TrimSpace(text)
	st := p.st
	if norm == "" || skipTwin(&st.DupUser, &st.DupAssistant, norm, fromEvent) {
		return nil
	}
	if st.Session.Title == "" {
		// A first prompt that runs a slash command titles the session by
		// its arguments, or leaves that to the next prompt.
		title := norm
		if name, args, ok := transcripts.SlashCommand(norm); ok {
			title = transcripts.CommandTitle(name, args)
		}
		if title != "" {
			st.Session.Title = titleOf(title)
			st.dirty = true
		} else if st.Command == "" {
			st.Command, st.dirty = titleOf(transcripts.CommandLine(norm)), true
		}
	}
	return p.emitMessage(transcripts.Message{Role: transcripts.RoleUser, Human: true, Text: text})
}

// assistant indexes assistant text, recorded both as a response_item
// message and as an event_msg agent_message; the twin is skipped.
func (p *parser) assistant(text string, fromEvent bool) error {
	norm := strings.TrimSpace(text)
	st := p.st
	if norm == "" || skipTwin(&st.DupAssistant, &st.DupUser, norm, fromEvent) {
		return nil
	}
	if st.Said == "" {
		st.Said = titleOf(norm)
		st.dirty = st.dirty || st.Session.Title == ""
	}
	return p.emitMessage(transcripts.Message{Role: transcripts.RoleAssistant, Text: text, Model: st.Model})
}

// reasoning indexes the readable summary of a reasoning item; the encrypted
// content is never kept. Items without a summary are skipped.
func (p *parser) reasoning(it item) error {
	text := partsText(it.Summary)
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return p.emitMessage(transcripts.Message{Role: transcripts.RoleAssistant, Kind: "reasoning", Text: text, Model: p.st.Model})
}

// compacted indexes a compaction; its replacement history repeats earlier
// items and is not indexed again.
func (p *parser) compacted(c compacted) error {
	return p.emitMessage(transcripts.Message{Role: transcripts.RoleSystem, Kind: "compact_summary", Text: c.Message})
}

// contextCompacted marks a compaction that has no compacted record of its own.
func (p *parser) contextCompacted() error {
	if l := p.st.Last; l != nil && l.Kind == "compact_summary" {
		return nil
	}
	return p.emitMessage(transcripts.Message{Role: transcripts.RoleSystem, Kind: "event", Text: "context compacted"})
}

// callMessage returns the index of the message that issues a call: the last
// message when it is assistant text (the call's id is added to it), else a
// new assistant message without text.
func (p *parser) callMessage(id string) (int, error) {
	st := p.st
	if l := st.Last; l != nil && l.Role == transcripts.RoleAssistant && l.Kind == "" && l.SessionID == st.Session.ID {
		l.ToolCallIDs = append(l.ToolCallIDs, id)
		return l.Index, p.sendMessage(*l)
	}
	if err := p.emitMessage(transcripts.Message{Role: transcripts.RoleAssistant, Model: st.Model, ToolCallIDs: []string{id}}); err != nil {
		return 0, err
	}
	return st.Last.Index, nil
}

// titleOf returns the first line of a prompt, cut to 200 bytes at a rune boundary.
func titleOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		cut := 200
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
