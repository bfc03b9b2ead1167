package codex

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"hansard/transcripts"
)

// copyGap ends the burst in which a fork's copied history is written after
// the origin's session_meta: copied lines follow each other within
// milliseconds, and the fork's own activity starts after a pause.
const copyGap = time.Second

// touch records the current line's time as the session's end.
func (p *parser) touch() {
	if p.ts.IsZero() {
		return
	}
	s := &p.st.Session
	if p.ts.After(s.EndedAt) {
		s.EndedAt = p.ts
		p.st.dirty = true
	}
}

// ensureSession makes sure the primary session exists and was emitted
// before a record that refers to it. Without a session_meta the id comes
// from the file name.
func (p *parser) ensureSession() error {
	s := &p.st.Session
	if s.ID == "" {
		s.ID = idFromPath(p.src.Path)
		s.Provider = transcripts.ProviderCodex
		s.Class = transcripts.ClassMain
		if p.src.Class == transcripts.ClassSubagent {
			s.Class = transcripts.ClassSubagent
		}
		s.StartedAt = p.ts
		if s.EndedAt.IsZero() {
			s.EndedAt = p.ts
		}
		p.st.dirty = true
	}
	if !p.st.Emitted {
		return p.flushSession()
	}
	return nil
}

// flushSession emits the session when it changed since the last emission.
func (p *parser) flushSession() error {
	if !p.st.dirty || p.st.Session.ID == "" {
		return nil
	}
	s := p.st.Session
	if s.Title == "" {
		// A session without a prompt that titles it (one that only ran
		// /model, or only holds the agent's words) is titled by what it
		// has rather than left untitled.
		s.Title = cmp.Or(p.st.Command, p.st.Said)
	}
	s.Branches = slices.Clone(s.Branches)
	s.Models = slices.Clone(s.Models)
	p.st.dirty, p.st.Emitted = false, true
	return p.sink(transcripts.Record{Session: &s})
}

// sessionMeta handles the first session_meta (the file's own thread), a
// repeated one of the same thread, and one of another thread, whose history
// follows because this thread was forked from it. A first session_meta of
// another thread than the one the file is named for is copied history too:
// the file's own thread is never taken from it.
func (p *parser) sessionMeta(m sessionMeta, envGit *gitInfo) error {
	st := p.st
	s := &st.Session
	if m.ID == "" {
		m.ID = s.ID
	}
	switch named := idInName(p.src.Path); {
	case !st.Meta && named != "" && m.ID != "" && m.ID != named:
		return p.foreignMeta(m)
	case !st.Meta:
		if err := p.firstMeta(m, envGit); err != nil {
			return err
		}
	case m.ID == s.ID || m.ID == st.MetaID:
		st.CopyOf, st.CopyUntil = "", time.Time{}
		p.updateMeta(m)
	default:
		return p.foreignMeta(m)
	}
	return nil
}

func (p *parser) firstMeta(m sessionMeta, envGit *gitInfo) error {
	s := &p.st.Session
	p.st.Meta, p.st.MetaID = true, m.ID
	if s.ID == "" {
		s.ID = m.ID
	}
	if s.ID == "" {
		s.ID = idFromPath(p.src.Path)
	}
	s.Provider = transcripts.ProviderCodex
	if s.Class == "" {
		s.Class = transcripts.ClassMain
	}
	s.StartedAt = transcripts.ParseTime(m.Timestamp)
	if s.StartedAt.IsZero() {
		s.StartedAt = p.ts
	}
	if s.EndedAt.Before(s.StartedAt) {
		s.EndedAt = s.StartedAt
	}
	if m.CWD != "" {
		s.CWD = m.CWD
	}
	git := m.Git
	if git == nil {
		git = envGit
	}
	if git != nil {
		s.GitCommit = git.CommitHash
		s.GitRepoURL = git.RepositoryURL
		addUnique(&s.Branches, git.Branch)
	}
	p.updateMeta(m)
	var links []transcripts.Link
	if parent := subagentParent(m.Source); parent != "" || isSubagent(m.Source) {
		s.Class = transcripts.ClassSubagent
		if parent != "" {
			s.ParentID, s.Relation = parent, transcripts.RelSubagent
			s.LinkEvidence = "session_meta source.subagent.thread_spawn.parent_thread_id"
			links = append(links, transcripts.Link{SessionID: s.ID, ParentID: parent, Relation: transcripts.RelSubagent, Evidence: s.LinkEvidence})
		}
	}
	if m.ForkedFromID != "" && m.ForkedFromID != s.ID {
		ev := "session_meta forked_from_id"
		if s.ParentID == "" {
			s.ParentID, s.Relation, s.LinkEvidence = m.ForkedFromID, transcripts.RelForkedFrom, ev
		}
		links = append(links, transcripts.Link{SessionID: s.ID, ParentID: m.ForkedFromID, Relation: transcripts.RelForkedFrom, Evidence: ev})
	}
	p.st.dirty = true
	if err := p.flushSession(); err != nil {
		return err
	}
	for _, l := range links {
		if err := p.sink(transcripts.Record{Link: &l}); err != nil {
			return err
		}
	}
	return nil
}

