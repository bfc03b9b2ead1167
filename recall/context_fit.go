package recall

import (
	"fmt"
	"slices"
	"strings"
)

// keepFitting keeps the leading items that fit the budget on top of
// *used tokens, adding theirs to it; omitted counts the rest.
func keepFitting[T any](items []T, used *int, budget int) (kept []T, omitted int) {
	for i, it := range items {
		c := tokenCount(it) + 1
		if *used+c > budget {
			return kept, len(items) - i
		}
		*used += c
		kept = append(kept, it)
	}
	return kept, 0
}

// fitContext keeps what fits the budget, in this order: the session, then
// the other conversations (latest first) with their links, open steps,
// tests, commits (latest first), then the other steps. Truncated counts
// what was left out.
func fitContext(r *WorkContextResponse) {
	sessions, links, steps, tests, commits := r.Sessions, r.Links, r.Steps, r.Tests, r.Commits
	r.Sessions, r.Links, r.Steps, r.Tests, r.Commits = []TaskSession{}, []TaskLink{}, []TaskStep{}, []TaskTest{}, []TaskCommit{}
	used := tokenCount(r)
	omitted := 0
	prio := slices.Clone(sessions)
	slices.SortStableFunc(prio, func(a, b TaskSession) int {
		switch {
		case a.SessionID == r.SessionID:
			return -1
		case b.SessionID == r.SessionID:
			return 1
		}
		return strings.Compare(b.StartedAtLocal, a.StartedAtLocal)
	})
	keptSessions := map[string]bool{}
	for _, s := range prio {
		var link []TaskLink
		for _, l := range links {
			if l.SessionID == s.SessionID {
				link = append(link, l)
			}
		}
		c := tokenCount(s) + 1 + tokenCount(link)
		if used+c > r.TokenBudget {
			omitted += 1 + len(link)
			continue
		}
		used += c
		keptSessions[s.SessionID] = true
	}
	for _, s := range sessions {
		if keptSessions[s.SessionID] {
			r.Sessions = append(r.Sessions, s)
		}
	}
	for _, l := range links {
		if keptSessions[l.SessionID] {
			r.Links = append(r.Links, l)
		}
	}
	var open, rest []TaskStep
	for _, s := range steps {
		if s.Status == StepOpen {
			open = append(open, s)
		} else {
			rest = append(rest, s)
		}
	}
	keptOpen, n := keepFitting(open, &used, r.TokenBudget)
	omitted += n
	keptTests, n := keepFitting(tests, &used, r.TokenBudget)
	omitted += n
	slices.Reverse(commits)
	keptCommits, n := keepFitting(commits, &used, r.TokenBudget)
	omitted += n
	slices.Reverse(keptCommits)
	keptRest, n := keepFitting(rest, &used, r.TokenBudget)
	omitted += n
	for _, s := range steps { // in their recorded order
		if slices.Contains(keptOpen, s) || slices.Contains(keptRest, s) {
			r.Steps = append(r.Steps, s)
		}
	}
	r.Tests = append(r.Tests, keptTests...)
	r.Commits = append(r.Commits, keptCommits...)
	r.Truncated = omitted
	r.Tokens = tokenCount(r)
}

// Text is the task's context as a short tree, times in RFC 3339.
func (r WorkContextResponse) Text() string { return r.TextWith(TimeFormat{}) }

// TextWith is Text with times shown as f says.
func (r WorkContextResponse) TextWith(f TimeFormat) string {
	var b strings.Builder
	fmt.Fprintf(&b, "task of %s", r.SessionID)
	if r.Default != "" {
		b.WriteString(" (" + r.Default + ")")
	}
	if r.Until != "" {
		b.WriteString(" until " + r.Until)
	}
	b.WriteString("\n")
	var lines []string
	for _, s := range r.Sessions {
		l := fmt.Sprintf("%s %s %q started %s, messages: %d", s.Provider, s.SessionID, oneLineText(s.Title, 80), f.when(s.StartedAtLocal), s.Messages)
		if s.Live {
			l += " (live)"
		}
		for _, k := range r.Links {
			if k.SessionID == s.SessionID {
				l += fmt.Sprintf(" [%s of %s: %s]", k.Relation, shortSHA(k.LinkedTo), oneLineText(k.Evidence, 120))
			}
		}
		if len(s.Files) > 0 {
			l += "; edited " + strings.Join(firstN(s.Files, 8), ", ")
		}
		lines = append(lines, l)
	}
	writeSection(&b, "conversations", lines)
	lines = nil
	for _, s := range r.Steps {
		lines = append(lines, fmt.Sprintf("[%s] %s (%s #%d)", s.Status, oneLineText(s.Text, 120), shortSHA(s.SessionID), s.MessageIndex))
	}
	writeSection(&b, "steps", lines)
	lines = nil
	for _, t := range r.Tests {
		lines = append(lines, testLine(t.HistoryTest)+" ("+shortSHA(t.SessionID)+")")
	}
	writeSection(&b, "tests", lines)
	lines = nil
	for _, c := range r.Commits {
		lines = append(lines, fmt.Sprintf("%s %q (%s #%d)", shortSHA(c.Commit), oneLineText(c.Summary, 80), shortSHA(c.SessionID), c.MessageIndex))
	}
	writeSection(&b, "commits", lines)
	writeSection(&b, "governed by memories", memoryLines(r.Memories))
	for _, n := range r.Notes {
		b.WriteString("note: " + n + "\n")
	}
	if r.Truncated > 0 {
		fmt.Fprintf(&b, "truncated: %d entries left out to stay within %d tokens\n", r.Truncated, r.TokenBudget)
	}
	return b.String()
}
