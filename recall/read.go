package recall

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"hansard/archive"
)

// Read returns a window of one conversation: limit messages around a
// message index, or from the start, or where a cursor left off; roles
// filter the messages (each keeps its transcript index). The session may
// be named by its transcript's path or a file:// link to one of its lines
// (ParseTranscriptRef). Every text is cut
// to max_message_chars, and the whole response to max_chars.
func (s *Service) Read(ctx context.Context, req ReadRequest) (ReadResponse, error) {
	req, err := s.resolveTranscriptRef(ctx, req)
	if err != nil {
		return ReadResponse{}, err
	}
	p, err := req.validate()
	if err != nil {
		return ReadResponse{}, err
	}
	si, err := s.session(quiet(ctx), p.ref)
	if err != nil {
		return ReadResponse{}, err
	}
	if p.cursorCheck != "" && p.cursorCheck != readCheck(si.ID, req) {
		return ReadResponse{}, invalidArg("cursor", "cursor belongs to another read (session, roles and group_revisions must not change)")
	}
	resp := ReadResponse{
		SessionID:      si.ID,
		Title:          si.Title,
		Provider:       si.Provider,
		Repo:           si.RepoRoot,
		StartedAtLocal: LocalTime(si.StartedAt, s.loc()),
		MessageCount:   si.Messages,
		Messages:       []Message{},
		Notice:         EvidenceNotice,
	}
	msgs, more, err := s.window(ctx, si.ID, p)
	if err != nil {
		return ReadResponse{}, err
	}
	if p.group {
		msgs = foldRevisions(msgs)
	}
	calls, err := s.callsByMessage(quiet(ctx), si, msgs)
	if err != nil {
		return ReadResponse{}, err
	}
	source := si.SourceFile()
	budget := p.maxChars
	next := -1 // index the next read starts at
	nextOffset := 0
	for i, m := range msgs {
		text := m.msg.Text
		n := utf8.RuneCountInString(text)
		if n > budget {
			if i > 0 {
				next = m.msg.Index
				break
			}
			text, n = string([]rune(text)[:budget]), budget
		}
		budget -= n
		out := Message{
			Index:          m.msg.Index,
			Role:           m.msg.Role,
			Kind:           m.msg.Kind,
			TimestampLocal: LocalTime(m.msg.Timestamp, s.loc()),
			Text:           text,
			OffMainBranch:  !m.msg.OnMainBranch,
			Retracted:      m.msg.Retracted,
			ToolCalls:      calls[m.msg.Index],
			Revisions:      m.revisions,
			Source:         archive.LineLink(source, m.msg.Line),
		}
		if p.contentOffset > 0 || p.contentOffset+n < m.msg.Chars {
			chars, offset := m.msg.Chars, p.contentOffset
			out.Truncated, out.ContentChars, out.ContentOffset = true, &chars, &offset
			if p.limit == 1 && offset+n < chars {
				next, nextOffset = m.msg.Index, offset+n
			}
		}
		resp.Messages = append(resp.Messages, out)
	}
	if next < 0 && more && len(msgs) > 0 {
		next = msgs[len(msgs)-1].msg.Index + 1
	}
	if next >= 0 {
		resp.Next = encodeCursor(readCursor{From: next, ContentOffset: nextOffset, Check: readCheck(si.ID, req)})
	}
	return resp, nil
}

// quiet returns the context a read's next query runs with: a context that
// cannot be cancelled, which spares the SQLite driver and database/sql the
// goroutines they start per query to watch one that can; or ctx itself
// once it is done, so that a cancelled read fails at its next query as
// before. A read's queries are short: one that has started runs to its end.
func quiet(ctx context.Context) context.Context {
	if ctx.Done() == nil || ctx.Err() != nil {
		return ctx
	}
	return context.WithoutCancel(ctx)
}

// session resolves a session id or unique prefix (without the session's
// links, which a read does not show). A prefix that matches a session and
// only its subagents (whose ids extend it with "/agent-…") names the
// session.
func (s *Service) session(ctx context.Context, ref string) (archive.SessionInfo, error) {
	si, err := s.Archive.FindSession(ctx, ref)
	var amb *archive.AmbiguousError
	if errors.As(err, &amb) && len(amb.Candidates) < archiveCandidateCap {
		main := amb.Candidates[0] // sorted: a parent precedes its subagents
		family := true
		for _, c := range amb.Candidates[1:] {
			family = family && strings.HasPrefix(c, main+"/")
		}
		if family {
			si, err = s.Archive.FindSession(ctx, main)
		}
	}
	if err != nil {
		return archive.SessionInfo{}, archiveErr("read session "+ref, err)
	}
	return si, nil
}

