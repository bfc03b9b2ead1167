package codex

import (
	"fmt"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

func TestSubagent(t *testing.T) {
	t.Parallel()
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"subagent-parent.jsonl": idParent, "subagent-child.jsonl": idChild}),
		Sessions: []providertest.WantSession{
			{ID: idParent, Class: transcripts.ClassMain, Messages: 3},
			{ID: idChild, Class: transcripts.ClassSubagent, Messages: 3, ParentID: idParent, Relation: transcripts.RelSubagent},
		},
		Edits: []providertest.WantEdit{ok(idChild, "call_ch1", 0, repo+"/upload/client.go", transcripts.OpUpdate)},
		Links: []transcripts.Link{{SessionID: idChild, ParentID: idParent, Relation: transcripts.RelSubagent, ParentToolCallID: "call_sp1"}},
		Check: func(t *testing.T, c *providertest.Collector) {
			for _, id := range []string{"call_sp1", "call_sp2", "call_sp3"} {
				if tc := c.ToolCallsByKey[providertest.CallKey{SessionID: idParent, ToolCallID: id}]; !tc.HasResult {
					t.Errorf("collab call %s: %+v", id, tc)
				}
			}
			if n := len(c.LinksByKey); n != 1 {
				t.Errorf("links %+v", c.Links())
			}
		},
	})
}

func TestForkAndResume(t *testing.T) {
	t.Parallel()
	fork := ok(idFork, "call_k1", 0, repo+"/fork.txt", transcripts.OpCreate)
	fork.NewText = "f\n"
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"fork.jsonl": idFork, "resume.jsonl": idResumed}),
		Sessions: []providertest.WantSession{
			{ID: idFork, Class: transcripts.ClassMain, Messages: 3, ParentID: idOrigin, Relation: transcripts.RelForkedFrom},
			{ID: idResumed, Class: transcripts.ClassMain, Messages: 1, ParentID: idResumed0, Relation: transcripts.RelResumedFrom},
		},
		Edits: []providertest.WantEdit{fork},
		Links: []transcripts.Link{
			{SessionID: idFork, ParentID: idOrigin, Relation: transcripts.RelForkedFrom},
			{SessionID: idResumed, ParentID: idResumed0, Relation: transcripts.RelResumedFrom},
		},
		Check: func(t *testing.T, c *providertest.Collector) {
			for _, m := range c.Messages(idFork) {
				if strings.Contains(m.Text, "origin") {
					t.Errorf("copied history indexed: %+v", m)
				}
			}
			if n := len(c.EditsByKey); n != 1 {
				t.Errorf("%d edits, want 1 (the origin's edit is not repeated)", n)
			}
			if v := c.SessionsByID[idFork].Version; v != "0.126.0" {
				t.Errorf("version after the repeated session_meta %q", v)
			}
			if m := c.Messages(idResumed); len(m) != 1 || m[0].Text != "new prompt" {
				t.Errorf("resumed messages %+v", m)
			}
		},
	})
}

func TestCompacted(t *testing.T) {
	t.Parallel()
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        files(t, map[string]string{"compacted.jsonl": idCompact}),
		Sessions:     []providertest.WantSession{{ID: idCompact, Class: transcripts.ClassMain, Messages: 6}},
		Check: func(t *testing.T, c *providertest.Collector) {
			var kinds []string
			for _, m := range c.Messages(idCompact) {
				kinds = append(kinds, m.Kind)
			}
			if fmt.Sprint(kinds) != "[  compact_summary  event ]" {
				t.Errorf("kinds %q", kinds)
			}
		},
	})
}
