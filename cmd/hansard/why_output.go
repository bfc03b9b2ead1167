package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"hansard/provenance"
)

// writeWhyJSON writes a JSON array of answers, one compact object per
// line: a whole file's answers stay quick to write and to read line by
// line.
func writeWhyJSON(w io.Writer, out []provenance.Attribution) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("[")
	for i, a := range out {
		b, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
		bw.Write(b)
	}
	bw.WriteString("\n]\n")
	return bw.Flush()
}

// printWhy writes the readable answer: per run of lines with the same
// answer (provenance.Runs), the lines, then the run's reason, the commit,
// the status, the edit and session, the prompt, and the chain of earlier
// edits.
func printWhy(w io.Writer, p painter, out []provenance.Attribution) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	fmt.Fprintln(bw, p.dim(evidenceHeader))
	for _, r := range provenance.Runs(out) {
		a := r.First
		fmt.Fprintln(bw)
		where := fmt.Sprintf("%s:%d", a.Path, r.Start)
		if r.End > r.Start {
			where += fmt.Sprintf("-%d", r.End)
		}
		fmt.Fprintf(bw, "%s  %s\n", p.bold(where), statusLabel(p, a.Status))
		for _, x := range out {
			if x.Line >= r.Start && x.Line <= r.End {
				fmt.Fprintf(bw, "  %s %s\n", p.dim(fmt.Sprintf("%5d│", x.Line)), termSafe(x.Text))
			}
		}
		if r.Reason != "" {
			fmt.Fprintf(bw, "  reason   %s\n", r.Reason)
		}
		if c := a.Commit; c != nil {
			fmt.Fprintf(bw, "  commit   %s  %s  %s  %s\n", shortSHA(c.SHA), oneLineTitle(c.Author), p.when(c.Time), oneLineTitle(c.Summary))
		} else {
			fmt.Fprintf(bw, "  commit   %s\n", p.dim("not committed yet"))
		}
		if a.Edit != nil {
			printEdit(bw, p, "  ", *a.Edit)
		}
		if len(a.Candidates) > 0 {
			fmt.Fprintf(bw, "  %d sessions qualify equally; none is picked:\n", len(a.Candidates))
			for _, c := range a.Candidates {
				printEdit(bw, p, "    ", c)
			}
		}
		if len(a.Chain) > 0 {
			fmt.Fprintf(bw, "  chain    %d earlier %s of this text:\n", len(a.Chain), plural(len(a.Chain), "edit", "edits"))
			for _, c := range a.Chain {
				fmt.Fprintf(bw, "           %s  %s %s  #%d %s  %s\n", p.when(c.TimeLocal), c.Provider,
					shortID(c.SessionID), c.MessageIndex, termSafe(c.Tool), oneLineTitle(c.SessionTitle))
			}
		}
	}
}

// printEdit writes the session, edit, prompt and source of one edit,
// each line after indent.
func printEdit(w io.Writer, p painter, indent string, e provenance.EditRef) {
	title := oneLineTitle(e.SessionTitle)
	if title == "" {
		title = p.dim("(untitled)")
	}
	fmt.Fprintf(w, "%ssession  %s %s  %s  started %s\n", indent, e.Provider, p.bold(shortID(e.SessionID)), title, p.when(e.SessionStarted))
	fmt.Fprintf(w, "%sedit     message #%d  %s %s  at %s\n", indent, e.MessageIndex, termSafe(e.Tool), termSafe(e.ToolCallID), shortTime(e.TimeLocal))
	if e.PromptExcerpt != "" {
		fmt.Fprintf(w, "%sprompt   %s\n", indent, p.dim("“"+e.PromptExcerpt+"”"))
	}
	if e.Said != "" {
		fmt.Fprintf(w, "%ssaid     %s\n", indent, p.dim("“"+e.Said+"”"))
	}
	if e.Source != "" {
		fmt.Fprintf(w, "%ssource   %s\n", indent, termSafe(e.Source))
	}
	fmt.Fprintf(w, "%sopen     %s\n", indent, showCommand(e.SessionID, e.MessageIndex))
	if e.Diff != "" {
		fmt.Fprintf(w, "%sdiff\n%s", indent, diffBlock(p, indent+"    ", e.Diff))
	}
}

func statusLabel(p painter, status string) string {
	switch status {
	case provenance.StatusProven, provenance.StatusUncommitted:
		return p.wrap("1;32", status)
	case provenance.StatusPossible, provenance.StatusConflicting:
		return p.wrap("1;33", status)
	}
	return p.dim(status)
}

func shortSHA(sha string) string {
	if len(sha) > 8 {
		sha = sha[:8]
	}
	return termSafe(strings.TrimSpace(sha))
}
