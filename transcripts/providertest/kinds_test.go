package providertest_test

import (
	"testing"

	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// TestRunEveryKind runs the suite against one fake agent of each source
// kind.
func TestRunEveryKind(t *testing.T) {
	main := func(id string, messages int, retracted ...int) []providertest.WantSession {
		return []providertest.WantSession{{ID: id, Class: transcripts.ClassMain, Messages: messages, Retracted: retracted}}
	}
	edit := func(session string) []providertest.WantEdit {
		return []providertest.WantEdit{{SessionID: session, ToolCallID: "c1", File: "/r/client.go", Op: transcripts.OpUpdate,
			OldText: "return err", NewText: "return retry(err)", Status: transcripts.EditOK}}
	}
	for kind, s := range map[string]providertest.Suite{
		"AppendLines": {
			Provider: fakeagents.NewLines(), Edits: edit("a"),
			Sessions: append(main("a", 3), append(main("log-1", 2), main("log-2", 1)...)...),
			Check: func(t *testing.T, c *providertest.Collector) {
				wantCommand("a", 1, "pass")(t, c)
				wantCommand("log-2", 0, "")(t, c) // a linter: no test run
			},
		},
		// m1 0, m2 1 (appended twice), m3 2 (rewound), m4 3, s1 4, m5 5;
		// the replaced history drops m2.
		"UpsertRecords": {
			Provider: fakeagents.NewUpsert(), Sessions: main("u", 6, 1, 2), Edits: edit("u"),
			Check: checkUpsert,
		},
		// m1 0, m2 1, m3 2, then m4 3 (m3 gone), then m5 4 (m3 back, m2 gone).
		"Snapshots": {
			Provider: fakeagents.NewSnapshot(), Sessions: main("snap", 3), Edits: edit("snap"),
			Generations: fakeagents.Generations(), AfterGenerations: main("snap", 5, 1),
		},
	} {
		t.Run(kind, func(t *testing.T) {
			s.Files, s.UnknownLine = fakeagents.Files(), `{"type":"brand-new"}`
			providertest.Run(t, s)
		})
	}
}

// wantCommand checks that the one command of a session, of message index,
// has that test status ("" for a command that runs no tests).
func wantCommand(session string, index int, status string) func(*testing.T, *providertest.Collector) {
	return func(t *testing.T, c *providertest.Collector) {
		var cmds []transcripts.Command
		for _, cmd := range c.Commands() {
			if cmd.SessionID == session {
				cmds = append(cmds, cmd)
			}
		}
		if len(cmds) != 1 || cmds[0].MessageIndex != index || cmds[0].TestStatus != status {
			t.Errorf("commands of %s %+v, want one of message %d, test status %q", session, cmds, index, status)
		}
	}
}

func checkUpsert(t *testing.T, c *providertest.Collector) {
	k := providertest.MessageKey{SessionID: "u", Index: 1}
	if m := c.MessagesByKey[k]; m.Text != "editing client.go" || c.Retracted[k] != transcripts.RetractReplaced {
		t.Errorf("message 1: %q %q, want the last copy, replaced", m.Text, c.Retracted[k])
	}
	if r := c.Retracted[providertest.MessageKey{SessionID: "u", Index: 2}]; r != transcripts.RetractRewound {
		t.Errorf("message 2 retracted %q, want %q", r, transcripts.RetractRewound)
	}
	wantCommand("u", 3, "fail")(t, c)
}
