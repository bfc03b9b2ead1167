package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"hansard/archive"
	"hansard/recall"
)

type statusOptions struct {
	json      bool
	porcelain bool
}

func newStatusCmd(app *App) *cobra.Command {
	var opts statusOptions
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Show what the archive holds and where it reads from",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := jsonOrPorcelain(opts.json, opts.porcelain); err != nil {
				return err
			}
			a, err := app.Archive(cmd.Context())
			if err != nil {
				return err
			}
			st, err := a.Status(cmd.Context(), app.Providers(), app.Env())
			if err != nil {
				return err
			}
			meaning, err := app.Host().MeaningStatus(cmd.Context())
			if err != nil {
				return err
			}
			if opts.porcelain {
				return printStatusPorcelain(app.Streams.Out, st, meaning)
			}
			if opts.json {
				enc := json.NewEncoder(app.Streams.Out)
				enc.SetIndent("", "  ")
				return enc.Encode(statusReport{Status: st, Meaning: meaning})
			}
			return printStatus(app.Streams.Out, newPainter(app), st, meaning, currentCheckout(cmd.Context()))
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the status as JSON")
	cmd.Flags().BoolVar(&opts.porcelain, "porcelain", false, "print the status as tab-separated records, after a version line")
	return cmd
}

// printStatus prints st and meaning; checkout is the repository the command runs in
// ("" outside one), offered as the target of the --map lines.
func printStatus(w io.Writer, p painter, st archive.Status, meaning recall.MeaningStatus, checkout string) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "archive\t%s (%s on disk, of which retained transcripts %s)\n", st.Dir, megabytes(st.SizeBytes), megabytes(st.RetainedBytes))
	state := "active"
	if st.Paused {
		state = "paused: no new transcripts are read (`hansard index resume`)"
	}
	fmt.Fprintf(tw, "indexing\t%s\n", state)
	last := "never"
	if st.LastRefresh != nil {
		last = p.whenTime(*st.LastRefresh)
	}
	fmt.Fprintf(tw, "last refresh\t%s\n", last)
	if meaning.State != "" {
		fmt.Fprintf(tw, "embeddings\t%s\n", termSafe(meaningLine(meaning)))
	}
	tw.Flush()

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "provider\tsessions\tmessages\tedits\ttranscripts\tgone\tearlier generations\t")
	for _, p := range st.Providers {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", p.Provider, p.Sessions, p.Messages, p.Edits, p.Sources,
			p.DeletedSources, p.EarlierGenerations)
	}
	tw.Flush()
	printKeptHistory(w, st)

	fmt.Fprintln(w, "\nsource folders")
	for _, r := range st.Roots {
		mark := "missing"
		if r.Exists {
			mark = "found"
		}
		fmt.Fprintf(w, "  %-7s %s (%s)\n", r.Provider, termSafe(r.Path), mark)
	}

	if len(st.Repositories) > 0 {
		fmt.Fprintln(w, "\nrepositories")
		for _, r := range st.Repositories {
			extra := ""
			if r.RemoteURL != "" {
				extra = "  " + r.RemoteURL
			}
			fmt.Fprintf(w, "  %5d %s  %s%s\n", r.Sessions, plural(r.Sessions, "session ", "sessions"), termSafe(r.Root), termSafe(extra))
		}
	}
	printUnattached(w, st.Unattached, checkout)
	if len(st.ProblemFiles) > 0 {
		fmt.Fprintln(w, "\nfiles with skipped lines")
		for _, f := range st.ProblemFiles {
			var parts []string
			for _, k := range sortedKeys(f.Counts) {
				parts = append(parts, fmt.Sprintf("%d %s", f.Counts[k], k))
			}
			fmt.Fprintf(w, "  %s: %s\n", termSafe(f.Path), strings.Join(parts, ", "))
		}
	}
	if len(st.FailedFiles) > 0 {
		fmt.Fprintln(w, "\nfiles that could not be read")
		for _, f := range st.FailedFiles {
			fmt.Fprintf(w, "  %s: %s\n", termSafe(f.Path), termSafe(f.Error))
		}
	}
	if len(st.UnreadableFolders) > 0 {
		fmt.Fprintln(w, "\nfolders that could not be read")
		for _, f := range st.UnreadableFolders {
			fmt.Fprintf(w, "  %s: %s\n", termSafe(f.Path), termSafe(f.Error))
		}
	}
	if len(st.SkippedFiles) > 0 {
		fmt.Fprintf(w, "\nfiles skipped (%d)\n", len(st.SkippedFiles))
		for _, f := range st.SkippedFiles {
			fmt.Fprintf(w, "  %s: %s\n", termSafe(f.Path), termSafe(f.Error))
		}
	}
	return nil
}

// printKeptHistory lists what is kept of files that shrank or were
// rewritten, the files cut shorter than what was read of them, and the
// sessions stored under another id.
func printKeptHistory(w io.Writer, st archive.Status) {
	if len(st.EarlierGenerations) > 0 {
		fmt.Fprintln(w, "\nearlier generations kept (the file shrank or was rewritten; kept from retained copies)")
		for _, g := range st.EarlierGenerations {
			fmt.Fprintf(w, "  %s #%d: %d %s, %d %s\n", termSafe(g.Path), g.Generation, g.Sessions, plural(g.Sessions, "session", "sessions"),
				g.Messages, plural(g.Messages, "message", "messages"))
		}
	}
	if len(st.ShorterFiles) > 0 {
		fmt.Fprintln(w, "\nfiles shorter than what was read of them (cut, or an older copy; the longer text is kept)")
		for _, f := range st.ShorterFiles {
			fmt.Fprintf(w, "  %s: %s of %s\n", termSafe(f.Path), megabytes(f.Size), megabytes(f.Archived))
		}
	}
	if len(st.RenamedSessions) > 0 {
		fmt.Fprintln(w, "\nsessions stored under another id (an earlier file holds theirs; linked continued_from it)")
		for _, r := range st.RenamedSessions {
			fmt.Fprintf(w, "  %s  as %s  %s\n", termSafe(r.SessionID), termSafe(r.StoredID), termSafe(r.Path))
		}
	}
}
