package main

import (
	"errors"
	"regexp"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"hansard/recall"
)

// flagAliases maps a flag to its earlier names. The flags of history and
// show carry the names of the MCP tools' fields (hits_per_session is
// --hits-per-session); the earlier names still work, hidden from help.
var flagAliases = map[string][]string{
	"roles":                 {"role"},
	"include-subagents":     {"subagents"},
	"include-web-chats":     {"web-chats"},
	"include-team-sessions": {"team-sessions"},
	"hits-per-session":      {"hits"},
}

// addFlagAliases registers the earlier names of cmd's flags, each setting
// the same value as the flag it names.
func addFlagAliases(cmd *cobra.Command) {
	f := cmd.Flags()
	for name, olds := range flagAliases {
		fl := f.Lookup(name)
		if fl == nil {
			continue
		}
		for _, old := range olds {
			f.Var(fl.Value, old, "earlier name of --"+name)
			f.Lookup(old).NoOptDefVal = fl.NoOptDefVal
			f.MarkHidden(old)
		}
	}
}

// typedFlag returns the flag of cmd as the user typed it, "--name" (an
// earlier name when that was set), and whether cmd has the flag at all.
func typedFlag(cmd *cobra.Command, name string) (string, bool) {
	f := cmd.Flags()
	fl := f.Lookup(name)
	if fl == nil {
		return "", false
	}
	for _, old := range flagAliases[name] {
		if f.Changed(old) && !fl.Changed {
			return "--" + old, true
		}
	}
	if fl.Shorthand != "" {
		return "-" + fl.Shorthand + "/--" + name, true
	}
	return "--" + name, true
}

// snakeWord matches a field name of a request, such as content_offset.
// It is compiled on first use, not at every process start.
var snakeWord = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b[a-z]+(?:_[a-z]+)+\b`)
})

// nameTypedFlags rewrites an error of recall about a request field so that
// it names the flag the user typed for it: the field's name (snake_case,
// as the MCP tools spell it) is the flag's (kebab-case). A field with no
// flag (a positional argument) is left as it is.
func nameTypedFlags(cmd *cobra.Command, err error) error {
	var e *recall.Error
	if cmd == nil || !errors.As(err, &e) || e.Field == "" {
		return err
	}
	named := *e
	if flag, ok := typedFlag(cmd, kebab(e.Field)); ok {
		if rest, found := strings.CutPrefix(named.Message, e.Field); found && !startsWord(rest) {
			named.Message = flag + rest
		} else {
			named.Message = flag + ": " + named.Message
		}
	}
	named.Message = snakeWord().ReplaceAllStringFunc(named.Message, func(w string) string {
		if flag, ok := typedFlag(cmd, kebab(w)); ok {
			return flag
		}
		return w
	})
	return &named
}

func kebab(field string) string { return strings.ReplaceAll(field, "_", "-") }

// startsWord reports whether s begins with a letter, digit or underscore:
// a prefix cut before it was not a whole word.
func startsWord(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
