package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"hansard/recall"
)

// friendlyArgs wraps the argument check of cmd and of every command under
// it, so that a wrong number of arguments is a usage error naming what is
// missing or extra ("missing SESSION") rather than cobra's "accepts 1
// arg(s), received 0".
func friendlyArgs(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		friendlyArgs(c)
	}
	check := cmd.Args
	if check == nil {
		return
	}
	cmd.Args = func(c *cobra.Command, args []string) error {
		err := check(c, args)
		var u usageError
		switch {
		case err == nil || errors.As(err, &u):
			return err
		case c.HasAvailableSubCommands():
			var names []string
			for _, sub := range c.Commands() {
				if sub.IsAvailableCommand() {
					names = append(names, sub.Name())
				}
			}
			return usageError{fmt.Errorf("unknown command %q for %q (its commands: %s)", args[0], c.CommandPath(), strings.Join(names, ", "))}
		}
		return usageError{argCountError(c, args)}
	}
}

// argCountError says what is wrong with the number of args given to cmd,
// by the names of its arguments in its Use line.
func argCountError(cmd *cobra.Command, args []string) error {
	names := argNames(cmd)
	switch {
	case len(names) == 0:
		return fmt.Errorf("%s takes no arguments, got %s", cmd.Name(), quoteArgs(args))
	case len(args) == 0:
		return fmt.Errorf("missing %s", alternatives(names))
	}
	return fmt.Errorf("too many arguments: %s takes %s, got %s", cmd.Name(), alternatives(names), quoteArgs(args))
}

// argNames are the required arguments of cmd's Use line: those before
// the first optional one ([flags], [-L START,END]).
func argNames(cmd *cobra.Command) []string {
	f := strings.Fields(cmd.Use)
	if len(f) < 2 {
		return nil
	}
	f = f[1:]
	if i := slices.IndexFunc(f, func(s string) bool { return strings.HasPrefix(s, "[") }); i >= 0 {
		f = f[:i]
	}
	return f
}

// alternatives spells names out, an argument of several forms (A|B|C) as
// "A, B or C".
func alternatives(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		alts := strings.Split(n, "|")
		if len(alts) > 1 {
			n = strings.Join(alts[:len(alts)-1], ", ") + " or " + alts[len(alts)-1]
		}
		out[i] = n
	}
	return strings.Join(out, " ")
}

func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = fmt.Sprintf("%q", a)
	}
	return strings.Join(q, " ")
}

// jsonOutput reports whether the command line asked for JSON (--json),
// so that its error is printed as JSON too. It reads the parsed flag and,
// for an error before the flags were parsed, the arguments.
func jsonOutput(cmd *cobra.Command, args []string) bool {
	if cmd != nil {
		if f := cmd.Flags().Lookup("json"); f != nil && f.Changed {
			return f.Value.String() == "true"
		}
	}
	return slices.Contains(args, "--json") || slices.Contains(args, "--json=true")
}

// errorJSON is an error as --json prints it on stderr: the shape of the
// MCP tools' error results.
type errorJSON struct {
	Error recall.ErrorBody `json:"error"`
}

// jsonError maps err to its JSON form: recall's code and fields, and
// invalid_argument for a usage error of the command line.
func jsonError(err error) errorJSON {
	body := recall.Body(err, errorText(err))
	var e *recall.Error
	var u usageError
	switch {
	case errors.As(err, &e):
		if e.Code == recall.CodeAmbiguous {
			body.Message = e.Message
		}
	case errors.Is(err, context.Canceled):
		body.Code = recall.CodeCancelled
	case errors.As(err, &u) || isCobraUsage(err):
		body.Code = recall.CodeInvalidArgument
	}
	return errorJSON{Error: body}
}
