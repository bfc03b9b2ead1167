package integrate

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Codex's config.toml is edited as lines: hansard's table
// [mcp_servers.hansard] (with any subtables of it) is the only text that
// changes; every other line, comments included, stays as it was.

const tomlServersKey = "mcp_servers"

// tomlMarker is the comment line written above hansard's table.
func tomlMarker(agent string) string {
	return fmt.Sprintf("# Managed by hansard: `hansard integrate %s --remove` takes this table out.\n", agent)
}

// tomlTable returns hansard's table as written into config.toml.
func tomlTable(agent, name, command string, args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = tomlQuote(a)
	}
	return tomlMarker(agent) +
		"[" + tomlServersKey + "." + name + "]\n" +
		"command = " + tomlQuote(command) + "\n" +
		"args = [" + strings.Join(quoted, ", ") + "]\n"
}

// setTOMLTable returns text with the table [mcp_servers.NAME] (and its
// subtables) replaced by table, or table added after the last
// [mcp_servers.*] table (at the end when there is none) with a blank line
// before it.
func setTOMLTable(text, agent, name, table string) string {
	lines := scanTOML(text)
	ours := tomlRanges(lines, agent, name)
	if len(ours) == 0 {
		at := insertionPoint(lines)
		sep := ""
		if at > 0 {
			sep = "\n"
		}
		return join(lines[:at]) + ensureNewline(join(lines[:at]), sep) + table + join(lines[at:])
	}
	var b strings.Builder
	from := 0
	for i, r := range ours {
		b.WriteString(join(lines[from:r.start]))
		if i == 0 {
			b.WriteString(table)
		}
		from = r.end
	}
	b.WriteString(join(lines[from:]))
	return b.String()
}

// removeTOMLTable returns text without the table [mcp_servers.NAME], its
// subtables and the blank line setTOMLTable put before it.
func removeTOMLTable(text, agent, name string) string {
	lines := scanTOML(text)
	var b strings.Builder
	from := 0
	for _, r := range tomlRanges(lines, agent, name) {
		start := r.start
		if start > from && lines[start-1].kind == blankLine {
			start--
		}
		b.WriteString(join(lines[from:start]))
		from = r.end
	}
	b.WriteString(join(lines[from:]))
	return b.String()
}

// lineRange is lines[start:end].
type lineRange struct{ start, end int }

// tomlRanges returns the line ranges of the tables under
// [mcp_servers.NAME], each with hansard's marker above it when there is
// one; ranges apart only by blank and comment lines are one.
func tomlRanges(lines []tomlLine, agent, name string) []lineRange {
	var out []lineRange
	for _, r := range tables(lines) {
		if !hasPrefix(lines[r.start].key, tomlServersKey, name) {
			continue
		}
		if r.start > 0 && lines[r.start-1].text == tomlMarker(agent) {
			r.start--
		}
		if n := len(out); n > 0 && onlyNotes(lines[out[n-1].end:r.start]) {
			out[n-1].end = r.end
			continue
		}
		out = append(out, r)
	}
	return out
}

// onlyNotes reports whether lines are all blank or comments.
func onlyNotes(lines []tomlLine) bool {
	for _, l := range lines {
		if l.kind != blankLine && l.kind != commentLine {
			return false
		}
	}
	return true
}

// tables returns the range of each table: its header and the lines up to
// the next header, less the blank lines at its end and the comment lines
// just above the next header (they introduce that one).
func tables(lines []tomlLine) []lineRange {
	var out []lineRange
	for i, l := range lines {
		if l.kind != headerLine {
			continue
		}
		end := i + 1
		for end < len(lines) && lines[end].kind != headerLine {
			end++
		}
		out = append(out, lineRange{i, trimEnd(lines, i+1, end)})
	}
	return out
}

// trimEnd returns end less the comment lines just above a header at
// lines[end] and the blank lines before those, not going below min.
func trimEnd(lines []tomlLine, min, end int) int {
	if end < len(lines) {
		for end > min && lines[end-1].kind == commentLine {
			end--
		}
	}
	for end > min && lines[end-1].kind == blankLine {
		end--
	}
	return end
}

// insertionPoint returns the line before which a new server table goes:
// after the last [mcp_servers.*] table, else at the end before any blank
// lines there.
func insertionPoint(lines []tomlLine) int {
	at := -1
	for _, r := range tables(lines) {
		if hasPrefix(lines[r.start].key, tomlServersKey) {
			at = r.end
		}
	}
	if at >= 0 {
		return at
	}
	return trimEnd(lines, 0, len(lines))
}

// ensureNewline returns sep preceded by a line ending when head does not
// end with one.
func ensureNewline(head, sep string) string {
	if head != "" && !strings.HasSuffix(head, "\n") {
		return "\n" + sep
	}
	return sep
}

func join(lines []tomlLine) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.text)
	}
	return b.String()
}

// tomlQuote writes s as a TOML basic string.
func tomlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
