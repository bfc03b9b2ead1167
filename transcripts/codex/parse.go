package codex

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"hansard/transcripts"
)

// Parse reads a rollout file from cp on and emits its records to sink. See
// the package documentation for what each record kind becomes.
func (Provider) Parse(ctx context.Context, src transcripts.Source, r io.Reader, cp transcripts.Checkpoint, sink transcripts.Sink) (transcripts.Checkpoint, error) {
	st, err := loadState(cp.State)
	if err != nil {
		return cp, err
	}
	if st.Pending == nil {
		st.Pending = map[string]*call{}
	}
	if st.Procs == nil {
		st.Procs = map[string]*call{}
	}
	p := &parser{src: src, sink: sink, st: st}
	off, n, err := transcripts.ReadLines(ctx, r, cp, p.handle)
	if err != nil {
		return cp, fmt.Errorf("codex: parse %s: %w", src.Path, err)
	}
	if err := p.flushSession(); err != nil {
		return cp, err
	}
	out := p.held
	if out == nil {
		if out, err = p.checkpoint(); err != nil {
			return cp, err
		}
	}
	out.Offset, out.Line = off, n
	return *out, nil
}

// checkpoint returns the state and next index to resume from as they are
// now, the session sent first when it changed.
func (p *parser) checkpoint() (*transcripts.Checkpoint, error) {
	if err := p.flushSession(); err != nil {
		return nil, err
	}
	b, err := p.st.encode()
	if err != nil {
		return nil, err
	}
	return &transcripts.Checkpoint{NextIndex: p.st.NextIndex, State: b}, nil
}

// parser handles the lines of one Parse call.
type parser struct {
	src  transcripts.Source
	sink transcripts.Sink
	st   *state
	line int       // 1-based number of the line being handled
	ts   time.Time // its timestamp (zero in the legacy format)
	// held is the checkpoint taken before an unterminated last line, which
	// the next Parse reads again.
	held *transcripts.Checkpoint
}

// Envelope types that are known and carry nothing hansard keeps.
var skippedEnvelopes = map[string]bool{
	"world_state":                        true,
	"inter_agent_communication":          true,
	"inter_agent_communication_metadata": true,
}

// Payload types of response items, which legacy files write bare.
var itemTypes = map[string]bool{
	"message": true, "reasoning": true, "function_call": true, "function_call_output": true,
	"custom_tool_call": true, "custom_tool_call_output": true, "local_shell_call": true,
	"local_shell_call_output": true, "ghost_snapshot": true, "web_search_call": true,
	"image_generation_call": true, "tool_search_call": true, "tool_search_call_output": true,
	"additional_tools": true, "compaction": true, "context_compaction": true, "agent_message": true,
}

// Payload types that are decoded; others are only validated.
var (
	decodedItems = map[string]bool{
		"message": true, "reasoning": true, "function_call": true, "function_call_output": true,
		"custom_tool_call": true, "custom_tool_call_output": true, "local_shell_call": true, "local_shell_call_output": true,
	}
	decodedEvents = map[string]bool{
		"user_message": true, "agent_message": true, "exec_command_end": true, "patch_apply_end": true,
		"context_compacted": true, "collab_agent_spawn_end": true, "thread_name_updated": true,
		"task_complete": true, "turn_aborted": true,
	}
)

// errPayload marks a payload that did not decode.
var errPayload = errors.New("payload")

func (p *parser) handle(l transcripts.Line) error {
	if l.Unterminated {
		var err error
		if p.held, err = p.checkpoint(); err != nil {
			return err
		}
	}
	p.line = l.Number
	if l.Oversized {
		return p.problem(transcripts.ProblemOversized, fmt.Sprintf("line longer than %d bytes", transcripts.MaxLineBytes))
	}
	b := bytes.TrimSpace(l.Bytes)
	if len(b) == 0 {
		return nil
	}
	if b[0] != '{' {
		return p.problem(transcripts.ProblemMalformed, "not a JSON object")
	}
	if ts, typ, payload, ok := splitEnvelope(b); ok {
		err := p.dispatch(ts, typ, payload)
		if !errors.Is(err, errPayload) {
			return err
		}
		// Not the simple layout after all: the general path decides.
	}
	var env envelope
	if err := decode(b, &env); err != nil {
		return p.problem(transcripts.ProblemMalformed, err.Error())
	}
	payload := bytes.TrimSpace(env.Payload)
	if len(payload) == 0 || string(payload) == "null" {
		p.ts = transcripts.ParseTime(env.Timestamp)
		if p.skipCopied(env.Type) {
			return nil
		}
		p.touch()
		return p.legacy(env, b)
	}
	if payload[0] != '{' {
		return p.problem(transcripts.ProblemMalformed, env.Type+": payload is not an object")
	}
	err := p.dispatch(env.Timestamp, env.Type, payload)
	if errors.Is(err, errPayload) {
		return p.problem(transcripts.ProblemMalformed, err.Error())
	}
	return err
}

