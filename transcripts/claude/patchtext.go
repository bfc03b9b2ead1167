package claude

import (
	"strings"

	"hansard/transcripts"
)

// structuredPatch is a display rendering: every tab of the file became two
// spaces. The texts the result records (an Edit's oldString and newString,
// a Write's originalFile and content: never the call's input, which a
// checkpoint keeps redacted) hold the lines as written, so each line of
// the patch is taken from them where they identify it.

// hunks returns the hunks of a result's structuredPatch, with the text of
// each line as written where the result's texts identify it.
func (r *callResult) hunks() []transcripts.Hunk {
	if r.decided {
		return r.patch
	}
	obj := r.Obj
	if obj == nil || len(obj.StructuredPatch) == 0 {
		return nil
	}
	var old, new *sideText
	switch {
	case obj.OldString != nil && obj.NewString != nil:
		old, new = newSide(false, *obj.OldString), newSide(false, *obj.NewString)
	case obj.Type != "":
		w := r.writeTexts()
		if w.orig != nil {
			old = newSide(true, *w.orig)
		}
		if w.content != nil {
			new = newSide(true, *w.content)
		}
	}
	return hunks(obj.StructuredPatch, old, new)
}

// sideText is the text one side of a patch is read from: the whole file
// (lines found by position) or a part of it (lines found by rendering).
// Its lines and renderings are worked out on first use.
type sideText struct {
	texts    []string
	whole    bool
	lines    []string
	rendered map[string]string // rendering → line, "" when several lines render alike
}

func newSide(whole bool, texts ...string) *sideText { return &sideText{texts: texts, whole: whole} }

// render is how structuredPatch shows a line.
func render(line string) string { return strings.ReplaceAll(line, "\t", "  ") }

// line returns the line of the side shown as shown, at 0-based position
// pos when the side is the whole file, else the one line that renders so.
func (s *sideText) line(shown string, pos int) (string, bool) {
	if s == nil {
		return "", false
	}
	if s.lines == nil {
		for _, t := range s.texts {
			s.lines = append(s.lines, strings.Split(t, "\n")...)
		}
	}
	if s.whole {
		if pos >= 0 && pos < len(s.lines) && render(s.lines[pos]) == shown {
			return s.lines[pos], true
		}
		return "", false
	}
	if s.rendered == nil {
		s.rendered = make(map[string]string, len(s.lines))
		for _, l := range s.lines {
			r := render(l)
			if prev, ok := s.rendered[r]; ok && prev != l {
				l = ""
			}
			s.rendered[r] = l
		}
	}
	l := s.rendered[shown]
	return l, l != ""
}

// hunks returns structuredPatch as hunks whose lines carry the file's own
// text: '+' lines from the new side, '-' lines from the old
// side, context from either. A line shown without two spaces in a row
// cannot hide a tab and is kept; so is a line neither side identifies.
func hunks(ps []patchHunk, old, new *sideText) []transcripts.Hunk {
	if len(ps) == 0 {
		return nil
	}
	out := make([]transcripts.Hunk, len(ps))
	for i, h := range ps {
		lines := make([]string, len(h.Lines))
		o, n := h.OldStart-1, h.NewStart-1
		for k, l := range h.Lines {
			lines[k] = l
			if l == "" {
				o, n = o+1, n+1
				continue
			}
			shown := l[1:]
			var real string
			found := false
			switch l[0] {
			case '+':
				if strings.Contains(shown, "  ") {
					real, found = new.line(shown, n)
				}
				n++
			case '-':
				if strings.Contains(shown, "  ") {
					real, found = old.line(shown, o)
				}
				o++
			case ' ':
				if strings.Contains(shown, "  ") {
					if real, found = new.line(shown, n); !found {
						real, found = old.line(shown, o)
					}
				}
				o, n = o+1, n+1
			}
			if found {
				lines[k] = l[:1] + real
			}
		}
		out[i] = transcripts.Hunk{OldStart: h.OldStart, OldLines: h.OldLines, NewStart: h.NewStart, NewLines: h.NewLines, Lines: lines}
	}
	return out
}
