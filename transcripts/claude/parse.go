package claude

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"hansard/transcripts"
)

// Parse reads a main or subagent transcript from r (positioned at cp.Offset)
// and emits its records. See the package documentation for what each line
// becomes.
func (*Provider) Parse(ctx context.Context, src transcripts.Source, r io.Reader, cp transcripts.Checkpoint, sink transcripts.Sink) (transcripts.Checkpoint, error) {
	p := newParser(src, cp, sink)
	if !p.subagent && p.st.Own == "" && cp.Offset == 0 {
		id, again, done, err := lastSessionID(ctx, r)
		defer done()
		if err != nil {
			return cp, fmt.Errorf("parse %s: %w", src.Path, err)
		}
		p.st.Own, r = id, again
	}
	off, n, err := transcripts.ReadLines(ctx, r, cp, p.line)
	if err == nil {
		err = p.finish()
	}
	if err != nil {
		return cp, fmt.Errorf("parse %s: %w", src.Path, err)
	}
	out := p.held
	if out == nil {
		if out, err = p.checkpoint(); err != nil {
			return cp, fmt.Errorf("parse %s: %w", src.Path, err)
		}
	}
	out.Offset, out.Line = off, n
	return *out, nil
}

// checkpoint returns the state and next index to resume from as they are now.
func (p *parser) checkpoint() (*transcripts.Checkpoint, error) {
	state, err := p.st.encode()
	if err != nil {
		return nil, fmt.Errorf("encode state: %w", err)
	}
	out := &transcripts.Checkpoint{State: state}
	if ss := p.st.Sessions[p.st.Own]; ss != nil {
		out.NextIndex = ss.Next
	}
	return out, nil
}

// parser is the state of one Parse call.
type parser struct {
	src      transcripts.Source
	sink     transcripts.Sink
	st       *state
	base     string // file name, for link evidence
	stem     string // file name without .jsonl
	subagent bool   // a subagent file (flat or nested)
	touched  []*sessionState
	// held is the checkpoint taken before an unterminated last line, which
	// the next Parse reads again.
	held *transcripts.Checkpoint
}

func newParser(src transcripts.Source, cp transcripts.Checkpoint, sink transcripts.Sink) *parser {
	base := filepath.Base(src.Path)
	p := &parser{src: src, sink: sink, st: decodeState(cp), base: base, stem: strings.TrimSuffix(base, ".jsonl")}
	p.subagent = isSubagent(src)
	if !p.subagent && p.st.Own == "" {
		p.st.Own = sessionIDIn(p.stem)
	}
	return p
}

// Record types that carry nothing the archive keeps. They are skipped
// without being reported.
var ignoredTypes = map[string]bool{
	"file-history-snapshot": true, "queue-operation": true, "attachment": true,
	"last-prompt": true, "mode": true, "permission-mode": true, "agent-name": true,
	"pr-link": true, "tag": true, "bridge-session": true,
}

func (p *parser) line(l transcripts.Line) error {
	if l.Unterminated {
		var err error
		if p.held, err = p.checkpoint(); err != nil {
			return err
		}
	}
	if l.Oversized {
		return p.problem(l.Number, transcripts.ProblemOversized, fmt.Sprintf("line longer than %d bytes skipped", transcripts.MaxLineBytes))
	}
	if len(bytes.TrimSpace(l.Bytes)) == 0 {
		return nil
	}
	var ln rawLine
	if err := decodeLine(l.Bytes, &ln); err != nil {
		return p.problem(l.Number, transcripts.ProblemMalformed, err.Error())
	}
	if len(p.st.Titles.Leaves) > 0 && ln.UUID != "" {
		p.matchLeaf(ln.UUID)
	}
	err := p.dispatch(&ln, l.Number)
	if ln.UUID != "" {
		p.st.seen(ln.UUID)
	}
	return err
}

// dispatch handles a decoded line by its type.
func (p *parser) dispatch(ln *rawLine, lineNo int) error {
	switch ln.Type {
	case "user", "assistant", "system":
		return p.entry(ln, lineNo)
	case "summary":
		return p.summary(ln)
	case "ai-title":
		return p.setTitle(&p.st.Titles.AI, ln.AITitle)
	case "custom-title":
		return p.setTitle(&p.st.Titles.Custom, ln.CustomTitle)
	case "progress":
		return p.progress(ln, lineNo)
	}
	if ignoredTypes[ln.Type] {
		return nil
	}
	return p.problem(lineNo, transcripts.ProblemUnknownType, fmt.Sprintf("unknown line type %q", ln.Type))
}

// entry handles a user, assistant or system line.
func (p *parser) entry(ln *rawLine, lineNo int) error {
	ss, err := p.route(ln)
	if ss == nil || err != nil {
		return err
	}
	return p.handle(ss, ln, lineNo)
}

