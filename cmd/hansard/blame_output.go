package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"hansard/provenance"
)

// printBlame writes the compact view of answers: one line per source line
// (line │ status │ provider and short session │ commit │ code, in
// aligned columns), then the legend of the sessions named, once each.
func printBlame(w io.Writer, p painter, out []provenance.Attribution) error {
	bw := bufio.NewWriter(w)
	rows := make([]blameRow, len(out))
	var width struct{ line, status, session, commit int }
	for i, a := range out {
		r := newBlameRow(a)
		rows[i] = r
		width.line = max(width.line, len(r.line))
		width.status = max(width.status, len(r.status))
		width.session = max(width.session, utf8.RuneCountInString(r.session))
		width.commit = max(width.commit, len(r.commit))
	}
	bar := p.dim("│")
	for i, r := range rows {
		fmt.Fprintf(bw, "%s %s %s %s %s %s %s %s %s\n",
			p.dim(pad(r.line, width.line, true)), bar,
			statusLabel(p, r.status)+strings.Repeat(" ", width.status-len(r.status)), bar,
			pad(r.session, width.session, false), bar,
			p.dim(pad(r.commit, width.commit, false)), bar, termSafe(out[i].Text))
	}
	printLegend(bw, p, out)
	return bw.Flush()
}

// blameRow is the columns of one line of the view, before padding.
type blameRow struct{ line, status, session, commit string }

func newBlameRow(a provenance.Attribution) blameRow {
	r := blameRow{line: fmt.Sprint(a.Line), status: a.Status, commit: "-"}
	switch {
	case len(a.Candidates) > 0:
		r.session = fmt.Sprintf("%d sessions", len(a.Candidates))
	case a.Edit != nil:
		r.session = termSafe(a.Edit.Provider) + " " + shortID(a.Edit.SessionID)
	}
	if a.Commit != nil {
		r.commit = shortSHA(a.Commit.SHA)
	} else if a.Status == provenance.StatusUncommitted {
		r.commit = "working"
	}
	return r
}

// pad fills s with spaces to width runes, on the left when right is set
// (numbers), else on the right.
func pad(s string, width int, right bool) string {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}

// printLegend writes, once per session the view names (in the order they
// first appear), its title, start, the prompt of its first edit there, the
// assistant's words with that edit and the command that opens its message.
func printLegend(w io.Writer, p painter, out []provenance.Attribution) {
	var order []string
	first := map[string]provenance.EditRef{}
	lines := map[string]int{}
	messages := map[string][]int{}
	note := func(e provenance.EditRef) {
		if _, ok := first[e.SessionID]; !ok {
			order = append(order, e.SessionID)
			first[e.SessionID] = e
		}
		lines[e.SessionID]++
		if ms := messages[e.SessionID]; !slices.Contains(ms, e.MessageIndex) {
			messages[e.SessionID] = append(ms, e.MessageIndex)
		}
	}
	for _, a := range out {
		if a.Edit != nil {
			note(*a.Edit)
		}
		for _, c := range a.Candidates {
			note(c)
		}
	}
	if len(order) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", p.dim(evidenceHeader))
	for _, id := range order {
		e := first[id]
		title := oneLineTitle(e.SessionTitle)
		if title == "" {
			title = p.dim("(untitled)")
		}
		fmt.Fprintf(w, "\n%s %s  %s\n", termSafe(e.Provider), p.bold(shortID(e.SessionID)), title)
		ms := messages[id]
		slices.Sort(ms)
		refs := make([]string, len(ms))
		for i, m := range ms {
			refs[i] = fmt.Sprintf("#%d", m)
		}
		fmt.Fprintf(w, "  started  %s; %d %s here, from %s %s\n", p.when(e.SessionStarted), lines[id],
			plural(lines[id], "line", "lines"), plural(len(ms), "message", "messages"), strings.Join(refs, " "))
		if e.PromptExcerpt != "" {
			fmt.Fprintf(w, "  prompt   %s\n", p.dim("“"+oneLineTitle(e.PromptExcerpt)+"”"))
		}
		if e.Said != "" {
			fmt.Fprintf(w, "  said     %s\n", p.dim("“"+oneLineTitle(e.Said)+"”"))
		}
		fmt.Fprintf(w, "  open     %s\n", showCommand(e.SessionID, e.MessageIndex))
	}
}