// dispatch handles one enveloped record. A payload that does not decode is
// returned as an error wrapping errPayload, before anything is emitted.
func (p *parser) dispatch(ts, typ string, payload []byte) error {
	p.ts = transcripts.ParseTime(ts)
	if p.skipCopied(typ) {
		return nil
	}
	bad := func(err error) error { return fmt.Errorf("%w: %s: %v", errPayload, typ, err) }
	switch typ {
	case "session_meta":
		var m sessionMeta
		if err := decode(payload, &m); err != nil {
			return bad(err)
		}
		p.touch()
		return p.sessionMeta(m, nil)
	case "turn_context":
		var tc turnContext
		if err := decode(payload, &tc); err != nil {
			return bad(err)
		}
		p.touch()
		p.turnContext(tc)
		return nil
	case "response_item":
		switch t := peekType(payload); {
		case t == "function_call_output" || t == "custom_tool_call_output":
			it, ok := scanOutput(payload)
			if !ok {
				return bad(errors.New("malformed output"))
			}
			p.touch()
			return p.item(it)
		case t != "" && !decodedItems[t]:
			return p.skip(payload, typ)
		}
		var it item
		if err := decode(payload, &it); err != nil {
			return bad(err)
		}
		p.touch()
		return p.item(it)
	case "event_msg":
		switch t := peekType(payload); {
		case t == "mcp_tool_call_end":
			return p.mcpCallEnd(payload)
		case t == "exec_command_end":
			ev, ok := scanExecEnd(payload)
			if !ok {
				return bad(errors.New("malformed exec_command_end"))
			}
			p.touch()
			return p.event(ev)
		case t != "" && !decodedEvents[t]:
			return p.skip(payload, typ)
		}
		var ev event
		if err := decode(payload, &ev); err != nil {
			return bad(err)
		}
		p.touch()
		return p.event(ev)
	case "compacted":
		var c compacted
		if err := decode(payload, &c); err != nil {
			return bad(err)
		}
		p.touch()
		return p.compacted(c)
	}
	if !json.Valid(payload) {
		return bad(errors.New("invalid JSON"))
	}
	p.touch()
	if skippedEnvelopes[typ] {
		return nil
	}
	return p.problem(transcripts.ProblemUnknownType, typ)
}

// skip validates a payload that carries nothing kept.
func (p *parser) skip(payload []byte, typ string) error {
	if !json.Valid(payload) {
		return fmt.Errorf("%w: %s: invalid JSON", errPayload, typ)
	}
	p.touch()
	return nil
}

// legacy handles a line without a payload: the pre-envelope format's header,
// state markers and bare response items.
func (p *parser) legacy(env envelope, line []byte) error {
	switch {
	case env.RecordType != "":
		return nil // {"record_type":"state"} markers
	case env.Type == "" && env.ID != "":
		return p.sessionMeta(sessionMeta{ID: env.ID, Timestamp: env.Timestamp}, env.Git)
	case itemTypes[env.Type]:
		var it item
		if err := decode(line, &it); err != nil {
			return p.problem(transcripts.ProblemMalformed, env.Type+": "+err.Error())
		}
		return p.item(it)
	case env.Type == "":
		return p.problem(transcripts.ProblemUnknownType, "object without type")
	}
	return p.problem(transcripts.ProblemUnknownType, env.Type)
}

// decode unmarshals b into v. A field of an unexpected JSON type is left
// zero instead of failing the line: the formats drift between versions.
func decode(b []byte, v any) error {
	err := json.Unmarshal(b, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return nil
	}
	return err
}

func (p *parser) problem(kind, detail string) error {
	if len(detail) > 200 {
		detail = detail[:200]
	}
	return p.sink(transcripts.Record{Problem: &transcripts.Problem{Line: p.line, Kind: kind, Detail: detail}})
}
