package claude

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"hansard/transcripts"
)

// route returns the session a line belongs to, creating it when new, or nil
// when the line is not indexed: copied history of another session (which
// is reported as a resumed_from link) or a line of a Warmup sidechain.
func (p *parser) route(ln *rawLine) (*sessionState, error) {
	var ss *sessionState
	switch {
	case p.subagent:
		if p.st.Own == "" {
			p.resolveSubagent(ln)
		}
		ss = p.st.Sessions[p.st.Own]
	default:
		if p.st.Own == "" {
			p.st.Own = firstOf(ln.SessionID, p.stem)
		}
		if ln.SessionID != "" && ln.SessionID != p.st.Own {
			return nil, p.copiedHistory(ln.SessionID)
		}
		if ln.IsSidechain {
			ss = p.sidechain(ln)
		} else {
			ss = p.ensure(p.st.Own, transcripts.ClassMain)
		}
	}
	if ss.Skip {
		return nil, nil
	}
	return ss, nil
}

// ensure returns the state of session id, creating it when new.
func (p *parser) ensure(id, class string) *sessionState {
	ss := p.st.Sessions[id]
	if ss == nil {
		ss = &sessionState{S: transcripts.Session{ID: id, Provider: transcripts.ProviderClaude, Class: class}}
		p.st.Sessions[id] = ss
	}
	return ss
}

// copiedHistory links the file's session to a session whose lines were
// copied into it when it was resumed.
func (p *parser) copiedHistory(from string) error {
	if p.st.linked("resumed:" + from) {
		return nil
	}
	evidence := "copied history in " + p.base
	own := p.ensure(p.st.Own, transcripts.ClassMain)
	if own.S.ParentID == "" {
		own.S.ParentID, own.S.Relation, own.S.LinkEvidence = from, transcripts.RelResumedFrom, evidence
		p.retouchOwn()
	}
	return p.sink(transcripts.Record{Link: &transcripts.Link{SessionID: p.st.Own, ParentID: from, Relation: transcripts.RelResumedFrom, Evidence: evidence}})
}

// sidechain routes an inline sidechain line of a main file (some 1.0.x
// builds) to a subagent session: "<session>/agent-<agentId>" when the line
// names its agent, else "<session>/sidechain-<uuid of the sidechain's first
// line>", following parentUuid from line to line.
func (p *parser) sidechain(ln *rawLine) *sessionState {
	own := p.st.Own
	var id string
	if ln.AgentID != "" {
		id = own + "/agent-" + ln.AgentID
	} else {
		if p.st.Side == nil {
			p.st.Side = map[string]string{}
		}
		id = p.st.Side[ln.ParentUUID]
		if id == "" || ln.ParentUUID == "" {
			id = own + "/sidechain-" + firstOf(ln.UUID, "unknown")
		}
		if ln.UUID != "" {
			p.st.Side[ln.UUID] = id
		}
	}
	ss := p.ensure(id, transcripts.ClassSubagent)
	if ss.S.ParentID == "" {
		ss.S.ParentID, ss.S.Relation, ss.S.LinkEvidence = own, transcripts.RelSubagent, "inline sidechain in "+p.base
		if call := p.onlyPendingAgentCall(own); call != "" {
			ss.S.ParentToolCallID = call
			ss.S.LinkEvidence += ", during call " + call
		}
	}
	return ss
}

// onlyPendingAgentCall returns the id of the Task or Agent call of session
// that is waiting for its result, when there is exactly one: an inline
// sidechain that starts then is that call's subagent.
func (p *parser) onlyPendingAgentCall(session string) string {
	id := ""
	for _, pc := range p.st.Pending {
		if pc.Session == session && (pc.Name == "Task" || pc.Name == "Agent") {
			if id != "" {
				return ""
			}
			id = pc.ID
		}
	}
	return id
}

// resolveSubagent names the session of a subagent file on its first line:
// "<parent session>/agent-<agentId>", the parent session being the folder
// above subagents/ (2.1.x) or the lines' sessionId (2.0.x flat files).
func (p *parser) resolveSubagent(ln *rawLine) {
	agentID := firstOf(strings.TrimPrefix(p.stem, "agent-"), ln.AgentID)
	root := firstOf(nestedParent(p.src.Path), ln.SessionID)
	meta := readMeta(p.src)
	id, parent := "agent-"+agentID, root
	if root != "" {
		id = root + "/agent-" + agentID
	}
	if root != "" && meta.ParentAgentID != "" {
		parent = root + "/agent-" + meta.ParentAgentID
	}
	p.st.Own = id
	ss := p.ensure(id, transcripts.ClassSubagent)
	ss.S.ParentID, ss.S.ParentToolCallID = parent, meta.ToolUseID
	if parent != "" {
		ss.S.Relation, ss.S.LinkEvidence = transcripts.RelSubagent, "subagent file "+p.base
	}
	if meta.Description != "" {
		ss.S.Title, ss.S.TitleFromAgent = meta.Description, true
	}
}

// agentMeta is the 2.1.x agent-<id>.meta.json beside a subagent file.
type agentMeta struct {
	AgentType     string `json:"agentType"`
	Description   string `json:"description"`
	ToolUseID     string `json:"toolUseId"`
	ParentAgentID string `json:"parentAgentId"`
}

