package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"hansard/recall"
)

type logOptions struct {
	req  recall.CodeHistoryRequest
	json bool
}

func newLogCmd(app *App) *cobra.Command {
	var opts logOptions
	cmd := &cobra.Command{
		Use:     "log PATH[:LINE]",
		Aliases: []string{"code-history"},
		Short:   "Show the conversations that edited a file, a line or a function, with commits, reverts and tests",
		Long: `Show the history of a file as a tree: the archived conversations that edited it (through
renames), the one whose edit was latest first, each with its edits (message indexes, to open
with hansard show SESSION --around N), the commits that carried them, reverts (a git revert,
a later commit that removed the lines, a later conversation that undid them), test runs that
failed and what followed (fixed by an edit, flaky), live conversations, and the files that
import it. PATH:LINE answers which edit wrote that line, as hansard why does, with the history
of that edit's conversation; --symbol narrows the history to one function, class or method.
--budget caps the size of the result in tokens (default 4000); --until hides later evidence
(not with a line or --symbol, which read the current code). The same as the code_history MCP
tool; --json prints its result.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.req.Path = args[0]
			return runLog(cmd.Context(), app, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.req.Symbol, "symbol", "", "only the edits of this function, class or method (Server.Handle)")
	f.IntVar(&opts.req.TokenBudget, "budget", 0, "cap the result at this many tokens (default 4000)")
	f.StringVar(&opts.req.Until, "until", "", "hide evidence after this time or day (2026-11-30, yesterday, 7d)")
	f.StringVar(&opts.req.Repo, "repo", "", "a file of another repository (root or name)")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	return cmd
}

func runLog(ctx context.Context, app *App, opts logOptions) error {
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("find the working folder: %w", err)
	}
	resp, err := app.Host().CodeHistory(ctx, opts.req, recall.Scope{Dir: cwd})
	if err != nil {
		return err
	}
	return printTree(ctx, app, opts.json, resp, resp.TextWith)
}

// printTree prints an answer of the recall tools: resp as JSON, or its
// text tree (made by tree) under the evidence header, with times shown as
// every readable answer shows them; a paused index is noted on stderr.
func printTree(ctx context.Context, app *App, asJSON bool, resp any, tree func(recall.TimeFormat) string) error {
	printStateNotes(app, indexPaused(ctx, app))
	if asJSON {
		return writeJSON(app.Streams.Out, resp)
	}
	p := newPainter(app)
	fmt.Fprintln(app.Streams.Out, p.dim(evidenceHeader))
	// The tree is made safe whole below: its times are shown unpainted.
	plain := plainPainter(app)
	fmt.Fprint(app.Streams.Out, termSafe(tree(recall.TimeFormat{When: plain.when, At: shortTime})))
	return nil
}
