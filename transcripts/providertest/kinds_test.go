package providertest_test

import (
	"testing"

	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// The suite runs against one fake agent of each source kind.

func TestRunAppendLines(t *testing.T) {
	providertest.Run(t, providertest.Suite{
		Provider: fakeagents.NewLines(),
		Files:    fakeagents.Files(),
		Sessions: []providertest.WantSession{{ID: "a", Class: transcripts.ClassMain, Messages: 3}},
		Edits: []providertest.WantEdit{{SessionID: "a", ToolCallID: "c1", File: "/r/client.go", Op: transcripts.OpUpdate,
			OldText: "return err", NewText: "return retry(err)", Status: transcripts.EditOK}},
		UnknownLine: `{"type":"brand-new"}`,
		Check: func(t *testing.T, c *providertest.Collector) {
			if cmds := c.Commands(); len(cmds) != 1 || !cmds[0].IsTest || cmds[0].TestStatus != "pass" {
				t.Errorf("commands %+v, want one passing test run", cmds)
			}
		},
	})
}

func TestRunUpsertRecords(t *testing.T) {
	providertest.Run(t, providertest.Suite{
		Provider: fakeagents.NewUpsert(),
		Files:    fakeagents.Files(),
		// m1 0, m2 1 (appended twice), m3 2 (rewound), m4 3, s1 4, m5 5;
		// the replaced history drops m2.
		Sessions: []providertest.WantSession{{ID: "u", Class: transcripts.ClassMain, Messages: 6, Retracted: []int{1, 2}}},
		Edits: []providertest.WantEdit{{SessionID: "u", ToolCallID: "c1", File: "/r/client.go", Op: transcripts.OpUpdate,
			OldText: "return err", NewText: "return retry(err)", Status: transcripts.EditOK}},
		UnknownLine: `{"type":"brand-new"}`,
		Check: func(t *testing.T, c *providertest.Collector) {
			k := providertest.MessageKey{SessionID: "u", Index: 1}
			if m := c.MessagesByKey[k]; m.Text != "editing client.go" || c.Retracted[k] != transcripts.RetractReplaced {
				t.Errorf("message 1: %q %q, want the last copy, replaced", m.Text, c.Retracted[k])
			}
			if r := c.Retracted[providertest.MessageKey{SessionID: "u", Index: 2}]; r != transcripts.RetractRewound {
				t.Errorf("message 2 retracted %q, want %q", r, transcripts.RetractRewound)
			}
			if cmds := c.Commands(); len(cmds) != 1 || cmds[0].MessageIndex != 3 || cmds[0].TestStatus != "fail" {
				t.Errorf("commands %+v", cmds)
			}
		},
	})
}

func TestRunSnapshots(t *testing.T) {
	providertest.Run(t, providertest.Suite{
		Provider: fakeagents.NewSnapshot(),
		Files:    fakeagents.Files(),
		Sessions: []providertest.WantSession{{ID: "snap", Class: transcripts.ClassMain, Messages: 3}},
		Edits: []providertest.WantEdit{{SessionID: "snap", ToolCallID: "c1", File: "/r/client.go", Op: transcripts.OpUpdate,
			OldText: "return err", NewText: "return retry(err)", Status: transcripts.EditOK}},
		// m1 0, m2 1, m3 2, then m4 3 (m3 gone), then m5 4 (m3 back, m2 gone).
		Generations:      fakeagents.Generations(),
		AfterGenerations: []providertest.WantSession{{ID: "snap", Class: transcripts.ClassMain, Messages: 5, Retracted: []int{1}}},
	})
}
