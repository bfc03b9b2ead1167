package archive

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"hansard/transcripts"
)

// lineProvider is a small provider over a simple JSON-lines format, for
// testing the archive through the Provider interface alone. One file holds
// one session; each line is an object with "t":
//
//	{"t":"session","id":"s1","cwd":"/w","title":"…","parent":"p","rel":"subagent","repo_url":"…"}
//	{"t":"msg","role":"user","text":"…","uuid":"u1","parent":"u0","ts":"2026-01-02T03:04:05Z"}
//	{"t":"call","id":"c1","name":"Edit","input":{…},"search":"…"}  (issued by the last message; search: its InputText)
//	{"t":"result","id":"c1","text":"…","err":false,"full":"…"}     (full: the whole output the text previews)
//	{"t":"edit","call":"c1","seq":0,"file":"/w/a.go","old":"a","new":"b","status":"ok"}
//	{"t":"cmd","call":"c2","command":"go test ./...","exit":0}
//	{"t":"todo","call":"c3","items":["a","b"]}
//	{"t":"link","parent":"p1","rel":"subagent","call":"c9","evidence":"…"}
//
// Other types are unknown_type problems; lines that are not JSON are
// malformed. Everything a later part needs (session id, last message,
// calls seen) is kept in the checkpoint state.
type lineProvider struct {
	name   string
	envKey string
	parses atomic.Int64
	// during, when set, is called once per Parse after the first line.
	during func(src transcripts.Source)
	// after, when set, is called once per Parse after the last line
	// was read.
	after func(src transcripts.Source)
	// discovered, when set, is called after each file is handed on.
	discovered func(path string)
	// denied folders are reported as unreadable (tests run as root, who
	// can read any folder).
	denied map[string]bool
}

func newLineProvider() *lineProvider {
	return &lineProvider{name: "lines", envKey: "LINES_ROOT"}
}

func (p *lineProvider) Name() string { return p.name }

func (p *lineProvider) Roots(env transcripts.Env) []string {
	var roots []string
	for _, r := range strings.Split(env(p.envKey), ":") {
		if r != "" {
			roots = append(roots, r)
		}
	}
	return roots
}

