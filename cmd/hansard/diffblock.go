package main

import "strings"

// diffBlock returns a diff's lines, each after indent and made safe to
// print, added lines green and removed lines red when painting.
func diffBlock(p painter, indent, diff string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(diff, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "+++") || strings.HasPrefix(l, "---") || strings.HasPrefix(l, "@@"):
			l = p.dim(l)
		case strings.HasPrefix(l, "+"):
			l = p.wrap("32", l)
		case strings.HasPrefix(l, "-"):
			l = p.wrap("31", l)
		default:
			l = termSafe(l)
		}
		b.WriteString(indent + l + "\n")
	}
	return b.String()
}
