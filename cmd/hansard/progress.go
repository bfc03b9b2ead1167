package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"golang.org/x/term"

	"hansard/archive"
)

// progressBar draws one self-rewriting line on a terminal and nothing
// anywhere else.
type progressBar struct {
	w     io.Writer
	on    bool
	width int
	drawn bool
}

func newProgressBar(w io.Writer) *progressBar {
	p := &progressBar{w: w, width: 80}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.on = true
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 20 {
			p.width = cols
		}
	}
	return p
}

func (p *progressBar) update(pr archive.Progress) {
	if !p.on || pr.Elapsed < 300*time.Millisecond {
		return
	}
	line := progressLine(pr, p.width-1)
	fmt.Fprintf(p.w, "\r%s\x1b[K", line)
	p.drawn = true
}

func (p *progressBar) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// progressLine renders "[=====>     ] 120/284 files  371 MB of 512 MB  45 sessions/s  ETA 3s".
func progressLine(pr archive.Progress, width int) string {
	frac := 0.0
	if pr.BytesTotal > 0 {
		frac = min(float64(pr.Bytes)/float64(pr.BytesTotal), 1)
	} else if pr.FilesTotal > 0 {
		frac = float64(pr.Files) / float64(pr.FilesTotal)
	}
	secs := pr.Elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(pr.Sessions) / secs
	}
	eta := "?"
	if frac > 0.01 && secs > 0 {
		eta = (time.Duration(secs*(1-frac)/frac) * time.Second).Round(time.Second).String()
	}
	text := fmt.Sprintf(" %d/%d files  %s of %s  %.0f sessions/s  ETA %s", pr.Files, pr.FilesTotal,
		megabytes(pr.Bytes), megabytes(pr.BytesTotal), rate, eta)
	barWidth := min(max(width-len(text)-2, 10), 40)
	filled := int(frac * float64(barWidth))
	bar := strings.Repeat("=", filled)
	if filled < barWidth {
		bar += ">" + strings.Repeat(" ", barWidth-filled-1)
	}
	return "[" + bar + "]" + text
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
