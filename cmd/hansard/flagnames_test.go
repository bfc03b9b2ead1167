package main

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"hansard/recall"
)

// TestFlagAliasesSetTheirFlag checks that every earlier name of a flag sets
// the value of the flag it names.
func TestFlagAliasesSetTheirFlag(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd, flag string
		args      []string
		want      string
	}{
		{"history", "roles", []string{"--role", "user,tool"}, "[user,tool]"},
		{"history", "roles", []string{"--role", "user", "--roles", "tool"}, "[user,tool]"},
		{"history", "include-subagents", []string{"--subagents"}, "true"},
		{"history", "include-web-chats", []string{"--web-chats"}, "true"},
		{"history", "include-team-sessions", []string{"--team-sessions"}, "true"},
		{"history", "hits-per-session", []string{"--hits", "3"}, "3"},
		{"history", "hits-per-session", []string{"-n", "4"}, "4"},
		{"show", "roles", []string{"--role", "assistant"}, "[assistant]"},
	} {
		var cmd = newHistoryCmd(&App{})
		if tt.cmd == "show" {
			cmd = newShowCmd(&App{})
		}
		if err := cmd.ParseFlags(tt.args); err != nil {
			t.Errorf("%s %v: %v", tt.cmd, tt.args, err)
			continue
		}
		if got := cmd.Flags().Lookup(tt.flag).Value.String(); got != tt.want {
			t.Errorf("%s %v: --%s is %s, want %s", tt.cmd, tt.args, tt.flag, got, tt.want)
		}
	}
}

// TestFlagAliasesAnswerAlike runs each earlier name and the flag's name on
// the same archive: the answers are the same.
func TestFlagAliasesAnswerAlike(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	if _, errOut, code := runIn(t, home, nil, "index"); code != 0 {
		t.Fatalf("index: %d %s", code, errOut)
	}
	query := []string{"history", "--all-repos", "--no-refresh", "--json"}
	everything, _, _ := runIn(t, home, nil, append(query, "token")...)
	for _, tt := range []struct {
		old, now []string
		changes  bool // the fixture holds what the flag selects
	}{
		{[]string{"--role", "assistant"}, []string{"--roles", "assistant"}, true},
		{[]string{"--subagents"}, []string{"--include-subagents"}, true},
		{[]string{"--web-chats"}, []string{"--include-web-chats"}, false},
		{[]string{"--team-sessions"}, []string{"--include-team-sessions"}, false},
		{[]string{"--hits", "3"}, []string{"--hits-per-session", "3"}, true},
		{[]string{"-n", "3"}, []string{"--hits-per-session", "3"}, true},
	} {
		old, errOld, codeOld := runIn(t, home, nil, append(append(query, tt.old...), "token")...)
		now, errNew, codeNew := runIn(t, home, nil, append(append(query, tt.now...), "token")...)
		if codeOld != 0 || codeNew != 0 || old != now {
			t.Errorf("%v (exit %d %s) and %v (exit %d %s) answer differently:\n%s\n%s", tt.old, codeOld, errOld, tt.now, codeNew, errNew, old, now)
		}
		if tt.changes && now == everything {
			t.Errorf("%v changed nothing:\n%s", tt.now, now)
		}
	}

	show := []string{"show", "--no-refresh", "--json", "--limit", "5"}
	session := firstSession(t, everything)
	old, _, codeOld := runIn(t, home, nil, append(show, "--role", "assistant", session)...)
	now, _, codeNew := runIn(t, home, nil, append(show, "--roles", "assistant", session)...)
	if codeOld != 0 || codeNew != 0 || old != now || !strings.Contains(now, `"assistant"`) || strings.Contains(now, `"role": "user"`) {
		t.Errorf("show --role and --roles answer differently (exit %d, %d):\n%s\n%s", codeOld, codeNew, old, now)
	}
}

