package recall

import (
	"fmt"
	"strings"
)

// fitHistory keeps, newest first, the sessions that fit the budget (the
// first that does not fit keeps its latest edits that do), then the
// importers that fit; Truncated counts the sessions, edits and importers
// left out.
func fitHistory(r *CodeHistoryResponse) {
	sessions, importers := r.Sessions, r.Importers
	r.Sessions, r.Importers = []HistorySession{}, nil
	used := tokenCount(r)
	omitted := 0
	if a := r.Attribution; a != nil && used > r.TokenBudget && len(a.Chain) > 0 {
		// The line's earlier writers go first, latest kept longest.
		c := *a
		for len(c.Chain) > 0 && used > r.TokenBudget {
			c.Chain = c.Chain[1:]
			omitted++
			r.Attribution = &c
			used = tokenCount(r)
		}
	}
	for i, s := range sessions {
		if c := tokenCount(s) + 1; used+c <= r.TokenBudget {
			used += c
			r.Sessions = append(r.Sessions, s)
			continue
		}
		part, left := fitSession(s, r.TokenBudget-used)
		if left < len(s.Edits) {
			r.Sessions = append(r.Sessions, part)
			used += tokenCount(part) + 1
			omitted += left
		} else {
			omitted++
		}
		omitted += len(sessions) - i - 1
		importers, omitted = nil, omitted+len(importers)
		break
	}
	for i, im := range importers {
		if c := tokenCount(im) + 1; used+c > r.TokenBudget {
			omitted += len(importers) - i
			break
		}
		used += tokenCount(im) + 1
		r.Importers = append(r.Importers, im)
	}
	r.Truncated = omitted
	r.Tokens = tokenCount(r)
}

// fitSession keeps the latest edits of s (its commits, reverts and tests
// those edits name) that fit room tokens; left is how many edits were left
// out (all of them when none fits).
func fitSession(s HistorySession, room int) (HistorySession, int) {
	for keep := len(s.Edits) - 1; keep > 0; keep-- {
		p := s
		p.Edits = s.Edits[len(s.Edits)-keep:]
		first := p.Edits[0].MessageIndex
		p.Reverts = nil
		for _, rv := range s.Reverts {
			if rv.MessageIndex >= first {
				p.Reverts = append(p.Reverts, rv)
			}
		}
		p.Commits = nil
		for _, c := range s.Commits {
			for _, e := range p.Edits {
				if e.Commit == c.Commit {
					p.Commits = append(p.Commits, c)
					break
				}
			}
		}
		if tokenCount(p)+1 <= room {
			return p, len(s.Edits) - keep
		}
	}
	return s, len(s.Edits)
}

// Text is the history as a short tree, times in RFC 3339.
func (r CodeHistoryResponse) Text() string { return r.TextWith(TimeFormat{}) }

// TextWith is Text with times shown as f says.
func (r CodeHistoryResponse) TextWith(f TimeFormat) string {
	var b strings.Builder
	b.WriteString(r.Path)
	if len(r.Paths) > 0 {
		b.WriteString(" (earlier " + strings.Join(r.Paths, ", ") + ")")
	}
	if r.Until != "" {
		b.WriteString(" until " + r.Until)
	}
	b.WriteString("\n")
	if a := r.Attribution; a != nil {
		fmt.Fprintf(&b, "line %d: %s", a.Line, a.Status)
		if a.Edit != nil {
			fmt.Fprintf(&b, ", %s %s #%d %s", a.Edit.Provider, a.Edit.SessionID, a.Edit.MessageIndex, a.Edit.Tool)
		}
		if a.Commit != nil {
			fmt.Fprintf(&b, ", commit %s", shortSHA(a.Commit.SHA))
		}
		if a.Reason != "" {
			b.WriteString(": " + a.Reason)
		}
		b.WriteString("\n")
	}
	if s := r.Symbol; s != nil {
		fmt.Fprintf(&b, "%s %s, lines %d-%d\n", s.Kind, s.Name, s.StartLine, s.EndLine)
	}
	if len(r.Sessions) == 0 {
		b.WriteString("No archived conversation edited it.\n")
	}
	for i, s := range r.Sessions {
		writeSession(&b, f, s, i == len(r.Sessions)-1)
	}
	if len(r.Importers) > 0 {
		names := make([]string, len(r.Importers))
		for i, im := range r.Importers {
			names[i] = fmt.Sprintf("%s:%d", im.Path, im.Line)
		}
		fmt.Fprintf(&b, "imported by %s\n", strings.Join(names, ", "))
	}
	writeSection(&b, "governed by memories", memoryLines(r.Memories))
	for _, n := range r.Notes {
		b.WriteString("note: " + n + "\n")
	}
	if r.Truncated > 0 {
		fmt.Fprintf(&b, "truncated: %d entries left out to stay within %d tokens\n", r.Truncated, r.TokenBudget)
	}
	return b.String()
}

