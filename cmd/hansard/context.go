package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"hansard/recall"
)

type contextOptions struct {
	req  recall.WorkContextRequest
	json bool
}

func newContextCmd(app *App) *cobra.Command {
	var opts contextOptions
	cmd := &cobra.Command{
		Use:     "context [SESSION]",
		Aliases: []string{"work-context"},
		Short:   "Show a task's conversations, steps, tests and commits",
		Long: `Show the context of the task a conversation belongs to, as a tree: its conversations in the
order they started (the session, its subagents, the sessions it resumed, continued or was
forked from, and those of the same work: the same branch and files within hours, with that
evidence), the todo and plan steps they recorded as open, done or dropped, the test runs that
failed and what followed (fixed by an edit, flaky), and the commits they made. SESSION is an
id or a unique prefix; without it, the live Codex session of this folder, else the latest
conversation of the current repository.
--budget caps the size of the result in tokens (default 4000). The same as the work_context
MCP tool; --json prints its result.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.req.SessionID = args[0]
			}
			return runContext(cmd.Context(), app, opts)
		},
	}
	f := cmd.Flags()
	f.IntVar(&opts.req.TokenBudget, "budget", 0, "cap the result at this many tokens (default 4000)")
	f.StringVar(&opts.req.Until, "until", "", "hide evidence after this time or day (2026-11-30, yesterday, 7d)")
	f.StringVar(&opts.req.Repo, "repo", "", "the repository whose conversations count (root or name)")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	return cmd
}

func runContext(ctx context.Context, app *App, opts contextOptions) error {
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("find the working folder: %w", err)
	}
	resp, err := app.Host().WorkContext(ctx, opts.req, recall.Caller{Dir: cwd})
	if err != nil {
		return sessionError(ctx, app, err)
	}
	return printTree(ctx, app, opts.json, resp, resp.TextWith)
}
