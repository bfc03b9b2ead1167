package claude

import (
	"encoding/json"
	"path/filepath"
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

// progress reads a 2.1.x progress line. Only agent_progress matters: its
// copy of a subagent message is not indexed (the subagent's own file holds
// it), but it links the subagent to the parent's tool call.
func (p *parser) progress(ln *rawLine) error {
	if ln.Data == nil || ln.Data.Type != "agent_progress" || ln.Data.AgentID == "" {
		return nil
	}
	ss, err := p.route(ln)
	if ss == nil || err != nil {
		return err
	}
	return p.linkChild(ss, ln.Data.AgentID, ln.ParentToolUseID, "agent_progress in "+p.base)
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
