package integrate

import (
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"sync"
	"text/template"
)

//go:embed instructions.md
var instructionsText string

// instructionsTemplate is parsed on first use, not at every process start.
var instructionsTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("instructions").Parse(instructionsText))
})

// The managed block starts and ends with these comment lines; everything
// from the begin line to the end line belongs to hansard.
const (
	blockBegin = "<!-- BEGIN hansard "
	blockEnd   = "<!-- END hansard -->"
)

// managedBlock returns the agent's managed instructions block, ending with a newline.
func (a Agent) managedBlock(noMemories bool) string {
	var b strings.Builder
	err := instructionsTemplate().Execute(&b, struct {
		Agent             string
		Memories, Capture bool
	}{a.Name, !noMemories, a.capture})
	if err != nil {
		panic(err) // the template is embedded and its data fixed
	}
	return b.String()
}

// blockRange returns the byte range of the managed block in text, from the
// start of its begin line to the end of its end line, or ok false.
func blockRange(text string) (start, end int, ok bool, err error) {
	start = lineStarting(text, blockBegin, 0)
	if start < 0 {
		return 0, 0, false, nil
	}
	e := lineStarting(text, blockEnd, start)
	if e < 0 {
		return 0, 0, false, errors.New("hansard's managed block has a begin line and no end line; mend or delete it by hand")
	}
	end = e + len(blockEnd)
	if end < len(text) && text[end] == '\n' {
		end++
	}
	if lineStarting(text, blockBegin, end) >= 0 {
		return 0, 0, false, fmt.Errorf("hansard's managed block appears twice; delete one by hand")
	}
	return start, end, true, nil
}

// lineStarting returns the offset of the first line at or after from that
// starts with prefix, or -1.
func lineStarting(text, prefix string, from int) int {
	for i := from; i < len(text); {
		if (i == 0 || text[i-1] == '\n') && strings.HasPrefix(text[i:], prefix) {
			return i
		}
		n := strings.IndexByte(text[i:], '\n')
		if n < 0 {
			break
		}
		i += n + 1
	}
	return -1
}

// setBlock returns text with the managed block replaced by block, or block
// added at the end after a blank line.
func setBlock(text, block string) (string, error) {
	start, end, ok, err := blockRange(text)
	if err != nil {
		return "", err
	}
	if ok {
		return text[:start] + block + text[end:], nil
	}
	if text == "" {
		return block, nil
	}
	return text + ensureNewline(text, "\n") + block, nil
}

// removeBlock returns text without the managed block and the blank line
// setBlock put before it.
func removeBlock(text string) (string, error) {
	start, end, ok, err := blockRange(text)
	if err != nil || !ok {
		return text, err
	}
	if strings.HasSuffix(text[:start], "\n\n") || text[:start] == "\n" {
		start--
	}
	return text[:start] + text[end:], nil
}
