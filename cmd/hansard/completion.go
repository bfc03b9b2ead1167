package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"hansard/recall"
)

// completionSessions is how many recent conversations a session id is
// completed from.
const completionSessions = 100

// addCompletions registers what the shell completes for the arguments and
// flag values of the commands under root: session ids (with their titles)
// for show and context, functions with their lines for why and log, files
// and folders for stats, and the values of
// --provider, --roles and --mode. Completing reads the archive as it is
// (no refresh), so that a tab press never waits for an index.
func addCompletions(root *cobra.Command, app *App) {
	walk(root, func(c *cobra.Command) {
		switch strings.TrimPrefix(c.CommandPath(), root.Name()+" ") {
		case "show", "context":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp
				}
				return completeSessions(cmd.Context(), app, toComplete), cobra.ShellCompDirectiveNoFileComp
			}
		case "stats":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp
				}
				return nil, cobra.ShellCompDirectiveDefault // a file or a folder
			}
		case "why", "log":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp
				}
				if got := completeLines(cmd.Context(), toComplete); len(got) > 0 {
					return got, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
				}
				return nil, cobra.ShellCompDirectiveDefault
			}
		}
		values := map[string][]string{
			"provider": providerNames(),
			"roles":    {"user\tprompts", "assistant\tanswers and tool calls", "tool\ttool results", "system\tsystem messages"},
			"role":     {"user", "assistant", "tool", "system"},
			"mode":     {recall.ModeKeyword, recall.ModeMeaning, recall.ModeHybrid},
		}
		for name, vals := range values {
			if c.Flags().Lookup(name) == nil {
				continue
			}
			c.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(vals, cobra.ShellCompDirectiveNoFileComp))
		}
	})
}

func providerNames() []string {
	var names []string
	for _, p := range providers() {
		names = append(names, p.Name())
	}
	return names
}

// completeSessions lists the recent conversations whose id starts with
// prefix, as "id<TAB>title, start (how long ago)".
func completeSessions(ctx context.Context, app *App, prefix string) []string {
	app.NoRefresh = true
	resp, err := app.Host().Search(ctx, recall.SearchRequest{Limit: completionSessions}, recall.Scope{All: true})
	if err != nil {
		return nil
	}
	var out []string
	plain := plainPainter(app)
	for _, h := range resp.Hits {
		if strings.HasPrefix(h.SessionID, prefix) {
			out = append(out, fmt.Sprintf("%s\t%s, %s", h.SessionID, oneLineTitle(h.Title), plain.when(h.StartedAtLocal)))
		}
	}
	return out
}

// completeLines completes PATH: to the line ranges of the file's
// functions, methods and types (PATH:10-25, described by the symbol); nil
// for anything else, which the shell completes as a file name.
func completeLines(ctx context.Context, toComplete string) []string {
	path, rest, ok := strings.Cut(toComplete, ":")
	if !ok {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	if fi, err := os.Stat(abs); err != nil || fi.IsDir() {
		return nil
	}
	syms, err := recall.FileSymbols(ctx, abs)
	if err != nil {
		return nil
	}
	var out []string
	for _, s := range syms {
		c := fmt.Sprintf("%s:%d-%d", path, s.Start, s.End)
		if strings.HasPrefix(c, toComplete) || strings.HasPrefix(s.Qualified, rest) {
			out = append(out, c+"\t"+s.Kind+" "+s.Qualified)
		}
	}
	return out
}
