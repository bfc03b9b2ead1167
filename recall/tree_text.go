package recall

import "strings"

// writeSection writes a titled branch of a text tree: name, then one line
// each; nothing when there are no lines.
func writeSection(b *strings.Builder, name string, lines []string) {
	if len(lines) == 0 {
		return
	}
	b.WriteString(name + "\n")
	for i, l := range lines {
		mark := "├─ "
		if i == len(lines)-1 {
			mark = "└─ "
		}
		b.WriteString(mark + l + "\n")
	}
}
