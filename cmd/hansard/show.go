package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"hansard/recall"
)

type showOptions struct {
	req       recall.ReadRequest
	around    int
	json      bool
	porcelain bool
	diff      bool
	all       bool // the whole conversation
	meta      bool // system, meta and event messages too
}

func newShowCmd(app *App) *cobra.Command {
	var opts showOptions
	cmd := &cobra.Command{
		Use:   "show SESSION|TRANSCRIPT|LINK",
		Short: "Read a past conversation, or a window of it around a message",
		Long: `Read a past conversation. SESSION is its id or a unique prefix of it (as hansard history
prints), the path of its transcript file (or of the archive's retained copy of it), or a
file:// link an answer printed (file:///…/x.jsonl#L142): a link opens the window around the
message recorded on that line of the transcript. --around centres the window on a message index; --roles keeps only some roles while
each message keeps its index; long texts are cut (--max-message-chars) and one message is read
whole with --around N --limit 1, continued with --content-offset. The earlier --role still
works.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.req.SessionID = args[0]
			if cmd.Flags().Changed("around") {
				opts.req.Around = &opts.around
			}
			return runShow(cmd.Context(), app, opts)
		},
	}
	f := cmd.Flags()
	r := &opts.req
	f.IntVar(&opts.around, "around", 0, "centre the window on this message index")
	f.IntVar(&r.Limit, "limit", 0, "messages to show (default 20)")
	f.StringSliceVar(&r.Roles, "roles", nil, "only messages of these roles (user, assistant, tool, system)")
	f.BoolVar(&r.GroupRevisions, "group-revisions", false, "fold earlier copies of a prompt into the latest")
	f.IntVar(&r.MaxMessageChars, "max-message-chars", 0, "characters shown per message (default 1500)")
	f.IntVar(&r.MaxChars, "max-chars", 0, "characters shown in all (default 40000)")
	f.IntVar(&r.ContentOffset, "content-offset", 0, "with --around N --limit 1: start this many characters into the message")
	f.StringVar(&r.Cursor, "cursor", "", "continue a previous read")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	f.BoolVar(&opts.porcelain, "porcelain", false, "print one tab-separated line per message, after a version line")
	f.BoolVar(&opts.diff, "diff", false, "show the diff of each edit the messages made, redacted as the archive is")
	f.BoolVar(&opts.all, "all", false, "the whole conversation, every page")
	f.BoolVar(&opts.meta, "meta", false, "show system messages and injected meta and event messages too")
	addFlagAliases(cmd)
	return cmd
}

func runShow(ctx context.Context, app *App, opts showOptions) error {
	if err := jsonOrPorcelain(opts.json, opts.porcelain); err != nil {
		return err
	}
	if err := excludeFlags("diff", opts.diff, "porcelain", opts.porcelain); err != nil {
		return err
	}
	read := app.Host().Read
	if opts.all {
		read = func(ctx context.Context, _ recall.ReadRequest) (recall.ReadResponse, error) {
			return readAll(ctx, app, opts)
		}
	}
	resp, err := read(ctx, opts.req)
	if err != nil {
		return sessionError(ctx, app, err)
	}
	if err := checkAround(opts, resp); err != nil {
		return err
	}
	printStateNotes(app, indexPaused(ctx, app))
	if opts.porcelain {
		return printShowPorcelain(app.Streams.Out, resp)
	}
	var diffs map[int][]string
	if opts.diff {
		indexes := make([]int, len(resp.Messages))
		for i, m := range resp.Messages {
			indexes[i] = m.Index
		}
		if diffs, err = app.Host().MessageDiffs(ctx, resp.SessionID, indexes); err != nil {
			return err
		}
	}
	if opts.json {
		if opts.diff {
			return writeJSON(app.Streams.Out, showWithDiffs{resp, diffs})
		}
		return writeJSON(app.Streams.Out, resp)
	}
	resp, hidden := hideMeta(opts, resp)
	print := func(w io.Writer) error {
		printShow(w, newPainter(app), opts, resp, diffs)
		if hidden > 0 {
			fmt.Fprintf(w, "\n%s\n", newPainter(app).dim(fmt.Sprintf("(%d system or meta %s not shown: --meta shows them)", hidden, plural(hidden, "message", "messages"))))
		}
		return nil
	}
	if opts.all {
		return app.page(print)
	}
	return print(app.Streams.Out)
}

// showWithDiffs is show --json --diff: the read, and the diffs of the
// edits of its messages by message index.
type showWithDiffs struct {
	recall.ReadResponse
	Diffs map[int][]string `json:"diffs"`
}

// printShow writes a conversation window: a header, then each message
// with its index, role, time, text and tool calls, and the diffs of its
// edits when asked for.
func printShow(w io.Writer, p painter, opts showOptions, resp recall.ReadResponse, diffs map[int][]string) {
	fmt.Fprintln(w, p.dim(evidenceHeader))
	fmt.Fprintf(w, "%s  %s\n", p.bold(resp.SessionID), oneLineTitle(resp.Title))
	// when paints its own part: it is not painted again.
	fmt.Fprintf(w, "%s%s%s", p.dim(resp.Provider+", started "), p.when(resp.StartedAtLocal), p.dim(fmt.Sprintf(", %d messages", resp.MessageCount)))
	if resp.Repo != "" {
		fmt.Fprint(w, p.dim(", "+resp.Repo))
	}
	fmt.Fprintln(w)
	for _, m := range resp.Messages {
		head := fmt.Sprintf("#%d %s", m.Index, m.Role)
		if m.Kind != "" {
			head += " (" + m.Kind + ")"
		}
		if m.OffMainBranch {
			head += " [abandoned branch]"
		}
		if m.Retracted != "" {
			head += " [retracted: " + m.Retracted + "]"
		}
		fmt.Fprintf(w, "\n%s %s\n", p.bold(head), p.dim(shortTime(m.TimestampLocal)))
		if len(m.Revisions) > 0 {
			fmt.Fprintf(w, "%s\n", p.dim(fmt.Sprintf("latest of copies %v", m.Revisions)))
		}
		if m.Text != "" {
			fmt.Fprintln(w, indent(m.Text))
		}
		for _, c := range m.ToolCalls {
			fmt.Fprintf(w, "  → %s\n", describeCall(c))
		}
		for _, d := range diffs[m.Index] {
			fmt.Fprint(w, diffBlock(p, "    ", d))
		}
		if m.Truncated {
			end := *m.ContentOffset + len([]rune(m.Text))
			fmt.Fprintf(w, "  %s\n", p.dim(fmt.Sprintf("[characters %d–%d of %d; more: hansard show %s --around %d --limit 1 --content-offset %d]",
				*m.ContentOffset, end, *m.ContentChars, resp.SessionID, m.Index, end)))
		}
	}
	if resp.Next != "" {
		more := resp.SessionID + roleFlags(opts.req.Roles)
		if opts.req.GroupRevisions {
			more += " --group-revisions"
		}
		fmt.Fprintf(w, "\nmore: hansard show %s --cursor %s\n", termSafe(more), termSafe(resp.Next))
	}
}

func describeCall(c recall.ToolCall) string {
	var b strings.Builder
	b.WriteString(termSafe(c.Name))
	switch {
	case c.Command != "":
		b.WriteString(": " + oneLineTitle(c.Command))
	case c.File != "":
		b.WriteString(": " + termSafe(c.File))
	}
	b.WriteString(" (" + termSafe(c.Status))
	if c.ExitCode != nil && *c.ExitCode != 0 {
		fmt.Fprintf(&b, ", exit %d", *c.ExitCode)
	}
	b.WriteString(")")
	return b.String()
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimRight(termSafe(s), "\n"), "\n", "\n  ")
}

func roleFlags(roles []string) string {
	if len(roles) == 0 {
		return ""
	}
	return " --roles " + strings.Join(roles, ",")
}
