package codex

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// maxCuts is how many of a text's last word breaks a shorter twin may end
// at: what one source adds to the other (image tags after a prompt) is
// short and comes last.
const maxCuts = 16

// dup stands for the last text of one kind (prompt or assistant text) and
// the source that recorded it. It keeps digests of the text, not the text:
// the archive stores the checkpoint state redacted, and a redacted copy of
// a text holding a secret would no longer match its twin in the next part
// of the file, which would then be indexed twice.
type dup struct {
	Sum string `json:"sum,omitempty"` // digest of the whole text
	Len int    `json:"len,omitempty"`
	// Cuts are the digests of the text cut before each of its last maxCuts
	// blanks (and the blanks before those trimmed), the longest first.
	Cuts      []cut `json:"cuts,omitempty"`
	FromEvent bool  `json:"from_event,omitempty"`
	// Text is the text itself, as states written before digests kept it;
	// loadState turns it into digests.
	Text string `json:"text,omitempty"`
}

// cut is a digest of the start of a text.
type cut struct {
	Len int    `json:"len"`
	Sum string `json:"sum"`
}

// digest is a short SHA-256 of a text that the parser matches on but that
// the state keeps redacted, or not at all.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:16])
}

// newDup returns the dup of a non-empty text.
func newDup(text string, fromEvent bool) dup {
	d := dup{Sum: digest(text), Len: len(text), FromEvent: fromEvent}
	for end := len(text); len(d.Cuts) < maxCuts; {
		head := strings.TrimRight(text[:strings.LastIndexAny(text[:end], blanks)+1], blanks)
		if head == "" {
			break
		}
		d.Cuts = append(d.Cuts, cut{Len: len(head), Sum: digest(head)})
		end = len(head)
	}
	return d
}

// upgrade turns the text an older state kept into digests.
func (d *dup) upgrade() {
	if d.Text != "" {
		*d = newDup(d.Text, d.FromEvent)
	}
}

// skipTwin reports whether norm, from an event or a response item, is the
// twin of the last text of its kind (last), which is then cleared;
// otherwise norm becomes last and the other kind's last text is dropped.
func skipTwin(last, other *dup, norm string, fromEvent bool) bool {
	if last.Sum != "" && last.FromEvent != fromEvent && last.twin(norm) {
		*last = dup{}
		return true
	}
	*last, *other = newDup(norm, fromEvent), dup{}
	return false
}

// blanks separate the words a shorter twin may lack.
const blanks = " \t\r\n"

// twin reports whether s and the text d stands for are the same message
// recorded twice: equal, or one extended by what the other source adds
// (image tags after a prompt): anything after the shorter one when it came
// first, else at most its last maxCuts words.
func (d *dup) twin(s string) bool {
	if s == "" {
		return false
	}
	if len(s) >= d.Len {
		return digest(s[:d.Len]) == d.Sum
	}
	for _, c := range d.Cuts {
		if c.Len == len(s) && c.Sum == digest(s) {
			return true
		}
	}
	return false
}
