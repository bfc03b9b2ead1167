package applypatch

import (
	"fmt"
	"strings"

	"hansard/transcripts"
)

// File operations of a patch.
const (
	OpAdd    = "add"
	OpUpdate = "update"
	OpDelete = "delete"
	OpMove   = "move" // an update with "*** Move to:"
)

// Patch is a parsed apply_patch text.
type Patch struct {
	Files []FileOp
}

// FileOp is one file section of a patch.
type FileOp struct {
	Op     string // OpAdd, OpUpdate, OpDelete or OpMove
	Path   string // as written in the patch (often absolute, may be relative)
	MoveTo string // new path of a move
	Chunks []Chunk
	// Content is the text of an added file: its '+' lines without the
	// prefix, each ending in "\n".
	Content string
	// Text is this file's section of the patch, header line included.
	Text string
}

// Chunk is one "@@" hunk of an update. It carries no line numbers.
type Chunk struct {
	// Anchors are the texts after "@@" (a function or class line), outermost
	// first; several "@@" lines may stack. Empty for a bare "@@".
	Anchors []string
	// Lines carry a ' ', '-' or '+' prefix and no newline.
	Lines []string
	// EndOfFile is set by "*** End of File": the chunk ends at the file's end.
	EndOfFile bool
}

// ParseError tells which line of a patch could not be parsed. The Patch
// returned with it holds the file sections parsed before that line.
type ParseError struct {
	Line int // 1-based line of the patch text (after a heredoc wrapper was stripped)
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("apply_patch line %d: %s", e.Line, e.Msg) }

const (
	markBegin  = "*** Begin Patch"
	markEnd    = "*** End Patch"
	markAdd    = "*** Add File:"
	markDelete = "*** Delete File:"
	markUpdate = "*** Update File:"
	markMove   = "*** Move to:"
	markEOF    = "*** End of File"
)

// Parse reads an apply_patch text. It accepts whitespace around markers, a
// heredoc wrapper (apply_patch <<'EOF' … EOF), a missing "*** Begin Patch"
// when the text starts with a file header, and a missing "*** End Patch".
// On a malformed line it returns what was parsed so far and a *ParseError.
func Parse(text string) (Patch, error) {
	lines := splitLines(text)
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	if len(lines) == 0 {
		return Patch{}, &ParseError{Line: 1, Msg: "empty patch"}
	}
	if first := strings.TrimSpace(lines[0]); first != markBegin && !isFileHeader(first) && strings.Contains(first, "<<") {
		if h, ok := transcripts.ParseHeredoc(strings.Join(lines, "\n")); ok {
			lines = splitLines(h.Body)
			for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
				lines = lines[1:]
			}
		}
		if len(lines) == 0 {
			return Patch{}, &ParseError{Line: 1, Msg: "empty heredoc"}
		}
	}
	p := parser{lines: lines}
	return p.parse()
}