// TestFlagErrorsNameTheTypedFlag checks that an error about a flag names
// it as the user typed it, and that a usage error names the help of the
// command that was run.
func TestFlagErrorsNameTheTypedFlag(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"history", "--roles", "x"}, `hansard: --roles: unknown role "x"`},
		{[]string{"history", "--role", "x"}, `hansard: --role: unknown role "x"`},
		{[]string{"history", "--hits-per-session", "9"}, "hansard: -n/--hits-per-session must be 1 to 5, not 9"},
		{[]string{"history", "-n", "9"}, "hansard: -n/--hits-per-session must be 1 to 5, not 9"},
		{[]string{"history", "--hits", "9"}, "hansard: --hits must be 1 to 5, not 9"},
		{[]string{"history", "--hits", "many"}, `invalid argument "many" for "--hits" flag`},
		{[]string{"history", "--hits-per-session", "many"}, `invalid argument "many" for "-n, --hits-per-session" flag`},
		{[]string{"history", "--subagents=maybe"}, `invalid argument "maybe" for "--subagents" flag`},
		{[]string{"history", "--include-subagents=maybe"}, `invalid argument "maybe" for "--include-subagents" flag`},
		{[]string{"history", "--web-chats=maybe"}, `invalid argument "maybe" for "--web-chats" flag`},
		{[]string{"history", "--include-web-chats=maybe"}, `invalid argument "maybe" for "--include-web-chats" flag`},
		{[]string{"history", "--team-sessions=maybe"}, `invalid argument "maybe" for "--team-sessions" flag`},
		{[]string{"history", "--include-team-sessions=maybe"}, `invalid argument "maybe" for "--include-team-sessions" flag`},
		{[]string{"history", "--since", "soon"}, `hansard: --since "soon" is neither a date`},
		{[]string{"history", "--since", "2026-11-30", "--until", "2026-11-01"}, "hansard: --until (2026-11-01) is not after since"},
		{[]string{"history", "--mode", "psychic"}, `hansard: --mode must be keyword, meaning or hybrid, not "psychic"`},
		{[]string{"history", "--commit", "xyz"}, `hansard: --commit must be 4 to 64 hexadecimal digits`},
		{[]string{"history", "--limit", "1000"}, "hansard: --limit must be 1 to 100, not 1000"},
		{[]string{"history", "--cursor", "nonsense"}, "hansard: --cursor is not one this search returned"},
		{[]string{"history", "--no-such-flag"}, "hansard: unknown flag: --no-such-flag"},
		{[]string{"show", "--roles", "x", "1111"}, `hansard: --roles: unknown role "x"`},
		{[]string{"show", "--role", "x", "1111"}, `hansard: --role: unknown role "x"`},
		{[]string{"show", "--limit", "0", "--content-offset", "5", "1111"}, "hansard: --content-offset continues a single message"},
		{[]string{"show", "--around", "-1", "1111"}, "hansard: --around must be a message index"},
		{[]string{"show"}, "hansard: missing SESSION, TRANSCRIPT or LINK"},
		{[]string{"index", "--map", "relative=x"}, "hansard: "},
	} {
		_, errOut, code := runIn(t, home, nil, append(tt.args, "--no-refresh")...)
		help := "Run 'hansard " + tt.args[0] + " --help' for usage."
		if code != exitUsage || !strings.Contains(errOut, tt.want) || !strings.Contains(errOut, help) {
			t.Errorf("%v: exit %d, want %d with %q and %q:\n%s", tt.args, code, exitUsage, tt.want, help, errOut)
		}
	}
}

// firstSession returns the session id of the first hit of history --json.
func firstSession(t *testing.T, out string) string {
	t.Helper()
	var resp recall.SearchResponse
	if err := json.Unmarshal([]byte(out), &resp); err != nil || len(resp.Hits) == 0 {
		t.Fatalf("no session in (%v):\n%s", err, out)
	}
	return resp.Hits[0].SessionID
}

// TestNameTypedFlags checks the rewriting of recall's errors: fields with a
// flag are named as typed, positional fields are left alone, other errors
// pass through.
func TestNameTypedFlags(t *testing.T) {
	cmd := newShowCmd(&App{})
	if err := cmd.ParseFlags([]string{"--role", "user", "--content-offset", "5"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		field, msg, want string
	}{
		{"session_id", "session_id is empty", "session_id is empty"},
		{"around", "content_offset needs around: the index of the message to continue", "--around: --content-offset needs around: the index of the message to continue"},
		{"roles", "roles_x is not a role", "--role: roles_x is not a role"},
		{"max_message_chars", "max_message_chars must be 1 to 100000, not 0", "--max-message-chars must be 1 to 100000, not 0"},
	} {
		err := nameTypedFlags(cmd, &recall.Error{Code: recall.CodeInvalidArgument, Field: tt.field, Message: tt.msg})
		if err.Error() != tt.want || recall.ErrorCode(err) != recall.CodeInvalidArgument {
			t.Errorf("%s %q: %q (%s), want %q", tt.field, tt.msg, err, recall.ErrorCode(err), tt.want)
		}
	}
	plain := errors.New("disk full")
	if got := nameTypedFlags(cmd, plain); got != plain {
		t.Errorf("a plain error was rewritten: %v", got)
	}
	if got := nameTypedFlags(nil, plain); got != plain {
		t.Errorf("without a command: %v", got)
	}
}

// TestFlagsAreTheRequestFields checks that history and show have a flag for
// every field of the request they send, named as the field (snake_case in
// kebab-case), so that the CLI and the MCP tools keep the same filters.
func TestFlagsAreTheRequestFields(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd        *cobra.Command
		req        any
		positional string
	}{
		{newHistoryCmd(&App{}), recall.SearchRequest{}, "query"},
		{newShowCmd(&App{}), recall.ReadRequest{}, "session_id"},
	} {
		typ := reflect.TypeOf(tt.req)
		for i := range typ.NumField() {
			field, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if field == tt.positional || field == "-" { // "-": no field of the tool
				continue
			}
			if fl := tt.cmd.Flags().Lookup(kebab(field)); fl == nil || fl.Hidden {
				t.Errorf("%s has no flag --%s for the field %s", tt.cmd.Name(), kebab(field), field)
			}
		}
	}
}