func (p *lineProvider) Discover(ctx context.Context, roots []string, warn func(string, error), fn func(transcripts.Source) error) error {
	filter := transcripts.NewSourceFilter(roots)
	for _, root := range roots {
		if _, err := os.Stat(root); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && p.denied[path] {
				err = fs.ErrPermission
			}
			if err != nil {
				warn(path, err)
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if !d.IsDir() && strings.HasSuffix(path, ".jsonl") {
				if err := filter.Check(path, d); err != nil {
					warn(path, err)
					return nil
				}
				if err := fn(transcripts.Source{Provider: p.name, Path: path, Class: transcripts.ClassMain}); err != nil {
					return err
				}
				if p.discovered != nil {
					p.discovered(path)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

type lineState struct {
	Session  transcripts.Session
	LastMsg  int
	Calls    map[string]transcripts.ToolCall
	Prompted bool
}

type line struct {
	T        string          `json:"t"`
	ID       string          `json:"id"`
	CWD      string          `json:"cwd"`
	Title    string          `json:"title"`
	Parent   string          `json:"parent"`
	Rel      string          `json:"rel"`
	RepoURL  string          `json:"repo_url"`
	Role     string          `json:"role"`
	Text     string          `json:"text"`
	UUID     string          `json:"uuid"`
	TS       time.Time       `json:"ts"`
	Name     string          `json:"name"`
	Input    json.RawMessage `json:"input"`
	Err      bool            `json:"err"`
	Call     string          `json:"call"`
	Seq      int             `json:"seq"`
	File     string          `json:"file"`
	Old      string          `json:"old"`
	New      string          `json:"new"`
	Status   string          `json:"status"`
	Command  string          `json:"command"`
	Exit     *int            `json:"exit"`
	Items    []string        `json:"items"`
	Evidence string          `json:"evidence"`
	Search   string          `json:"search"` // a call's InputText
	Full     string          `json:"full"`   // a result's FullResult
}

func (p *lineProvider) Parse(ctx context.Context, src transcripts.Source, r io.Reader, cp transcripts.Checkpoint, sink transcripts.Sink) (transcripts.Checkpoint, error) {
	p.parses.Add(1)
	st := lineState{LastMsg: -1, Calls: map[string]transcripts.ToolCall{}}
	if len(cp.State) > 0 {
		if err := json.Unmarshal(cp.State, &st); err != nil {
			return cp, err
		}
	}
	if st.Session.ID == "" {
		st.Session = transcripts.Session{ID: strings.TrimSuffix(filepath.Base(src.Path), ".jsonl"), Provider: p.name, Class: src.Class}
	}
	next := cp.NextIndex
	sid := func() string { return st.Session.ID }
	first := true
	var held *transcripts.Checkpoint // taken before an unterminated last line
	off, n, err := transcripts.ReadLines(ctx, r, cp, func(l transcripts.Line) error {
		if l.Unterminated {
			state, err := json.Marshal(st)
			if err != nil {
				return err
			}
			held = &transcripts.Checkpoint{NextIndex: next, State: state}
		}
		if first && p.during != nil {
			first = false
			p.during(src)
		}
		if l.Oversized {
			return sink(transcripts.Record{Problem: &transcripts.Problem{Line: l.Number, Kind: transcripts.ProblemOversized}})
		}
		if len(strings.TrimSpace(string(l.Bytes))) == 0 {
			return nil
		}
		var v line
		if err := json.Unmarshal(l.Bytes, &v); err != nil {
			return sink(transcripts.Record{Problem: &transcripts.Problem{Line: l.Number, Kind: transcripts.ProblemMalformed, Detail: err.Error()}})
		}
		switch v.T {
		case "session":
			s := &st.Session
			if v.ID != "" {
				s.ID = v.ID
			}
			s.CWD, s.ParentID, s.Relation, s.GitRepoURL = v.CWD, v.Parent, v.Rel, v.RepoURL
			if v.Title != "" {
				s.Title, s.TitleFromAgent = v.Title, true
			}
			return sink(transcripts.Record{Session: ptr(st.Session)})
		case "msg":
			m := &transcripts.Message{SessionID: sid(), Index: next, Role: v.Role, Human: v.Role == "user",
				Text: v.Text, Timestamp: v.TS, UUID: v.UUID, ParentUUID: v.Parent, Line: l.Number, OnMainBranch: true}
			st.LastMsg = next
			next++
			if m.Human && !st.Prompted && !st.Session.TitleFromAgent {
				st.Prompted = true
				st.Session.Title = v.Text
				if st.Session.StartedAt.IsZero() {
					st.Session.StartedAt = v.TS
				}
				if err := sink(transcripts.Record{Session: ptr(st.Session)}); err != nil {
					return err
				}
			}
			return sink(transcripts.Record{Message: m})
		case "call":
			c := transcripts.ToolCall{SessionID: sid(), ID: v.ID, MessageIndex: st.LastMsg, Line: l.Number, Name: v.Name, Input: v.Input, InputText: v.Search, Timestamp: v.TS}
			st.Calls[v.ID] = c
			return sink(transcripts.Record{ToolCall: &c})
		case "result":
			c := st.Calls[v.ID]
			c.SessionID, c.ID, c.Result, c.HasResult, c.IsError, c.ResultLine = sid(), v.ID, v.Text, true, v.Err, l.Number
			c.FullResult = v.Full
			st.Calls[v.ID] = c
			return sink(transcripts.Record{ToolCall: &c})
		case "edit":
			return sink(transcripts.Record{Edit: &transcripts.Edit{SessionID: sid(), ToolCallID: v.Call, Seq: v.Seq,
				MessageIndex: st.Calls[v.Call].MessageIndex, Tool: "Edit", File: v.File, Op: transcripts.OpUpdate,
				OldText: v.Old, NewText: v.New, Status: v.Status, Timestamp: v.TS}})
		case "cmd":
			test := transcripts.IsTestCommand(v.Command)
			return sink(transcripts.Record{Command: &transcripts.Command{SessionID: sid(), ToolCallID: v.Call,
				MessageIndex: st.Calls[v.Call].MessageIndex, Command: v.Command, ExitCode: v.Exit, IsTest: test,
				TestStatus: transcripts.TestStatus(test, v.Exit)}})
		case "todo":
			snap := &transcripts.TodoSnapshot{SessionID: sid(), ToolCallID: v.Call, MessageIndex: st.Calls[v.Call].MessageIndex}
			for i, it := range v.Items {
				snap.Items = append(snap.Items, transcripts.Todo{SessionID: sid(), ToolCallID: v.Call, Seq: i, Text: it, Status: "pending"})
			}
			return sink(transcripts.Record{Todos: snap})
		case "link":
			return sink(transcripts.Record{Link: &transcripts.Link{SessionID: sid(), ParentID: v.Parent, Relation: v.Rel,
				ParentToolCallID: v.Call, Evidence: v.Evidence}})
		}
		return sink(transcripts.Record{Problem: &transcripts.Problem{Line: l.Number, Kind: transcripts.ProblemUnknownType, Detail: v.T}})
	})
	if err != nil {
		return cp, err
	}
	if p.after != nil {
		p.after(src)
	}
	if held != nil {
		held.Offset, held.Line = off, n
		return *held, nil
	}
	state, err := json.Marshal(st)
	if err != nil {
		return cp, err
	}
	return transcripts.Checkpoint{Offset: off, Line: n, NextIndex: next, State: state}, nil
}

func ptr[T any](v T) *T { return &v }
