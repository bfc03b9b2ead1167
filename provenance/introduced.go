package provenance

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"hansard/transcripts"
)

// LedgerLine is one line an edit introduced.
type LedgerLine struct {
	Text string // as written, without the newline
	Key  string // NormalizeKey(Text)
	// Pos is the line's 0-based position in the edit's new text (the
	// new_string, the written file, or the patch's new side). Lines with
	// consecutive positions were written as one contiguous run.
	Pos     int
	Trivial bool // IsTrivial(Text): attributed only with positional evidence
}

// hunkGap separates the positions of patch hunks that carry no line numbers,
// so that two hunks never look contiguous.
const hunkGap = 1 << 20

// Introduced returns the lines an edit introduced:
//   - a patch (Edit.Hunks) introduced its '+' lines;
//   - a delete, or a move without hunks, introduced nothing;
//   - otherwise the new text is diffed line by line against the old text
//     (Edit.OldText, or previous when the edit has none and the caller knows
//     the file's earlier content) and the inserted lines are introduced: the
//     context an Edit's new_string repeats from its old_string is not;
//   - an append introduced every line it added;
//   - a creation, or a whole-file write of unknown prior content, introduced
//     every line of its new text (the caller passes previous for both when
//     it knows the file's earlier content: see NeedsPrevious).
func Introduced(e transcripts.Edit, previous *string) []LedgerLine {
	switch {
	case len(e.Hunks) > 0:
		return fromHunks(e.Hunks)
	case e.Op == transcripts.OpDelete, e.Op == transcripts.OpMove && e.NewText == "":
		return nil
	}
	old := e.OldText
	if old == "" && previous != nil {
		old = *previous
	}
	if old == "" {
		var out []LedgerLine
		for i, l := range splitLines(e.NewText) {
			out = append(out, newLine(l, i))
		}
		return out
	}
	return diffInserted(old, e.NewText)
}

func newLine(text string, pos int) LedgerLine {
	text = strings.TrimSuffix(text, "\r")
	return LedgerLine{Text: text, Key: NormalizeKey(text), Pos: pos, Trivial: IsTrivial(text)}
}

// splitLines splits text into lines without their newlines; a final newline
// does not start another line.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func fromHunks(hunks []transcripts.Hunk) []LedgerLine {
	var out []LedgerLine
	next := 0
	for i, h := range hunks {
		pos := h.NewStart - 1
		if h.NewStart <= 0 {
			pos = next
			if i > 0 {
				pos += hunkGap
			}
		}
		for _, l := range h.Lines {
			if l == "" {
				pos++ // an empty context line whose space was stripped
				continue
			}
			switch l[0] {
			case '+':
				out = append(out, newLine(l[1:], pos))
				pos++
			case ' ':
				pos++
			}
		}
		next = pos
	}
	return out
}

// diffInserted diffs old → new by lines and returns the inserted lines with
// their positions in new.
func diffInserted(old, new string) []LedgerLine {
	if old != "" && !strings.HasSuffix(old, "\n") {
		old += "\n"
	}
	if new != "" && !strings.HasSuffix(new, "\n") {
		new += "\n"
	}
	dmp := diffmatchpatch.New()
	a, b, table := dmp.DiffLinesToChars(old, new)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), table)
	var out []LedgerLine
	pos := 0
	for _, d := range diffs {
		lines := splitLines(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			pos += len(lines)
		case diffmatchpatch.DiffInsert:
			for _, l := range lines {
				out = append(out, newLine(l, pos))
				pos++
			}
		}
	}
	return out
}
