package transcripts

import (
	"regexp"
	"strings"
)

// SlashCommand reads a prompt that runs a slash command: Claude Code's
// record of one (<command-name>/goal</command-name> … <command-args>…
// </command-args>) or a prompt typed as one ("/goal make the tests pass").
// It returns the command's name (without the slash), its arguments
// (trimmed) and whether text is such a prompt.
func SlashCommand(text string) (name, args string, ok bool) {
	t := strings.TrimSpace(text)
	if m := commandNameTag.FindStringSubmatch(t); m != nil {
		name = strings.TrimPrefix(strings.TrimSpace(m[1]), "/")
		if a := commandArgsTag.FindStringSubmatch(t); a != nil {
			args = strings.TrimSpace(a[1])
		}
		return name, args, name != ""
	}
	m := typedCommand.FindStringSubmatch(t)
	if m == nil {
		return "", "", false
	}
	return m[1], strings.TrimSpace(m[2]), true
}

var (
	commandNameTag = regexp.MustCompile(`(?s)<command-name>(.*?)</command-name>`)
	commandArgsTag = regexp.MustCompile(`(?s)<command-args>(.*?)</command-args>`)
	// typedCommand is "/name" alone or followed by white space and its
	// arguments; a path (/usr/bin/x) has a slash after its first name.
	typedCommand = regexp.MustCompile(`(?s)^/([A-Za-z][A-Za-z0-9_:.-]*)(?:\s+(.*))?$`)
)

// CommandTitle is the title a session whose first prompt runs a slash
// command takes from it: the command's arguments, unless the command is
// one whose arguments are a setting (/model sonnet, /resume ID) rather than
// words about the work; "" when it gives none, and the session's title is
// then its first real prompt.
func CommandTitle(name, args string) string {
	if settingCommands[strings.ToLower(name)] {
		return ""
	}
	return args
}

// CommandLine is the title of a session whose first prompt runs a slash
// command that gives none (CommandTitle is ""), when no real prompt
// follows: the command as typed, "/model" or "/model sonnet"; "" when
// text runs no command.
func CommandLine(text string) string {
	name, args, ok := SlashCommand(text)
	if !ok {
		return ""
	}
	return strings.Join(strings.Fields("/"+name+" "+args), " ")
}

// settingCommands are Claude Code's and Codex's built-in commands whose
// arguments choose a setting, a session or a file.
var settingCommands = map[string]bool{
	"model": true, "config": true, "permissions": true, "theme": true, "effort": true,
	"output-style": true, "login": true, "logout": true, "resume": true, "add-dir": true,
	"mcp": true, "agents": true, "clear": true, "cost": true, "status": true, "help": true,
	"vim": true, "ide": true, "doctor": true, "memory": true, "hooks": true, "export": true,
	"approvals": true, "new": true, "diff": true, "mention": true, "quit": true, "exit": true,
	"terminal-setup": true, "privacy-settings": true, "upgrade": true, "usage": true,
}
