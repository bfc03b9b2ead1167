package main

import (
	"context"
	"errors"
	"io"

	"github.com/spf13/cobra"

	"hansard/recall"
)

type whyOptions struct {
	rev       string
	json      bool
	porcelain bool
	stdin     bool
	blame     bool // the compact view (printBlame)
	diff      bool // each edit's own diff
}

func newWhyCmd(app *App) *cobra.Command {
	var opts whyOptions
	cmd := &cobra.Command{
		Use:   "why PATH[:LINE[-END]]",
		Short: "Name the archived conversation that wrote lines of a file",
		Long: `Name the archived conversation and edit that wrote a line (PATH:LINE), a range of lines
(PATH:START-END) or every line of a file (PATH), with the commit that carries it, the prompt
that led to it and the earlier edits of the same text. Works from any folder of the repository
and on uncommitted lines; --rev asks about a past revision.

Statuses: proven, possible (the reason says why the evidence is weaker), conflicting (several
sessions qualify; all are listed), uncommitted (a working-tree line matched to an edit) and
none (no archived edit explains the line).

Before answering, new transcripts are read and the edit ledger is brought up to date.
--no-refresh skips reading transcripts, but the ledger is still brought up to date with
what is already archived (it is derived from the archive). Answers are kept in the archive:
a repeated question about the same content, commit and ledger is answered without git.

--json prints one object for one line (PATH:LINE, or PATH:79-79: the same object) and an
array of objects for several lines (PATH:START-END) and for PATH; with --stdin, each answer
is one line of it.

Exit status 0 when answered (including none), 1 on error, 2 for a bad location, a line
past the end of the file or a path outside a repository.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if opts.stdin && len(args) > 0 {
				return usageError{errors.New("--stdin reads the locations from standard input: give no PATH")}
			}
			if opts.stdin {
				return nil
			}
			return cobra.ExactArgs(1)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.stdin {
				return runWhyStdin(cmd.Context(), app, opts)
			}
			app.shortLived()
			return runWhy(cmd.Context(), app, args[0], opts, app.Streams.Out)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.rev, "rev", "", "ask about this revision instead of the working tree")
	f.BoolVar(&opts.json, "json", false, "print JSON: one object for one line (PATH:LINE or PATH:N-N), an array for several lines or PATH")
	f.BoolVar(&opts.porcelain, "porcelain", false, "print one tab-separated line per source line: path, line, status, session, message index, commit (after a version line)")
	f.BoolVar(&opts.stdin, "stdin", false, "answer each PATH[:LINE[-END]] read from standard input, one per line, until it ends (for editors)")
	f.BoolVar(&opts.diff, "diff", false, "show each edit's own diff (old and new text, or its patch), redacted as the archive is; in --json, the edit's diff field")
	f.BoolVar(&opts.blame, "blame", false, "print the compact view of hansard blame: one line per source line, the sessions once at the end")
	return cmd
}

// runWhy answers one location, printing to w.
func runWhy(ctx context.Context, app *App, arg string, opts whyOptions, w io.Writer) error {
	if err := opts.check(); err != nil {
		return err
	}
	resp, err := app.Host().Why(ctx, recall.WhyRequest{Location: arg, Rev: opts.rev, Diff: opts.diff, Bare: opts.porcelain})
	if err != nil {
		return err
	}
	if !opts.stdin {
		printAttachment(app, resp.Attachment)
		printStateNotes(app, resp.IndexingPaused)
	}
	out := resp.Answers
	switch {
	case opts.json && opts.stdin:
		if resp.Single() {
			return writeJSONLine(w, out[0])
		}
		return writeJSONLine(w, out)
	case opts.json:
		if resp.Single() {
			return writeJSON(w, out[0])
		}
		return writeWhyJSON(w, out)
	case opts.porcelain:
		if !opts.stdin {
			io.WriteString(w, porcelainHeader("why", whyPorcelainVersion))
		}
		return printWhyPorcelain(w, out)
	}
	p := newPainter(app)
	if opts.blame {
		if opts.stdin {
			return printBlame(w, p, out)
		}
		return app.page(func(w io.Writer) error { return printBlame(w, p, out) })
	}
	printWhy(w, p, out)
	return nil
}

// check refuses flags that exclude each other: --json and --porcelain,
// and --diff with the outputs that print no diff (--porcelain, --blame).
func (o whyOptions) check() error {
	if err := jsonOrPorcelain(o.json, o.porcelain); err != nil {
		return err
	}
	if err := excludeFlags("diff", o.diff, "porcelain", o.porcelain); err != nil {
		return err
	}
	return excludeFlags("diff", o.diff, "blame", o.blame && !o.json && !o.porcelain)
}
