package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestUsageErrorsShowTheUsageLine: a wrong number of arguments says what
// is missing or extra in words, shows the usage line and names the help,
// never with cobra's own text.
func TestUsageErrorsShowTheUsageLine(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"show"}, []string{"hansard: missing SESSION, TRANSCRIPT or LINK\n", "Usage: hansard show SESSION|TRANSCRIPT|LINK [flags]\n", "Run 'hansard show --help' for usage.\n"}},
		{[]string{"show", "a", "b"}, []string{`too many arguments: show takes SESSION, TRANSCRIPT or LINK, got "a" "b"`}},
		{[]string{"integrate"}, []string{"hansard: missing claude, codex, cursor or gemini\n"}},
		{[]string{"why"}, []string{"missing PATH", "Usage: hansard why PATH"}},
		{[]string{"status", "x"}, []string{`status takes no arguments, got "x"`, "Usage: hansard status [flags]"}},
		{[]string{"index", "x"}, []string{`unknown command "x" for "hansard index" (its commands: pause, resume)`}},
		{[]string{"status", "--no-refresh"}, []string{"unknown flag: --no-refresh", "Run 'hansard status --help' for usage."}},
	} {
		_, errOut, code := runIn(t, home, nil, tt.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d", tt.args, code, exitUsage)
		}
		for _, w := range tt.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", tt.args, w, errOut)
			}
		}
		if strings.Contains(errOut, "arg(s)") || strings.Contains(errOut, "received") {
			t.Errorf("%v: cobra's own text:\n%s", tt.args, errOut)
		}
	}
}

// TestJSONErrors: with --json an error is one JSON object on stderr, in
// the MCP tools' shape (its last line, after any warnings about files),
// and the exit status follows its code.
func TestJSONErrors(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	for _, tt := range []struct {
		args  []string
		code  string
		exit  int
		field string
	}{
		{[]string{"show", "--json"}, "invalid_argument", exitUsage, ""},
		{[]string{"show", "--json", "--no-refresh", "ffffffff"}, "not_found", exitError, ""},
		{[]string{"history", "--json", "--since", "soon"}, "invalid_argument", exitUsage, "since"},
		{[]string{"history", "--json", "--no-such-flag"}, "invalid_argument", exitUsage, ""},
		{[]string{"why", "--json", "no-such-file.go:1"}, "invalid_argument", exitUsage, "location"},
		{[]string{"status", "--json", "extra"}, "invalid_argument", exitUsage, ""},
	} {
		out, errOut, exit := runIn(t, home, nil, tt.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		last := lines[len(lines)-1] // warnings about files come first, as text
		var got struct {
			Error struct {
				Code      string `json:"code"`
				Message   string `json:"message"`
				Retryable *bool  `json:"retryable"`
				Field     string `json:"field"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(last), &got); err != nil {
			t.Errorf("%v: stderr is not one JSON object: %v\n%s", tt.args, err, errOut)
			continue
		}
		e := got.Error
		if e.Code != tt.code || e.Message == "" || e.Retryable == nil || e.Field != tt.field || exit != tt.exit || out != "" {
			t.Errorf("%v: exit %d, error %+v; want code %s, field %q, exit %d", tt.args, exit, e, tt.code, tt.field, tt.exit)
		}
	}
}
