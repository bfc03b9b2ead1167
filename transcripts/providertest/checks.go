package providertest

import (
	"fmt"
	"testing"

	"hansard/transcripts"
)

// checkIndexes verifies that every session's message indexes are 0..n-1 and
// that calls, edits, commands and todos refer to existing messages of known
// sessions.
func checkIndexes(t *testing.T, c *Collector) {
	t.Helper()
	count := map[string]int{}
	for k := range c.MessagesByKey {
		if k.Index < 0 {
			t.Errorf("session %s: negative message index %d", k.SessionID, k.Index)
		}
		count[k.SessionID]++
	}
	for id, n := range count {
		for i := range n {
			if _, ok := c.MessagesByKey[MessageKey{id, i}]; !ok {
				t.Errorf("session %s: %d messages but index %d is missing (indexes must be dense and 0-based)", id, n, i)
				break
			}
		}
		if _, ok := c.SessionsByID[id]; !ok {
			t.Errorf("messages of session %s but no Session record", id)
		}
	}
	for k, m := range c.MessagesByKey {
		if m.Line <= 0 {
			t.Errorf("message %s#%d: Line %d, want the 1-based source line", k.SessionID, k.Index, m.Line)
		}
	}
	msgRef := func(what, session string, index int) {
		if _, ok := c.MessagesByKey[MessageKey{session, index}]; !ok {
			t.Errorf("%s refers to message %s#%d, which does not exist", what, session, index)
		}
	}
	for k, tc := range c.ToolCallsByKey {
		msgRef("tool call "+k.ToolCallID, k.SessionID, tc.MessageIndex)
	}
	for k, e := range c.EditsByKey {
		msgRef(fmt.Sprintf("edit %s/%d", k.ToolCallID, k.Seq), k.SessionID, e.MessageIndex)
		switch e.Status {
		case transcripts.EditOK, transcripts.EditFailed, transcripts.EditPending:
		default:
			t.Errorf("edit %s/%d: status %q", k.ToolCallID, k.Seq, e.Status)
		}
	}
	for k, cmd := range c.CommandsByKey {
		msgRef("command "+k.ToolCallID, k.SessionID, cmd.MessageIndex)
	}
	for k, td := range c.TodosByKey {
		msgRef("todos "+k.ToolCallID, k.SessionID, td.MessageIndex)
	}
	for k, cp := range c.CapturesByKey {
		if cp.MessageIndex >= 0 {
			msgRef("capture "+k.ToolCallID, k.SessionID, cp.MessageIndex)
		}
		if cp.CaptureID == "" || len(cp.Digest) != 64 {
			t.Errorf("capture %s: id %q digest %q", k.ToolCallID, cp.CaptureID, cp.Digest)
		}
	}
	for id, s := range c.SessionsByID {
		if s.ID != id || s.Provider == "" {
			t.Errorf("session %s: id %q provider %q", id, s.ID, s.Provider)
		}
		if s.Class != transcripts.ClassMain && s.Class != transcripts.ClassSubagent {
			t.Errorf("session %s: class %q", id, s.Class)
		}
	}
}

func checkSessions(t *testing.T, want []WantSession, c *Collector) {
	t.Helper()
	seen := map[string]bool{}
	for _, w := range want {
		seen[w.ID] = true
		s, ok := c.SessionsByID[w.ID]
		if !ok {
			t.Errorf("session %s missing", w.ID)
			continue
		}
		if s.Class != w.Class {
			t.Errorf("session %s: class %q, want %q", w.ID, s.Class, w.Class)
		}
		if n := len(c.Messages(w.ID)); n != w.Messages {
			t.Errorf("session %s: %d messages, want %d", w.ID, n, w.Messages)
		}
		if got := c.RetractedIndexes(w.ID); fmt.Sprint(got) != fmt.Sprint(w.Retracted) {
			t.Errorf("session %s: retracted messages %v, want %v", w.ID, got, w.Retracted)
		}
		if w.ParentID != "" && s.ParentID != w.ParentID {
			t.Errorf("session %s: parent %q, want %q", w.ID, s.ParentID, w.ParentID)
		}
		if w.Relation != "" && s.Relation != w.Relation {
			t.Errorf("session %s: relation %q, want %q", w.ID, s.Relation, w.Relation)
		}
	}
	for id := range c.SessionsByID {
		if !seen[id] {
			t.Errorf("unexpected session %s", id)
		}
	}
}

func checkEdits(t *testing.T, want []WantEdit, c *Collector) {
	t.Helper()
	for _, w := range want {
		e, ok := c.EditsByKey[EditKey{w.SessionID, w.ToolCallID, w.Seq}]
		if !ok {
			t.Errorf("edit %s %s/%d missing", w.SessionID, w.ToolCallID, w.Seq)
			continue
		}
		got := WantEdit{e.SessionID, e.ToolCallID, e.Seq, e.File, e.Op, e.OldText, e.NewText, e.Status}
		if got != w {
			t.Errorf("edit %s/%d:\n got %+v\nwant %+v", w.ToolCallID, w.Seq, got, w)
		}
	}
}

func checkLinks(t *testing.T, want []transcripts.Link, c *Collector) {
	t.Helper()
	for _, w := range want {
		l, ok := c.LinksByKey[LinkKey{w.SessionID, w.ParentID, w.ParentMessageUUID, w.Relation}]
		if !ok {
			t.Errorf("link %s -> %s%s (%s) missing; have %+v", w.SessionID, w.ParentID, w.ParentMessageUUID, w.Relation, c.Links())
			continue
		}
		if w.Evidence == "" {
			l.Evidence = ""
		}
		if l != w {
			t.Errorf("link:\n got %+v\nwant %+v", l, w)
		}
	}
}

func checkProblems(t *testing.T, want map[string][]string, sources []*source) {
	t.Helper()
	for _, sc := range sources {
		var kinds []string
		for _, p := range sc.full.Problems {
			kinds = append(kinds, p.Kind)
		}
		if fmt.Sprint(kinds) != fmt.Sprint(want[sc.rel]) {
			t.Errorf("%s: problems %v (%+v), want %v", sc.rel, kinds, sc.full.Problems, want[sc.rel])
		}
	}
}