// updateMeta takes what a later session_meta of the same thread may change.
func (p *parser) updateMeta(m sessionMeta) {
	s := &p.st.Session
	if m.CLIVersion != "" && m.CLIVersion != s.Version {
		s.Version = m.CLIVersion
		p.st.dirty = true
	}
	if m.Originator != "" && m.Originator != s.Originator {
		s.Originator = m.Originator
		p.st.dirty = true
	}
}

// foreignMeta handles the session_meta of another thread inside this file:
// Codex copies the origin's rollout (its session_meta included) into a
// forked thread's file. The thread is linked to the origin, and the copied
// records, written in one burst right after that line, are skipped: they
// are indexed from the origin's own file.
func (p *parser) foreignMeta(m sessionMeta) error {
	st := p.st
	s := &st.Session
	if err := p.ensureSession(); err != nil {
		return err
	}
	rel := transcripts.RelResumedFrom
	if (s.Relation == transcripts.RelForkedFrom || s.Relation == transcripts.RelSubagent) && s.ParentID == m.ID {
		rel = transcripts.RelForkedFrom
	}
	if !p.ts.IsZero() {
		st.CopyOf, st.CopyUntil = m.ID, p.ts.Add(copyGap)
	}
	if s.ParentID == m.ID && s.Relation == rel {
		return nil // already linked by the first session_meta
	}
	ev := "session_meta of " + m.ID + " later in the file: its history was copied here"
	if s.ParentID == "" {
		s.ParentID, s.Relation, s.LinkEvidence = m.ID, rel, ev
		st.dirty = true
	}
	return p.sink(transcripts.Record{Link: &transcripts.Link{SessionID: s.ID, ParentID: m.ID, Relation: rel, Evidence: ev}})
}

// skipCopied reports whether the current line belongs to copied history.
// A session_meta is always handled (it may end the copy); any other line
// ends the copy when it comes more than copyGap after the previous one.
func (p *parser) skipCopied(typ string) bool {
	st := p.st
	if st.CopyOf == "" || typ == "session_meta" {
		return false
	}
	if p.ts.IsZero() {
		return true
	}
	if !p.ts.After(st.CopyUntil) {
		st.CopyUntil = p.ts.Add(copyGap)
		return true
	}
	st.CopyOf, st.CopyUntil = "", time.Time{}
	return false
}

func (p *parser) turnContext(tc turnContext) {
	st := p.st
	if tc.CWD != "" {
		st.CWD = tc.CWD
		if st.Session.CWD == "" {
			st.Session.CWD = tc.CWD
			st.dirty = true
		}
	}
	if tc.Model != "" {
		st.Model = tc.Model
		if addUnique(&st.Session.Models, tc.Model) {
			st.dirty = true
		}
	}
}

// isSubagent reports whether session_meta.source names a subagent.
func isSubagent(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return false
	}
	var src metaSource
	return json.Unmarshal(raw, &src) == nil && len(src.Subagent) > 0 && string(src.Subagent) != "null"
}

// subagentParent returns source.subagent.thread_spawn.parent_thread_id.
func subagentParent(raw json.RawMessage) string {
	if !isSubagent(raw) {
		return ""
	}
	var src metaSource
	_ = json.Unmarshal(raw, &src)
	var ts threadSpawn
	if json.Unmarshal(src.Subagent, &ts) != nil || ts.ThreadSpawn == nil {
		return ""
	}
	return ts.ThreadSpawn.ParentThreadID
}

func addUnique(list *[]string, v string) bool {
	v = strings.TrimSpace(v)
	if v == "" || slices.Contains(*list, v) {
		return false
	}
	*list = append(*list, v)
	return true
}
