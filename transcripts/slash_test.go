package transcripts

import "testing"

func TestSlashCommand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text, name, args, title string
		ok                      bool
	}{
		{"<command-name>/goal</command-name>\n<command-message>goal</command-message>\n<command-args>make the retry tests pass</command-args>",
			"goal", "make the retry tests pass", "make the retry tests pass", true},
		{"<command-message>goal is running…</command-message>\n<command-name>/goal</command-name>\n<command-args> ship it </command-args>", "goal", "ship it", "ship it", true},
		{"<command-name>/cost</command-name>\n<command-message>cost</command-message>\n<command-args></command-args>", "cost", "", "", true},
		{"/model", "model", "", "", true},
		{"/model claude-sonnet-4", "model", "claude-sonnet-4", "", true},
		{"  /goal fix the flaky\nimport test ", "goal", "fix the flaky\nimport test", "fix the flaky\nimport test", true},
		{"/prompts:review src/", "prompts:review", "src/", "src/", true},
		{"/usr/bin/env is missing", "", "", "", false},
		{"fix /goal", "", "", "", false},
		{"// a comment", "", "", "", false},
	} {
		name, args, ok := SlashCommand(c.text)
		if name != c.name || args != c.args || ok != c.ok {
			t.Errorf("SlashCommand(%q) = %q, %q, %v; want %q, %q, %v", c.text, name, args, ok, c.name, c.args, c.ok)
		}
		if ok {
			if got := CommandTitle(name, args); got != c.title {
				t.Errorf("CommandTitle(%q, %q) = %q, want %q", name, args, got, c.title)
			}
		}
	}
}
