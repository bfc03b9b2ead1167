package claude

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"hansard/transcripts"
)

// Kinds of messages this provider emits besides ordinary ones.
const (
	kindCompactSummary = "compact_summary"
	kindMeta           = "meta"
	kindEvent          = "event"
)

// continuationPrefix starts the summary that opens a compacted or continued
// conversation.
const continuationPrefix = "This session is being continued from a previous conversation"

// injectedPrefixes start user text that Claude Code injected rather than a
// person typed: slash-command records and their output, hook output,
// reminders, caveats and interruption markers.
var injectedPrefixes = []string{
	"<command-name>", "<command-message>", "<command-args>", "<command-contents>",
	"<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>",
	"<system-reminder>", "<user-prompt-submit-hook>", "<task-notification>",
	"<bash-stdout>", "<bash-stderr>", "Caveat: The messages below were generated",
	"[Request interrupted by user",
}

// classifyUser returns the kind of a user text and whether a person typed it.
func classifyUser(text string, isMeta, isCompactSummary bool) (kind string, human bool) {
	t := strings.TrimLeft(text, " \t\r\n")
	if isCompactSummary || strings.HasPrefix(t, continuationPrefix) {
		return kindCompactSummary, false
	}
	if isMeta {
		return kindMeta, false
	}
	for _, p := range injectedPrefixes {
		if strings.HasPrefix(t, p) {
			return kindMeta, false
		}
	}
	return "", true
}

// maxTitle is the length, in runes, a title taken from a prompt is cut to.
const maxTitle = 100

// titleLine makes a one-line title of at most maxTitle runes from a prompt.
func titleLine(text string) string {
	line := strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(line) <= maxTitle {
		return line
	}
	n := 0
	for i := range line {
		if n == maxTitle-1 {
			return strings.TrimRight(line[:i], " ") + "…"
		}
		n++
	}
	return line
}

// promptTitle is the title a user text gives its session when it is the
// first to give one: a prompt a person typed, or the arguments of a slash
// command (transcripts.CommandTitle); "" for anything else, and for a
// command that gives none (/model), whose session then takes its title
// from the next.
func promptTitle(text string, human bool) string {
	if name, args, ok := transcripts.SlashCommand(text); ok {
		return titleLine(transcripts.CommandTitle(name, args))
	}
	if !human {
		return ""
	}
	return titleLine(text)
}

// appendText joins message parts with a blank line.
func appendText(dst *string, part string) {
	switch {
	case part == "":
	case *dst == "":
		*dst = part
	default:
		*dst += "\n\n" + part
	}
}

// systemText describes a system line for its event message.
func systemText(ln *rawLine) string {
	text := ln.Subtype
	switch ln.Subtype {
	case "compact_boundary":
		text = "conversation compacted"
		if m := ln.CompactMetadata; m != nil {
			text += fmt.Sprintf(" (%s, %d tokens before)", firstOf(m.Trigger, "unknown trigger"), m.PreTokens)
		}
	case "api_error":
		text = "API error"
		if ln.MaxRetries > 0 {
			text += fmt.Sprintf(" (retry %d of %d)", ln.RetryAttempt, ln.MaxRetries)
		}
	}
	if s, ok := jsonString(ln.Content); ok && s != "" {
		text = firstOf(text, "system") + ": " + s
	}
	return firstOf(text, "system")
}

// isWarmup reports whether a user line is the "Warmup" prompt of a
// cache-warming sidechain (2.0.x).
func isWarmup(ln *rawLine) bool {
	m := ln.Message
	if m == nil {
		return false
	}
	if m.isString {
		return strings.TrimSpace(m.text) == "Warmup"
	}
	return len(m.Content) == 1 && m.Content[0].Type == "text" && strings.TrimSpace(m.Content[0].Text) == "Warmup"
}