// archiveCandidateCap is the number of candidates the archive lists at
// most; a full list may hide more.
const archiveCandidateCap = 10

// windowMessage is a message of the window and the copies folded into it.
type windowMessage struct {
	msg       archive.WindowMessage
	revisions []int
}

// window reads the plan's messages and whether more follow them.
func (s *Service) window(ctx context.Context, id string, p readPlan) ([]windowMessage, bool, error) {
	q := archive.WindowQuery{Roles: p.roles, MaxChars: p.maxMessage}
	var msgs []archive.WindowMessage
	var more bool
	if p.centred {
		// Which messages the window holds first, then the texts of those
		// alone (up to limit+1 more would be read on either side).
		q.From, q.Limit = p.around, p.limit
		before, after, err := s.Archive.MessageIndexesAround(quiet(ctx), id, q, p.limit+1)
		if err != nil {
			return nil, false, internal("read messages", err)
		}
		nb, na := splitWindow(len(before), len(after), p.limit)
		more = len(after) > na
		if nb+na > 0 {
			q.Limit = nb + na
			if nb > 0 {
				q.From = before[nb-1]
			} else {
				q.From = after[0]
			}
			if msgs, err = s.Archive.ReadMessages(quiet(ctx), id, q); err != nil {
				return nil, false, internal("read messages", err)
			}
		}
	} else {
		q.From, q.Offset, q.Limit = p.from, p.contentOffset, p.limit+1
		after, err := s.Archive.ReadMessages(quiet(ctx), id, q)
		if err != nil {
			return nil, false, internal("read messages", err)
		}
		more = len(after) > p.limit
		msgs = after[:min(len(after), p.limit)]
	}
	out := make([]windowMessage, len(msgs))
	for i, m := range msgs {
		out[i] = windowMessage{msg: m}
	}
	return out, more, nil
}

// foldRevisions keeps the latest copy of each group of copies in the
// window, listing the earlier copies' indexes on it.
func foldRevisions(msgs []windowMessage) []windowMessage {
	items := make([]revisionItem, len(msgs))
	for i, m := range msgs {
		items[i] = revisionItem{Index: m.msg.Index, Role: m.msg.Role, Human: m.msg.Human, Text: m.msg.Text, ParentUUID: m.msg.ParentUUID}
	}
	latest := groupRevisions(items)
	var out []windowMessage
	for i, m := range msgs {
		if latest[i] != i {
			continue
		}
		for k := range msgs {
			if latest[k] == i && k != i {
				m.revisions = append(m.revisions, msgs[k].msg.Index)
			}
		}
		out = append(out, m)
	}
	return out
}

// callsByMessage summarises the tool calls of the window's messages.
func (s *Service) callsByMessage(ctx context.Context, si archive.SessionInfo, msgs []windowMessage) (map[int][]ToolCall, error) {
	idx := make([]int, len(msgs))
	for i, m := range msgs {
		idx[i] = m.msg.Index
	}
	sums, err := s.Archive.CallSummaries(ctx, si.ID, idx)
	if err != nil {
		return nil, internal("read tool calls", err)
	}
	out := make(map[int][]ToolCall)
	for _, c := range sums {
		out[c.MessageIndex] = append(out[c.MessageIndex], summarizeCall(c, si.RepoRoot))
	}
	return out, nil
}

func summarizeCall(c archive.CallSummary, repoRoot string) ToolCall {
	tc := ToolCall{Name: c.Name, Command: c.Command, ExitCode: c.ExitCode}
	switch {
	case len(c.EditedPaths) > 0:
		tc.File = strings.Join(c.EditedPaths, ", ")
	case c.InputPath != "":
		tc.File = relativeTo(c.InputPath, repoRoot)
	}
	switch {
	case !c.HasResult:
		tc.Status = "pending"
	case c.IsError || (c.ExitCode != nil && *c.ExitCode != 0):
		tc.Status = "error"
	default:
		tc.Status = "ok"
	}
	return tc
}

func relativeTo(path, root string) string {
	if root != "" {
		if rel, ok := strings.CutPrefix(path, strings.TrimSuffix(root, "/")+"/"); ok {
			return rel
		}
	}
	return path
}
