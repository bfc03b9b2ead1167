package devset

import (
	"fmt"
	"sort"
	"strings"
)

func shortIDs(ids []string) string {
	var out []string
	for _, id := range ids {
		id = sessionID(id)
		if len(id) > 8 {
			id = id[:8]
		}
		out = append(out, id)
	}
	return strings.Join(out, ",")
}

// String renders the report's misses and weak answers, with examples.
func (r report) String() string {
	var sb strings.Builder
	section := func(title string, cs []*class) {
		fmt.Fprintf(&sb, "%s:\n", title)
		for _, c := range cs {
			fmt.Fprintf(&sb, "  %5d %-60s %s\n", c.Count, c.Name, providerCounts(c.ByProvider))
			for _, e := range c.Examples {
				fmt.Fprintf(&sb, "        %s:%d %q want %s got %s (%s: %s)\n", e.File, e.Line, e.Text, e.Want, e.Got, e.Status, e.Reason)
			}
		}
	}
	section(r.Set+" misses", r.Misses)
	section(r.Set+" right but weaker than proven", r.Weak)
	return sb.String()
}

func providerCounts(m map[string]int) string {
	names := make([]string, 0, len(m))
	for p := range m {
		names = append(names, p)
	}
	sort.Strings(names)
	var parts []string
	for _, p := range names {
		parts = append(parts, fmt.Sprintf("%s %d", p, m[p]))
	}
	return strings.Join(parts, ", ")
}

// table renders the figures of several reports, a row per set and
// provider: precision, recall with the positives recalled, and (for the
// whole set: negatives have no provider) false attribution with the
// negatives attributed.
func table(reps []report) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-26s %-8s %9s %7s %9s %7s %12s\n", "set", "provider", "precision", "recall", "recalled", "false", "attributed")
	row := func(set, p string, c tally) {
		fmt.Fprintf(&sb, "%-26s %-8s %9.3f %7.3f %4d/%-4d", set, p, c.Precision(), c.Recall(), c.Recalled, c.Positives)
		if c.Negatives > 0 {
			fmt.Fprintf(&sb, " %7.4f %5d/%d", c.FalseRate(), c.Falsely, c.Negatives)
		}
		sb.WriteByte('\n')
	}
	for _, r := range reps {
		row(r.Set, "all", r.All)
		names := make([]string, 0, len(r.ByProvider))
		for p := range r.ByProvider {
			names = append(names, p)
		}
		sort.Strings(names)
		for _, p := range names {
			row(r.Set, p, r.ByProvider[p])
		}
	}
	return sb.String()
}
