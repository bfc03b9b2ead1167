package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

type whyOptions struct {
	rev       string
	json      bool
	porcelain bool
	stdin     bool
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
	f.BoolVar(&opts.json, "json", false, "print JSON: one object for a line, an array for a range or file")
	f.BoolVar(&opts.porcelain, "porcelain", false, "print one tab-separated line per source line: line, status, session, message index, commit")
	f.BoolVar(&opts.stdin, "stdin", false, "answer each PATH[:LINE[-END]] read from standard input, one per line, until it ends (for editors)")
	return cmd
}

// runWhy answers one location, printing to w.
func runWhy(ctx context.Context, app *App, arg string, opts whyOptions, w io.Writer) error {
	if opts.json && opts.porcelain {
		return usageError{errors.New("--json and --porcelain exclude each other")}
	}
	loc, err := parseLocation(arg)
	if err != nil {
		return usageError{err}
	}
	abs, err := filepath.Abs(loc.Path)
	if err != nil {
		return err
	}
	repo, err := gitrepo.Open(filepath.Dir(abs))
	if err != nil {
		return whyError(loc.Path, err)
	}
	if opts.rev == "" {
		if fi, err := os.Stat(abs); err != nil {
			return usageError{fmt.Errorf("%s: no such file", loc.Path)}
		} else if fi.IsDir() {
			return usageError{fmt.Errorf("%s is a folder: want a file", loc.Path)}
		}
	}
	a, err := app.Archive(ctx)
	if err != nil {
		return err
	}
	cfg, err := app.Config()
	if err != nil {
		return err
	}
	store := provenance.NewArchiveStore(a, redactor(cfg))
	store.Deferred = true // cached results are written while the answer is printed
	defer store.Wait()    // a failed cache write only costs time next time
	at := &provenance.Attributor{Store: store, Cache: store, Location: time.Local, Redact: store.Redact,
		// New transcripts are read and the ledger brought up to date
		// while git blames the file.
		Prepare: func(ctx context.Context) error {
			if _, err := RefreshBeforeAnswer(ctx, app); err != nil {
				return err
			}
			if _, err := provenance.UpdateLedger(ctx, a); err != nil {
				return fmt.Errorf("update the edit ledger: %w", err)
			}
			return nil
		}}
	out, err := at.Why(ctx, repo, provenance.Query{Path: abs, Rev: opts.rev, Start: loc.Start, End: loc.End})
	if err != nil {
		return whyError(loc.Path, err)
	}
	switch {
	case opts.json && opts.stdin:
		if loc.Start > 0 && !loc.Range && len(out) == 1 {
			return writeJSONLine(w, out[0])
		}
		return writeJSONLine(w, out)
	case opts.json:
		if loc.Start > 0 && !loc.Range && len(out) == 1 {
			return writeJSON(w, out[0])
		}
		return writeWhyJSON(w, out)
	case opts.porcelain:
		return printWhyPorcelain(w, out)
	}
	printWhy(w, newPainter(app), out)
	return nil
}

// whyError turns what the user can fix into usage errors with a clear
// message; anything else stays an error.
func whyError(path string, err error) error {
	switch {
	case errors.Is(err, gitrepo.ErrNotRepository):
		return usageError{fmt.Errorf("%s is not inside a git repository", path)}
	case errors.Is(err, gitrepo.ErrLineRange):
		return usageError{err}
	case errors.Is(err, gitrepo.ErrNoSuchPath):
		return usageError{fmt.Errorf("%s: no such file in the repository (%v)", path, err)}
	case errors.Is(err, gitrepo.ErrBadRevision):
		return usageError{fmt.Errorf("unknown revision: %v", err)}
	case errors.Is(err, gitrepo.ErrGitMissing):
		return err
	}
	return err
}
