package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"hansard/recall"
)

// statsPorcelainVersion is the version of `stats --porcelain`'s format.
const statsPorcelainVersion = 1

type statsOptions struct {
	json, porcelain bool
}

func newStatsCmd(app *App) *cobra.Command {
	var opts statsOptions
	cmd := &cobra.Command{
		Use:   "stats [PATH]",
		Short: "Show the share of a file's or folder's lines each agent and conversation wrote",
		Long: `Show who wrote the lines of PATH (a file or a folder; default: the current repository):
the share written by each provider and by each archived conversation, the lines several
conversations qualify for equally, and those no archived conversation wrote. Every line is
answered as hansard why answers it (the same answers, the same cache), so stats and blame
agree. A folder counts its tracked files; binary files, files over 2 MiB and tracked files
missing from the working tree are skipped and counted.
--json prints the result as JSON; --porcelain prints tab-separated records: total, status,
provider, session, conflicting, nobody and skipped.`,
		Example: `  hansard stats
  hansard stats internal/auth
  hansard stats client.go --json
  hansard stats --porcelain | awk -F'\t' '$1 == "provider"'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageError{errors.New("stats takes at most one PATH (a file or a folder)")}
			}
			return jsonOrPorcelain(opts.json, opts.porcelain)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			req := recall.StatsRequest{}
			if len(args) == 1 {
				req.Path = args[0]
			}
			app.shortLived()
			return runStats(cmd.Context(), app, req, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	f.BoolVar(&opts.porcelain, "porcelain", false, "print tab-separated records for scripts")
	return cmd
}

func runStats(ctx context.Context, app *App, req recall.StatsRequest, opts statsOptions) error {
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("find the working folder: %w", err)
	}
	resp, err := app.Host().Stats(ctx, req, recall.Scope{Dir: cwd})
	if err != nil {
		return err
	}
	switch {
	case opts.json:
		return writeJSON(app.Streams.Out, resp)
	case opts.porcelain:
		return printStatsPorcelain(app.Streams.Out, resp)
	}
	return printTree(ctx, app, false, resp, func(recall.TimeFormat) string { return resp.Text() })
}

// printStatsPorcelain writes: total (repository, path, files, lines),
// one status record per status (kind, lines), then provider (name, lines,
// share), session (id, provider, lines, share, files, title), conflicting
// and nobody (lines, share), and skipped (reason, files). A share is a
// fraction from 0 to 1 with four decimals.
func printStatsPorcelain(w io.Writer, r recall.StatsResponse) error {
	p := newPorcelainWriter(w, "stats", statsPorcelainVersion)
	share := func(f float64) string { return strconv.FormatFloat(f, 'f', 4, 64) }
	p.record("total", r.Repo, r.Path, r.Files, r.Lines)
	for _, s := range r.Statuses {
		p.record("status", s.Kind, s.Count)
	}
	for _, s := range r.Providers {
		p.record("provider", s.Name, s.Lines, share(s.Share))
	}
	for _, s := range r.Sessions {
		p.record("session", s.SessionID, s.Provider, s.Lines, share(s.Share), s.Files, s.Title)
	}
	p.record("conflicting", r.Conflicting.Lines, share(r.Conflicting.Share))
	p.record("nobody", r.Nobody.Lines, share(r.Nobody.Share))
	for _, s := range r.Skipped {
		p.record("skipped", s.Kind, s.Count)
	}
	return p.end("")
}
