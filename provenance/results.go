package provenance

import "time"

// results renders the decisions of the wanted lines.
func (f *fileState) results() []Attribution {
	out := make([]Attribution, 0, len(f.lines))
	summaries := map[string]string{} // redacted, per commit: lines share commits
	for i, l := range f.lines {
		if !l.wanted {
			continue
		}
		d := f.decisions[i]
		a := Attribution{
			Path:       f.in.Path,
			Line:       l.bl.FinalLine,
			Text:       l.bl.Text,
			Status:     d.status,
			Reason:     d.reason,
			Commit:     f.commitInfo(l, summaries),
			Candidates: f.refs(d.candidates),
			Chain:      f.refs(d.chain),
		}
		if d.entry >= 0 {
			r := f.ref(d.entry)
			a.Edit = &r
		}
		out = append(out, a)
	}
	return out
}

// commitInfo describes line l's commit, its summary redacted (once per
// commit: summaries holds those redacted so far).
func (f *fileState) commitInfo(l lineState, summaries map[string]string) *CommitInfo {
	c := l.bl.Commit
	if c.Uncommitted() {
		return nil
	}
	summary := c.Summary
	if f.a.Redact != nil {
		s, ok := summaries[c.Hash]
		if !ok {
			s = f.a.Redact(summary)
			summaries[c.Hash] = s
		}
		summary = s
	}
	return &CommitInfo{SHA: c.Hash, Author: c.Author, Time: f.localTime(c.AuthorTime), Summary: summary}
}

func (f *fileState) ref(e int) EditRef {
	x := f.entries[e]
	return EditRef{
		SessionID:    x.SessionID,
		Provider:     x.Provider,
		MessageIndex: x.MessageIndex,
		Tool:         x.Tool,
		ToolCallID:   x.ToolCallID,
		Seq:          x.Seq,
		Path:         x.Path,
		TimeLocal:    f.localTime(x.Time),
	}
}

func (f *fileState) refs(es []int) []EditRef {
	out := make([]EditRef, 0, len(es))
	for _, e := range es {
		out = append(out, f.ref(e))
	}
	return out
}

func (f *fileState) localTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(f.a.loc()).Format(time.RFC3339)
}