// isSubagent reports whether src is a subagent file (flat or nested).
func isSubagent(src transcripts.Source) bool {
	return src.Class == transcripts.ClassSubagent || strings.HasPrefix(filepath.Base(src.Path), "agent-")
}

// metaPath is the meta file beside a subagent transcript.
func metaPath(jsonlPath string) string {
	return strings.TrimSuffix(jsonlPath, ".jsonl") + ".meta.json"
}

// readMeta reads the meta file of a subagent transcript (a side file of
// the source, see Provider.SideFiles); a missing or unreadable one gives
// the zero value.
func readMeta(src transcripts.Source) agentMeta {
	var m agentMeta
	b, err := src.ReadSide(metaPath(src.Path))
	if err == nil {
		_ = json.Unmarshal(b, &m) // best effort: the meta file only adds detail
	}
	return m
}

// nestedParent returns the session folder name of a nested subagent file
// (<session>/subagents/…/agent-<id>.jsonl), or "".
func nestedParent(path string) string {
	parts := strings.Split(filepath.ToSlash(filepath.Dir(path)), "/")
	for i := len(parts) - 1; i > 0; i-- {
		if parts[i] == "subagents" {
			return parts[i-1]
		}
	}
	return ""
}

// rootSession returns the main session of a session id ("<main>/agent-x").
func rootSession(id string) string {
	root, _, _ := strings.Cut(id, "/")
	return root
}

// progress reads a 2.1.x progress line. Only agent_progress matters: it
// links the subagent to the parent's tool call, and its copy of one of the
// subagent's messages goes to the subagent's mirror session (see mirror).
func (p *parser) progress(ln *rawLine, lineNo int) error {
	if ln.Data == nil || ln.Data.Type != "agent_progress" || ln.Data.AgentID == "" {
		return nil
	}
	ss, err := p.route(ln)
	if ss == nil || err != nil {
		return err
	}
	if err := p.linkChild(ss, ln.Data.AgentID, ln.ParentToolUseID, "agent_progress in "+p.base); err != nil {
		return err
	}
	return p.mirror(ss, ln, lineNo)
}

// mirror adds the subagent message an agent_progress line copies to the
// subagent's session, built from these copies for when its own file is
// missing (transcripts.Session.Mirror: the archive lets the file replace
// it). The session has the id its file would give it, the parent's
// spawning call, and its messages in the order the copies come; a copy
// of a message already taken (by its uuid) is skipped. The prompt that
// each line may repeat is kept once: as the first user message, or, when
// the copies do not start with one, as a message of its own.
func (p *parser) mirror(parent *sessionState, ln *rawLine, lineNo int) error {
	var in rawLine
	if len(ln.Data.Message) == 0 || decodeLine(ln.Data.Message, &in) != nil {
		return nil
	}
	if in.Type != "user" && in.Type != "assistant" {
		return nil
	}
	id := rootSession(parent.S.ID) + "/agent-" + ln.Data.AgentID
	ss := p.st.Sessions[id]
	if ss == nil {
		ss = p.ensure(id, transcripts.ClassSubagent)
		ss.S.ParentID, ss.S.Relation, ss.S.ParentToolCallID = parent.S.ID, transcripts.RelSubagent, ln.ParentToolUseID
		ss.S.LinkEvidence, ss.S.Mirror = "agent_progress in "+p.base, true
	}
	if ss.Skip || !ss.S.Mirror || (in.UUID != "" && slices.Contains(ss.Copied, in.UUID)) {
		return nil
	}
	in.IsSidechain, in.AgentID = true, ln.Data.AgentID
	in.SessionID = firstOf(in.SessionID, ln.SessionID)
	in.CWD = firstOf(in.CWD, ln.CWD)
	in.GitBranch = firstOf(in.GitBranch, ln.GitBranch)
	in.Version = firstOf(in.Version, ln.Version)
	in.Timestamp = firstOf(in.Timestamp, ln.Timestamp)
	if in.ParentUUID == "" && len(ss.Copied) > 0 {
		in.ParentUUID = ss.Copied[len(ss.Copied)-1]
	}
	if ss.Next == 0 && !ss.Emitted && in.Type != "user" && strings.TrimSpace(ln.Data.Prompt) != "" {
		prompt := rawLine{Type: "user", Timestamp: in.Timestamp, CWD: in.CWD, GitBranch: in.GitBranch, Version: in.Version,
			Message: &apiMessage{Role: "user", text: ln.Data.Prompt, isString: true}}
		if err := p.handle(ss, &prompt, lineNo); err != nil {
			return err
		}
	}
	if in.UUID != "" {
		ss.Copied = append(ss.Copied, in.UUID)
		if len(ss.Copied) > maxRecent {
			ss.Copied = append(ss.Copied[:0:0], ss.Copied[1:]...)
		}
	}
	return p.handle(ss, &in, lineNo)
}

// linkChild links the subagent agentID to the session that spawned it.
func (p *parser) linkChild(parent *sessionState, agentID, toolCallID, evidence string) error {
	child := rootSession(parent.S.ID) + "/agent-" + agentID
	if p.st.linked("agent:" + child) {
		return nil
	}
	return p.sink(transcripts.Record{Link: &transcripts.Link{SessionID: child, ParentID: parent.S.ID, Relation: transcripts.RelSubagent,
		ParentToolCallID: toolCallID, Evidence: evidence}})
}