// handle adds a user, assistant or system line to session ss.
func (p *parser) handle(ss *sessionState, ln *rawLine, lineNo int) error {
	if ss.S.Class == transcripts.ClassSubagent && !ss.Emitted && ss.Next == 0 && ln.Type == "user" && isWarmup(ln) {
		ss.Skip = true
		return nil
	}
	p.observe(ss, ln)
	if err := p.touch(ss); err != nil {
		return err
	}
	if !p.subagent && ss.S.ID == p.st.Own {
		var err error
		if p.st.Opened == "" {
			err = p.opening(ln)
		} else {
			err = p.continuation(ln)
		}
		if err != nil {
			return err
		}
	}
	switch ln.Type {
	case "user":
		return p.user(ss, ln, lineNo)
	case "assistant":
		return p.assistant(ss, ln, lineNo)
	default:
		return p.system(ss, ln, lineNo)
	}
}

// observe folds a line's metadata into its session.
func (p *parser) observe(ss *sessionState, ln *rawLine) {
	s := &ss.S
	if s.CWD == "" {
		s.CWD = ln.CWD
	}
	if ln.GitBranch != "" && !slices.Contains(s.Branches, ln.GitBranch) {
		s.Branches = append(s.Branches, ln.GitBranch)
	}
	if ln.Version != "" {
		s.Version = ln.Version
	}
	if ts := transcripts.ParseTime(ln.Timestamp); !ts.IsZero() {
		if s.StartedAt.IsZero() || ts.Before(s.StartedAt) {
			s.StartedAt = ts
		}
		if ts.After(s.EndedAt) {
			s.EndedAt = ts
		}
	}
	if ln.Type == "assistant" && ln.Message != nil {
		if m := ln.Message.Model; m != "" && m != "<synthetic>" && !slices.Contains(s.Models, m) {
			s.Models = append(s.Models, m)
		}
	}
}

// touch sends the session (and its link to a parent) the first time a
// record of it is emitted in this call; finish sends its final state.
func (p *parser) touch(ss *sessionState) error {
	ss.Emitted = true
	if slices.Contains(p.touched, ss) {
		return nil
	}
	p.touched = append(p.touched, ss)
	if err := p.emitSession(ss); err != nil {
		return err
	}
	if s := ss.S; s.ParentID != "" {
		return p.sink(transcripts.Record{Link: &transcripts.Link{SessionID: s.ID, ParentID: s.ParentID, Relation: s.Relation,
			ParentToolCallID: s.ParentToolCallID, Evidence: s.LinkEvidence}})
	}
	return nil
}

func (p *parser) finish() error {
	for _, ss := range p.touched {
		if err := p.emitSession(ss); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) emitSession(ss *sessionState) error {
	s := ss.S
	s.Branches = slices.Clone(s.Branches)
	s.Models = slices.Clone(s.Models)
	if s.ID == p.st.Own && !p.subagent {
		t := p.st.Titles
		if title := firstOf(t.Custom, t.AI, t.Matched, t.Summary); title != "" {
			s.Title, s.TitleFromAgent = title, true
		}
	}
	if s.Title == "" {
		// A session without a prompt a person typed (one that only ran
		// /model, or only holds an agent's words) is titled by what it
		// has rather than left untitled.
		s.Title = firstOf(ss.FirstPrompt, ss.Command, ss.Said)
	}
	return p.sink(transcripts.Record{Session: &s})
}

// emitMessage gives m the session's next index and sends it.
func (p *parser) emitMessage(ss *sessionState, m transcripts.Message) (int, error) {
	m.SessionID = ss.S.ID
	m.Index = ss.Next
	m.OnMainBranch = true
	ss.Next++
	return m.Index, p.sink(transcripts.Record{Message: &m})
}

func (p *parser) problem(line int, kind, detail string) error {
	return p.sink(transcripts.Record{Problem: &transcripts.Problem{Line: line, Kind: kind, Detail: detail}})
}

// summary takes a summary line as a title and, once the session's
// relation to its origin is known, links the message its leafUuid names.
func (p *parser) summary(ln *rawLine) error {
	if ln.Summary == "" {
		return nil
	}
	t := &p.st.Titles
	t.Summary = ln.Summary
	if ln.LeafUUID != "" {
		if t.Leaves == nil {
			t.Leaves = map[string]string{}
		}
		t.Leaves[ln.LeafUUID] = ln.Summary
	}
	p.retouchOwn()
	if ln.LeafUUID != "" && p.st.Opened != "" && !p.subagent {
		return p.leafLink(ln.LeafUUID)
	}
	return nil
}

func (p *parser) matchLeaf(uuid string) {
	if s, ok := p.st.Titles.Leaves[uuid]; ok {
		p.st.Titles.Matched = s
		delete(p.st.Titles.Leaves, uuid)
		p.retouchOwn()
	}
}

func (p *parser) setTitle(dst *string, title string) error {
	if title = strings.TrimSpace(title); title != "" {
		*dst = title
		p.retouchOwn()
	}
	return nil
}

// retouchOwn makes finish send the file's own session again after its
// title changed, when the session was already sent.
func (p *parser) retouchOwn() {
	if ss := p.st.Sessions[p.st.Own]; ss != nil && ss.Emitted && !slices.Contains(p.touched, ss) {
		p.touched = append(p.touched, ss)
	}
}

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
