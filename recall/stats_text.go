package recall

import (
	"fmt"
	"strings"
)

// Text is the shares of the lines as a short tree.
func (r StatsResponse) Text() string {
	var b strings.Builder
	what := "file"
	if r.Folder {
		what = "folder"
	}
	fmt.Fprintf(&b, "%s (%s: %s, %s)", r.Path, what, plural(r.Files, "file"), plural(r.Lines, "line"))
	if len(r.Skipped) > 0 {
		var parts []string
		for _, s := range r.Skipped {
			parts = append(parts, fmt.Sprintf("%d %s", s.Count, strings.ReplaceAll(s.Kind, "_", " ")))
		}
		fmt.Fprintf(&b, "; skipped %s", strings.Join(parts, ", "))
	}
	b.WriteString("\n")
	var lines []string
	for _, p := range r.Providers {
		lines = append(lines, fmt.Sprintf("%-8s %s", p.Name, shareText(p)))
	}
	writeSection(&b, "providers", lines)
	lines = nil
	for _, s := range r.Sessions {
		lines = append(lines, fmt.Sprintf("%s %s %q %s in %s", s.Provider, s.SessionID, oneLineText(s.Title, 60), shareText(s.StatsShare), plural(s.Files, "file")))
	}
	writeSection(&b, "sessions", lines)
	if r.Conflicting.Lines > 0 {
		fmt.Fprintf(&b, "several sessions equally: %s\n", shareText(r.Conflicting))
	}
	fmt.Fprintf(&b, "nobody archived: %s\n", shareText(r.Nobody))
	for _, n := range r.Notes {
		b.WriteString("note: " + n + "\n")
	}
	return b.String()
}

func shareText(s StatsShare) string {
	return fmt.Sprintf("%s (%.1f %%)", plural(s.Lines, "line"), 100*s.Share)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
