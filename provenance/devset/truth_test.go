package devset

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
)

// Line kinds of the ground truth.
const (
	kindAgent  = "agent"          // a positive: a listed session wrote it
	kindBefore = "before-archive" // a negative: older than every archived session
)

// truthLine is one line of code of the ground truth (gt-strict.jsonl).
type truthLine struct {
	Kind      string   `json:"kind"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Text      string   `json:"text"`
	Commit    string   `json:"commit"`
	Sessions  []string `json:"sessions"`
	Providers []string `json:"providers"`
}

// session is what sessions.json records of one session.
type session struct {
	Provider string `json:"provider"`
	CWD      string `json:"cwd"`
	Path     string `json:"path"`
	// Checkpoints are those its commits' trailers name.
	Checkpoints []string `json:"checkpoints"`
}

// readTruth reads a JSON Lines ground truth.
func readTruth(path string) ([]truthLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []truthLine
	r := bufio.NewReader(f)
	for n := 1; ; n++ {
		b, err := r.ReadBytes('\n')
		if len(b) > 0 {
			var l truthLine
			if jerr := json.Unmarshal(b, &l); jerr != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, jerr)
			}
			out = append(out, l)
		}
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
}

// readSessions reads sessions.json: session id to what was recorded.
func readSessions(path string) (map[string]session, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out map[string]session
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

var datePrefix = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}-`)

// sessionID is a session's own id: some transcript file names put a date
// before the id, the transcript itself does not.
func sessionID(id string) string { return datePrefix.ReplaceAllString(id, "") }
