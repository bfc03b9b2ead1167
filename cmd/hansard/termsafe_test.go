package main

import (
	"regexp"
	"strings"
	"testing"

	"hansard/provenance"
	"hansard/recall"
)

func TestTermSafe(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"plain text, tabs\tand\nlines", "plain text, tabs\tand\nlines"},
		{"\x1b]0;owned\x07title", "␛]0;owned␇title"},
		{"red \x1b[31mtext\x1b[0m", "red ␛[31mtext␛[0m"},
		{"over\rwrite", "over␍write"},
		{"del\x7f and nul\x00", "del␡ and nul␀"},
		{"c1 \u009b31m", `c1 \u009B31m`},
		{"if admin\u202e }\u2066 {", `if admin\u202E }\u2066 {`},
		{"naïve café ✓ 日本", "naïve café ✓ 日本"},
		{"bad \xff utf-8", "bad \xff utf-8"},
	}
	for _, tt := range tests {
		if got := termSafe(tt.in); got != tt.want {
			t.Errorf("termSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWhyOutputIsTerminalSafe: what a file, a transcript or git says
// reaches the terminal without its control characters, colored or not;
// the only escape sequences are hansard's own colors.
func TestWhyOutputIsTerminalSafe(t *testing.T) {
	t.Parallel()
	const evil = "\x1b]0;owned\x07\x1b[2J\r"
	edit := provenance.EditRef{SessionID: "s" + evil, Provider: "claude", SessionTitle: "title" + evil, MessageIndex: 3,
		Tool: "Edit" + evil, ToolCallID: "toolu" + evil, PromptExcerpt: "do it" + evil, Source: "file:///x" + evil}
	out := []provenance.Attribution{{Path: "a.go", Line: 1, Text: "x := 1" + evil, Status: provenance.StatusProven,
		Commit: &provenance.CommitInfo{SHA: "abc" + evil, Author: "Ada" + evil, Summary: "sum" + evil},
		Edit:   &edit, Chain: []provenance.EditRef{edit}, Candidates: []provenance.EditRef{edit}}}
	for _, on := range []bool{false, true} {
		var b strings.Builder
		printWhy(&b, painter{on: on}, out)
		text := regexp.MustCompile(`\x1b\[[0-9;]*m`).ReplaceAllString(b.String(), "")
		if strings.ContainsAny(text, "\x1b\x07\r") {
			t.Errorf("color %v: control characters printed:\n%q", on, b.String())
		}
		if !strings.Contains(text, "␛]0;owned␇") {
			t.Errorf("color %v: the escaped text is missing:\n%s", on, text)
		}
	}
}

// TestShowAndHistoryOutputAreTerminalSafe: likewise for a conversation
// read and search results.
func TestShowAndHistoryOutputAreTerminalSafe(t *testing.T) {
	t.Parallel()
	const evil = "\x1b]0;owned\x07\x1b[2J\r"
	read := recall.ReadResponse{SessionID: "s" + evil, Title: "t" + evil, Provider: "codex", Repo: "/r" + evil,
		StartedAtLocal: "bad time" + evil, MessageCount: 1, Next: "c" + evil,
		Messages: []recall.Message{{Index: 0, Role: "user", Text: "line one\nline two" + evil,
			ToolCalls: []recall.ToolCall{{Name: "shell" + evil, Command: "ls" + evil, Status: "ok" + evil}, {Name: "apply_patch", File: "/r/a.go" + evil, Status: "ok"}}}}}
	search := recall.SearchResponse{Notices: []string{"n" + evil}, Hits: []recall.Hit{{SessionID: "s" + evil, Title: "t" + evil,
		Provider: "claude", Repo: "/r" + evil, Role: "user", Excerpt: "the excerpt" + evil, StartedAtLocal: "x" + evil}}}
	for _, on := range []bool{false, true} {
		var b strings.Builder
		printShow(&b, painter{on: on}, showOptions{}, read, nil)
		printHistory(&b, painter{on: on}, historyOptions{req: recall.SearchRequest{Query: "excerpt"}}, search)
		text := regexp.MustCompile(`\x1b\[[0-9;]*m`).ReplaceAllString(b.String(), "")
		if strings.ContainsAny(text, "\x1b\x07\r") {
			t.Errorf("color %v: control characters printed:\n%q", on, b.String())
		}
	}
}