func writeSession(b *strings.Builder, f TimeFormat, s HistorySession, last bool) {
	branch, indent := "├─ ", "│  "
	if last {
		branch, indent = "└─ ", "   "
	}
	fmt.Fprintf(b, "%s%s %s %q started %s", branch, s.Provider, s.SessionID, oneLineText(s.Title, 80), f.when(s.StartedAtLocal))
	if s.Live {
		b.WriteString(" (live)")
	}
	b.WriteString("\n")
	var lines []string
	for _, e := range s.Edits {
		l := fmt.Sprintf("edit #%d %s %s +%d -%d %s", e.MessageIndex, e.Tool, e.Path, e.LinesAdded, e.LinesRemoved, f.at(e.TimeLocal))
		if e.Attributed != "" {
			l = fmt.Sprintf("%s #%d %s %s: %s for %d lines of the file", e.Tool, e.MessageIndex, e.Path, f.at(e.TimeLocal), e.Attributed, e.Lines)
		}
		switch {
		case e.Commit != "":
			l += " → " + shortSHA(e.Commit)
		case e.Uncommitted:
			l += " (uncommitted)"
		}
		lines = append(lines, l)
	}
	for _, c := range s.Commits {
		lines = append(lines, fmt.Sprintf("commit %s %s %q", shortSHA(c.Commit), f.when(c.TimeLocal), oneLineText(c.Summary, 80)))
	}
	for _, rv := range s.Reverts {
		switch rv.Kind {
		case RevertGit:
			lines = append(lines, fmt.Sprintf("reverted: #%d by git revert %s of %s", rv.MessageIndex, shortSHA(rv.Commit), shortSHA(rv.RevertedCommit)))
		case RevertRemoved:
			lines = append(lines, fmt.Sprintf("reverted: the lines of #%d removed by commit %s", rv.MessageIndex, shortSHA(rv.Commit)))
		case RevertUndone:
			lines = append(lines, fmt.Sprintf("reverted: #%d undone by %s #%d", rv.MessageIndex, rv.SessionID, *rv.UndoMessageIndex))
		}
	}
	for _, t := range s.Tests {
		lines = append(lines, testLine(t))
	}
	for i, l := range lines {
		mark := "├─ "
		if i == len(lines)-1 {
			mark = "└─ "
		}
		b.WriteString(indent + mark + l + "\n")
	}
}

func testLine(t HistoryTest) string {
	l := fmt.Sprintf("test %s: %s failed #%d", t.Outcome, oneLineText(t.Command, 80), t.FailedMessageIndex)
	if len(t.FixMessageIndexes) > 0 {
		idx := make([]string, len(t.FixMessageIndexes))
		for i, n := range t.FixMessageIndexes {
			idx[i] = fmt.Sprintf("#%d", n)
		}
		l += ", edits " + strings.Join(idx, " ")
	}
	if t.PassedMessageIndex != nil {
		l += fmt.Sprintf(", passed #%d", *t.PassedMessageIndex)
	}
	return l
}

func shortSHA(s string) string {
	if len(s) > 8 {
		return s[:8]
	}
	return s
}

// oneLineText folds s onto one line of at most n characters.
func oneLineText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