// splitLines splits text into lines without their "\n" or "\r\n"; a final
// newline does not make an extra empty line.
func splitLines(text string) []string {
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

func isFileHeader(trimmed string) bool {
	return strings.HasPrefix(trimmed, markAdd) || strings.HasPrefix(trimmed, markDelete) || strings.HasPrefix(trimmed, markUpdate)
}

type parser struct {
	lines []string
	i     int
	patch Patch
}

func (p *parser) fail(msg string, args ...any) (Patch, error) {
	return p.patch, &ParseError{Line: p.i + 1, Msg: fmt.Sprintf(msg, args...)}
}

func (p *parser) parse() (Patch, error) {
	first := strings.TrimSpace(p.lines[0])
	switch {
	case first == markBegin:
		p.i++
	case isFileHeader(first):
	default:
		return p.fail("expected %q, got %q", markBegin, clip(first))
	}
	for p.i < len(p.lines) {
		start := p.i
		line := strings.TrimSpace(p.lines[p.i])
		var op FileOp
		var err error
		switch {
		case line == markEnd:
			return p.patch, nil
		case line == "":
			p.i++
			continue
		case strings.HasPrefix(line, markAdd):
			op, err = p.addFile(strings.TrimSpace(line[len(markAdd):]))
		case strings.HasPrefix(line, markDelete):
			op = FileOp{Op: OpDelete, Path: strings.TrimSpace(line[len(markDelete):])}
			p.i++
		case strings.HasPrefix(line, markUpdate):
			op, err = p.updateFile(strings.TrimSpace(line[len(markUpdate):]))
		default:
			return p.fail("expected a file header, got %q", clip(line))
		}
		if err != nil {
			return p.patch, err
		}
		if op.Path == "" {
			p.i = start
			return p.fail("file header without a path")
		}
		op.Text = strings.Join(p.lines[start:p.i], "\n") + "\n"
		p.patch.Files = append(p.patch.Files, op)
	}
	return p.patch, nil // "*** End Patch" missing: tolerated
}

// atMarker reports whether the current line ends the current file section.
func (p *parser) atMarker() bool {
	t := strings.TrimSpace(p.lines[p.i])
	return t == markEnd || isFileHeader(t)
}

func (p *parser) addFile(path string) (FileOp, error) {
	op := FileOp{Op: OpAdd, Path: path}
	var b strings.Builder
	for p.i++; p.i < len(p.lines) && !p.atMarker(); p.i++ {
		line := p.lines[p.i]
		switch {
		case strings.HasPrefix(line, "+"):
			b.WriteString(line[1:])
			b.WriteByte('\n')
		case strings.TrimSpace(line) == "":
			// A stray blank line between '+' lines or before the next header.
		default:
			_, err := p.fail("add file %s: line without '+' prefix: %q", path, clip(line))
			return op, err
		}
	}
	op.Content = b.String()
	return op, nil
}

func (p *parser) updateFile(path string) (FileOp, error) {
	op := FileOp{Op: OpUpdate, Path: path}
	p.i++
	if p.i < len(p.lines) {
		if t := strings.TrimSpace(p.lines[p.i]); strings.HasPrefix(t, markMove) {
			op.Op, op.MoveTo = OpMove, strings.TrimSpace(t[len(markMove):])
			p.i++
		}
	}
	var cur *Chunk
	flush := func() {
		if cur != nil {
			op.Chunks = append(op.Chunks, *cur)
			cur = nil
		}
	}
	for ; p.i < len(p.lines) && !p.atMarker(); p.i++ {
		line := p.lines[p.i]
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "@@"):
			if cur != nil && len(cur.Lines) > 0 {
				flush()
			}
			if cur == nil {
				cur = &Chunk{}
			}
			if anchor := strings.TrimSpace(t[2:]); anchor != "" {
				cur.Anchors = append(cur.Anchors, anchor)
			}
		case t == markEOF:
			if cur == nil {
				cur = &Chunk{}
			}
			cur.EndOfFile = true
			flush()
		case line == "":
			cur = ensure(cur)
			cur.Lines = append(cur.Lines, " ")
		case line[0] == ' ' || line[0] == '-' || line[0] == '+':
			cur = ensure(cur)
			cur.Lines = append(cur.Lines, line)
		default:
			_, err := p.fail("update file %s: unexpected line %q", path, clip(line))
			flush()
			return op, err
		}
	}
	flush()
	if len(op.Chunks) == 0 && op.Op != OpMove {
		_, err := p.fail("update file %s: no hunks", path)
		return op, err
	}
	return op, nil
}

func ensure(c *Chunk) *Chunk {
	if c == nil {
		return &Chunk{}
	}
	return c
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// Hunk converts the chunk to a transcripts.Hunk. The starts are 0 because
// apply_patch chunks carry no line numbers.
func (c Chunk) Hunk() transcripts.Hunk {
	h := transcripts.Hunk{Lines: append([]string(nil), c.Lines...)}
	for _, l := range c.Lines {
		switch l[0] {
		case ' ':
			h.OldLines++
			h.NewLines++
		case '-':
			h.OldLines++
		case '+':
			h.NewLines++
		}
	}
	return h
}

// Hunks returns the file operation's changes as hunks: one per chunk of an
// update or move, and one hunk of '+' lines starting at line 1 for an added
// file. A delete has none (the removed content is not in the patch).
func (f FileOp) Hunks() []transcripts.Hunk {
	switch f.Op {
	case OpAdd:
		lines := splitLines(f.Content)
		if len(lines) == 0 {
			return nil
		}
		h := transcripts.Hunk{NewStart: 1, NewLines: len(lines), Lines: make([]string, len(lines))}
		for i, l := range lines {
			h.Lines[i] = "+" + l
		}
		return []transcripts.Hunk{h}
	case OpUpdate, OpMove:
		hs := make([]transcripts.Hunk, 0, len(f.Chunks))
		for _, c := range f.Chunks {
			if len(c.Lines) > 0 {
				hs = append(hs, c.Hunk())
			}
		}
		return hs
	}
	return nil
}
