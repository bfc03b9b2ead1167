package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"hansard/archive"
	"hansard/provenance"
	"hansard/recall"
)

type indexOptions struct {
	rebuild  bool
	maps     []string
	unmap    []string
	listMaps bool
}

func newIndexCmd(app *App) *cobra.Command {
	var opts indexOptions
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Read new transcripts into the archive",
		Long: `Read the transcripts of every agent into the archive. Only what was appended since the
last run is read. Query commands do this by themselves before answering; run it by hand
after installing, to apply a path map, or to rebuild from the retained copies.

Sessions recorded in another checkout or on another machine are attached where their
recorded git state is unambiguous: a recorded origin URL (else HEAD commit) that belongs to
exactly one local repository maps the recorded folder to that checkout, and each such map is
printed with its reason. --map attaches others by hand; --maps lists the maps and --unmap
forgets one. With no transcript folder at all, index says where it looked and fails.

It also stores the git log of every repository the sessions worked in (once; later only
new commits are read), which the first question in a repository would otherwise read.

Once the archive holds enough messages, it learns the model of meaning search from their
words (kept in the archive's folder; nothing is downloaded or sent), and learns it again
each time their number has doubled.

It then computes the vectors of meaning search for the messages archived since the last
run, with the embeddings endpoint configured ([embeddings] in the configuration file), else
with that model; an interrupted run goes on where it stopped.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runIndex(cmd.Context(), app, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.rebuild, "rebuild", false, "re-parse every transcript from the archive's retained copies")
	cmd.Flags().StringArrayVar(&opts.maps, "map", nil,
		"attach sessions recorded under FROM as if they were under TO (FROM=TO, repeatable, remembered; TO must exist)")
	cmd.Flags().StringArrayVar(&opts.unmap, "unmap", nil, "forget the remembered map from FROM (repeatable)")
	cmd.Flags().BoolVar(&opts.listMaps, "maps", false, "list the path maps in use and exit")
	cmd.AddCommand(newPauseCmd(app, true), newPauseCmd(app, false))
	return cmd
}

func newPauseCmd(app *App, pause bool) *cobra.Command {
	use, short := "resume", "Resume reading new transcripts"
	if pause {
		use, short = "pause", "Stop reading new transcripts until resumed"
	}
	return &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			a, err := app.Archive(cmd.Context())
			if err != nil {
				return err
			}
			if err := a.SetPaused(cmd.Context(), pause); err != nil {
				return err
			}
			if pause {
				fmt.Fprintln(app.Streams.Out, "indexing paused: no new transcripts are read until `hansard index resume`")
			} else {
				fmt.Fprintln(app.Streams.Out, "indexing resumed")
			}
			return nil
		},
	}
}

func parseMaps(specs []string) ([]archive.PathMap, error) {
	var maps []archive.PathMap
	for _, s := range specs {
		from, to, ok := strings.Cut(s, "=")
		if !ok || from == "" || to == "" || !strings.HasPrefix(from, "/") || !strings.HasPrefix(to, "/") {
			return nil, usageError{fmt.Errorf("--map %q: want FROM=TO with two absolute paths", s)}
		}
		maps = append(maps, archive.PathMap{From: from, To: to})
	}
	return maps, nil
}

func runIndex(ctx context.Context, app *App, opts indexOptions) error {
	flagMaps, err := parseMaps(opts.maps)
	if err != nil {
		return err
	}
	a, err := app.Archive(ctx)
	if err != nil {
		return err
	}
	if err := checkMapTargets(flagMaps); err != nil {
		return err
	}
	if err := app.Host().ChangePathMaps(ctx, flagMaps, opts.unmap); err != nil {
		return err
	}
	if opts.listMaps {
		maps, err := app.Host().PathMaps(ctx)
		if err != nil {
			return err
		}
		printMaps(app.Streams.Out, maps.Config, maps.Remembered)
		return nil
	}
	if err := recall.ReattachIfMapsChanged(ctx, a); err != nil {
		return err
	}
	if err := checkSources(app.Streams.Err, app.Providers(), app.Env()); err != nil {
		return err
	}
	bar := newProgressBar(app.Streams.Err)
	res, err := a.Refresh(ctx, app.Providers(), app.Env(), archive.RefreshOptions{
		Rebuild:  opts.rebuild,
		Progress: bar.update,
		Warn: func(s string) {
			bar.clear()
			app.warn(warnSource, s)
		},
	})
	bar.clear()
	if err != nil {
		return err
	}
	if opts.rebuild && !res.Paused {
		if err := a.Compact(ctx); err != nil {
			return fmt.Errorf("compact the archive after the rebuild: %w", err)
		}
	}
	roots, err := a.RepoRoots(ctx)
	if err != nil {
		return err
	}
	if repo, ok := currentRepository(ctx); ok {
		roots = append(roots, repo.Root)
	}
	found, err := app.Host().AutoAttach(ctx, roots)
	if err != nil {
		return err
	}
	for _, m := range found {
		fmt.Fprintf(app.Streams.Out, "%s\n", termSafe(m.String()))
	}
	if _, err := provenance.UpdateLedger(ctx, a); err != nil { // the edit ledger follows the archive
		return fmt.Errorf("update the edit ledger: %w", err)
	}
	fmt.Fprintln(app.Streams.Out, summary(res))
	if err := refreshMemories(ctx, app); err != nil {
		return err
	}
	if err := learnMeaningModel(ctx, app); err != nil {
		return err
	}
	if err := refreshVectors(ctx, app); err != nil {
		return err
	}
	logs, took, err := storeGitLogs(ctx, a, func(s string) { app.warn(warnGit, s) })
	if err != nil {
		return err
	}
	if logs > 0 {
		fmt.Fprintf(app.Streams.Out, "stored the git log of %d %s in %.1f s (questions read file histories from it)\n",
			logs, plural(logs, "repository", "repositories"), took.Seconds())
	}
	return nil
}

// summary is the one line `hansard index` prints.
func summary(r archive.RefreshResult) string {
	if r.Paused {
		return "indexing is paused: nothing was read (run `hansard index resume`)"
	}
	read := r.Appended + r.Reread + r.Rebuilt
	var b strings.Builder
	if read == 0 {
		fmt.Fprintf(&b, "archive up to date: %d transcripts unchanged", r.Unchanged)
	} else {
		main := r.Sessions - r.Subagents
		fmt.Fprintf(&b, "indexed %d %s", main, plural(main, "session", "sessions"))
		if r.Subagents > 0 {
			fmt.Fprintf(&b, " and %d %s", r.Subagents, plural(r.Subagents, "subagent", "subagents"))
		}
		fmt.Fprintf(&b, ", %s in %.1f s", megabytes(r.Bytes), r.Elapsed.Seconds())
	}
	var notes []string
	if n := r.ProblemLines(); n > 0 {
		var kinds []string
		for _, k := range sortedKeys(r.Problems) {
			kinds = append(kinds, fmt.Sprintf("%d %s", r.Problems[k], strings.ReplaceAll(k, "_", " ")))
		}
		notes = append(notes, strings.Join(kinds, ", ")+" "+plural(n, "line", "lines")+" skipped")
	}
	if r.Deleted > 0 {
		notes = append(notes, fmt.Sprintf("%d %s gone (kept from retained copies)", r.Deleted, plural(r.Deleted, "transcript", "transcripts")))
	}
	if r.Generations > 0 {
		notes = append(notes, fmt.Sprintf("%d %s shrank or %s rewritten (what was read before is kept, see `hansard status`)",
			r.Generations, plural(r.Generations, "transcript", "transcripts"), plural(r.Generations, "was", "were")))
	}
	if r.Failed > 0 {
		notes = append(notes, fmt.Sprintf("%d %s could not be read", r.Failed, plural(r.Failed, "file", "files")))
	}
	if len(notes) > 0 {
		b.WriteString("; " + strings.Join(notes, "; "))
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func megabytes(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", (n+1023)>>10)
}
