package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

func newBlameCmd(app *App) *cobra.Command {
	opts := whyOptions{blame: true}
	var lines string
	cmd := &cobra.Command{
		Use:   "blame FILE [-L START,END]",
		Short: "Show which archived conversation wrote each line of a file, one line each",
		Long: `Show every line of FILE (or of lines START to END) with its answer in aligned columns:
line │ status │ agent and short session id │ commit │ code; then, once each, the sessions
named: title, start, the prompt of their first edit there and the hansard show command that
opens it. The answers are those of hansard why (why FILE --blame prints the same view).

On a terminal the view goes through $PAGER (default "less -R", with LESS=FRX when LESS is
not set, as git does); piped it is printed as it is. --porcelain and --json print what
hansard why --porcelain and --json print.`,
		Example: `  hansard blame client.go
  hansard blame client.go -L 40,60
  hansard blame client.go -L 40,+20 --rev HEAD~1
  hansard blame client.go --porcelain`,
		Args: func(cmd *cobra.Command, args []string) error {
			if opts.stdin {
				if len(args) > 0 {
					return usageError{errors.New("--stdin reads the locations from standard input: give no FILE")}
				}
				return nil
			}
			if len(args) != 1 {
				return usageError{errors.New("blame takes one FILE")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.stdin {
				return runWhyStdin(cmd.Context(), app, opts)
			}
			loc := args[0]
			if lines != "" {
				r, err := lineRange(lines)
				if err != nil {
					return usageError{err}
				}
				loc += ":" + r
			}
			app.shortLived()
			return runWhy(cmd.Context(), app, loc, opts, app.Streams.Out)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&lines, "lines", "L", "", "only lines START,END (or START,+COUNT)")
	f.StringVar(&opts.rev, "rev", "", "ask about this revision instead of the working tree")
	f.BoolVar(&opts.json, "json", false, "print the answers as hansard why --json does")
	f.BoolVar(&opts.porcelain, "porcelain", false, "print hansard why --porcelain's tab-separated lines")
	f.BoolVar(&opts.stdin, "stdin", false, "show each FILE[:START-END] read from standard input, one per line, until it ends")
	return cmd
}

// lineRange turns -L's START,END or START,+COUNT (or one line, START)
// into the START-END of a location.
func lineRange(s string) (string, error) {
	bad := fmt.Errorf("-L %q: want START,END or START,+COUNT (line numbers from 1)", s)
	from, to, ok := strings.Cut(strings.TrimSpace(s), ",")
	start, err := strconv.Atoi(strings.TrimSpace(from))
	if err != nil || start < 1 {
		return "", bad
	}
	if !ok {
		return fmt.Sprintf("%d-%d", start, start), nil
	}
	to = strings.TrimSpace(to)
	count, relative := strings.CutPrefix(to, "+")
	end, err := strconv.Atoi(count)
	if err != nil || end < 1 && relative {
		return "", bad
	}
	if relative {
		end = start + end - 1
	}
	if end < start {
		return "", bad
	}
	return fmt.Sprintf("%d-%d", start, end), nil
}
