package archive

import (
	"path/filepath"
	"strings"
)

// memoryChunk is one section of a memory file: the lines from a heading
// to the next (at most maxChunkLines), 1-based and inclusive.
type memoryChunk struct {
	lineStart, lineEnd int
	heading            string
	text               string
}

// maxChunkLines bounds a section, so that a hit's lines stay near its words.
const maxChunkLines = 40

// memoryChunks splits text into sections at Markdown headings (outside
// fenced code), each at most maxChunkLines long; blank sections are left
// out.
func memoryChunks(text string) []memoryChunk {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var out []memoryChunk
	start, heading := 0, ""
	flush := func(end int) {
		body := strings.Join(lines[start:end], "\n")
		if strings.TrimSpace(body) != "" {
			out = append(out, memoryChunk{lineStart: start + 1, lineEnd: end, heading: heading, text: body})
		}
		start = end
	}
	fenced := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		if h, ok := markdownHeading(l); ok && !fenced && i > start {
			flush(i)
			heading = h
		} else if ok && !fenced {
			heading = h
		}
		if i+1-start >= maxChunkLines {
			flush(i + 1)
		}
	}
	if start < len(lines) {
		flush(len(lines))
	}
	return out
}

// markdownHeading returns the text of an ATX heading line.
func markdownHeading(line string) (string, bool) {
	t := strings.TrimLeft(line, "#")
	if n := len(line) - len(t); n == 0 || n > 6 || (t != "" && t[0] != ' ' && t[0] != '\t') {
		return "", false
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t), "#")), true
}

// memoryTitle is a memory's title: its front matter's description (Cursor
// rules), else its first heading, else its file name.
func memoryTitle(path, text string) string {
	if rest, ok := strings.CutPrefix(text, "---\n"); ok {
		if end := strings.Index(rest, "\n---"); end >= 0 {
			for _, l := range strings.Split(rest[:end], "\n") {
				if v, ok := strings.CutPrefix(l, "description:"); ok {
					if v = strings.Trim(strings.TrimSpace(v), `"'`); v != "" {
						return v
					}
				}
			}
		}
	}
	fenced := false
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		if h, ok := markdownHeading(l); ok && !fenced && h != "" {
			return h
		}
	}
	if path == "" {
		return ""
	}
	return filepath.Base(path)
}
