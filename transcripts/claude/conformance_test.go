package claude

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// fixturesDir holds hand-written transcripts laid out as under
// ~/.claude/projects, one file per version-drift case.
const fixturesDir = "../../fixtures/claude/projects"

// Session ids of the fixtures.
const (
	legacyID  = "11111111-1111-4111-8111-111111111111" // 1.0.x
	webappID  = "22222222-2222-4222-8222-222222222222" // 2.0.x
	apiID     = "33333333-3333-4333-8333-333333333333" // 2.1.x
	titleID   = "44444444-4444-4444-8444-444444444444" // 2.1.1xx
	resumedID = "55555555-5555-4555-8555-555555555555" // copied history
	badID     = "66666666-6666-4666-8666-666666666666" // bad lines
	// Sessions that go on in another file (-work-links).
	originID    = "77777777-7777-4777-8777-777777777777" // the first session
	continuedID = "88888888-8888-4888-8888-888888888888" // 1.0.x continuation of it: summary + continuation summary
	compactedID = "99999999-9999-4999-8999-999999999999" // 2.1.x compact_boundary into a new file
	copiedID    = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa" // resumed: the origin's lines copied in
	// A subagent known only from its parent's agent_progress lines, tool
	// inputs and a persisted-output preview (-work-mirror).
	mirrorID    = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
	mirrorAgent = "m1a2b3c4d5e6f7a8b"
)

// fixtureFiles reads the fixtures into the layout of a home folder, under
// prefix (".claude" for the default location).
func fixtureFiles(t *testing.T, prefix string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(fixturesDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(fixturesDir, p)
		files[prefix+"/projects/"+filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestConformance(t *testing.T) {
	t.Parallel()
	providertest.Run(t, fixtureSuite(t, ".claude", nil))
}

// TestConformanceConfigDir reads the same fixtures from $CLAUDE_CONFIG_DIR.
func TestConformanceConfigDir(t *testing.T) {
	t.Parallel()
	providertest.Run(t, fixtureSuite(t, "cfg/claude", func(home string) map[string]string {
		return map[string]string{"HOME": filepath.Join(home, "elsewhere"), "CLAUDE_CONFIG_DIR": filepath.Join(home, "cfg", "claude")}
	}))
}

// fixtureSuite is the suite over the fixtures laid out under prefix.
func fixtureSuite(t *testing.T, prefix string, env func(home string) map[string]string) providertest.Suite {
	sub := func(parent, agent string) string { return parent + "/agent-" + agent }
	return providertest.Suite{
		Provider: New(),
		Files:    fixtureFiles(t, prefix),
		Env:      env,
		Sessions: []providertest.WantSession{
			{ID: legacyID, Class: transcripts.ClassMain, Messages: 15},
			{ID: legacyID + "/sidechain-51000013", Class: transcripts.ClassSubagent, Messages: 2, ParentID: legacyID, Relation: transcripts.RelSubagent},
			{ID: webappID, Class: transcripts.ClassMain, Messages: 10},
			{ID: sub(webappID, "a1b2c3d"), Class: transcripts.ClassSubagent, Messages: 4, ParentID: webappID, Relation: transcripts.RelSubagent},
			{ID: apiID, Class: transcripts.ClassMain, Messages: 16},
			{ID: sub(apiID, "5e6f7a8b9c0d1e2f3"), Class: transcripts.ClassSubagent, Messages: 4, ParentID: apiID},
			{ID: sub(apiID, "9a8b7c6"), Class: transcripts.ClassSubagent, Messages: 2, ParentID: apiID},
			{ID: titleID, Class: transcripts.ClassMain, Messages: 11},
			{ID: resumedID, Class: transcripts.ClassMain, Messages: 2, ParentID: webappID, Relation: transcripts.RelResumedFrom},
			{ID: badID, Class: transcripts.ClassMain, Messages: 2},
			{ID: originID, Class: transcripts.ClassMain, Messages: 4},
			{ID: continuedID, Class: transcripts.ClassMain, Messages: 4},
			{ID: compactedID, Class: transcripts.ClassMain, Messages: 4},
			{ID: copiedID, Class: transcripts.ClassMain, Messages: 2, ParentID: originID, Relation: transcripts.RelResumedFrom},
			{ID: mirrorID, Class: transcripts.ClassMain, Messages: 10},
			{ID: sub(mirrorID, mirrorAgent), Class: transcripts.ClassSubagent, Messages: 6, ParentID: mirrorID, Relation: transcripts.RelSubagent},
		},
		Edits: []providertest.WantEdit{
			{SessionID: legacyID, ToolCallID: "toolu_A1", Seq: 0, File: "/work/legacy/config.go", Op: transcripts.OpUpdate,
				OldText: "func loadConfig() (*Config, error) {", NewText: "func readConfig() (*Config, error) {", Status: transcripts.EditOK},
			{SessionID: legacyID, ToolCallID: "toolu_A1", Seq: 1, File: "/work/legacy/config.go", Op: transcripts.OpUpdate,
				OldText: "loadConfig()", NewText: "readConfig()", Status: transcripts.EditOK},
			{SessionID: legacyID, ToolCallID: "toolu_A3", File: "/work/legacy/main.go", Op: transcripts.OpUpdate,
				OldText: "loadConfig(", NewText: "readConfig(", Status: transcripts.EditFailed},
			{SessionID: legacyID, ToolCallID: "toolu_A4", File: "/work/legacy/cmd/main.go", Op: transcripts.OpUpdate,
				OldText: "cfg, err := loadConfig()", NewText: "cfg, err := readConfig()", Status: transcripts.EditFailed},
			{SessionID: webappID, ToolCallID: "toolu_B1", File: "/work/webapp/upload.go", Op: transcripts.OpUpdate,
				OldText: "\treturn send(req)", NewText: "\treturn retry(3, func() error { return send(req) })", Status: transcripts.EditOK},
			{SessionID: webappID, ToolCallID: "toolu_B2", File: "/work/webapp/retry.go", Op: transcripts.OpCreate,
				NewText: "package webapp\n\nfunc retry(n int, f func() error) error {\n\treturn f()\n}\n", Status: transcripts.EditOK},
			{SessionID: sub(webappID, "a1b2c3d"), ToolCallID: "toolu_C1", File: "/work/webapp/retry.go", Op: transcripts.OpUpdate,
				OldText: "\treturn f()", NewText: "\tvar err error\n\tfor i := 0; i < n; i++ {\n\t\tif err = f(); err == nil {\n\t\t\treturn nil\n\t\t}\n\t}\n\treturn err", Status: transcripts.EditOK},
			{SessionID: sub(apiID, "5e6f7a8b9c0d1e2f3"), ToolCallID: "toolu_E1", File: "/work/api/auth/store.go", Op: transcripts.OpCreate,
				NewText: "package auth\n\ntype Store struct{ tokens map[string]string }\n", Status: transcripts.EditOK},
			{SessionID: titleID, ToolCallID: "toolu_F1", File: "/work/api/auth/token.go", Op: transcripts.OpUpdate,
				OldText: "package auth\n\nfunc refresh() {}\n", NewText: "package auth\n\nfunc refresh() error { return nil }\n", Status: transcripts.EditOK},
			{SessionID: titleID, ToolCallID: "toolu_F4", File: "/work/api/notebooks/explore.ipynb", Op: transcripts.OpUpdate,
				NewText: "print(renew())", Status: transcripts.EditOK},
		},
		Links: []transcripts.Link{
			{SessionID: legacyID + "/sidechain-51000013", ParentID: legacyID, Relation: transcripts.RelSubagent, ParentToolCallID: "toolu_A5",
				Evidence: "inline sidechain in " + legacyID + ".jsonl, during call toolu_A5"},
			{SessionID: sub(webappID, "a1b2c3d"), ParentID: webappID, Relation: transcripts.RelSubagent, ParentToolCallID: "toolu_B3"},
			{SessionID: sub(apiID, "5e6f7a8b9c0d1e2f3"), ParentID: apiID, Relation: transcripts.RelSubagent, ParentToolCallID: "toolu_D4"},
			{SessionID: sub(apiID, "9a8b7c6"), ParentID: apiID, Relation: transcripts.RelSubagent},
			// An async agent launched in the background; its file is not there.
			{SessionID: sub(titleID, "b1c2d3e4f5a6b7c8d"), ParentID: titleID, Relation: transcripts.RelSubagent, ParentToolCallID: "toolu_F5"},
			{SessionID: resumedID, ParentID: webappID, Relation: transcripts.RelResumedFrom,
				Evidence: "copied history in " + resumedID + ".jsonl"},
			// Known by a message of the origin only: the archive resolves them.
			{SessionID: continuedID, ParentMessageUUID: "l7000004", Relation: transcripts.RelContinuedFrom,
				Evidence: "summary in " + continuedID + ".jsonl names message l7000004"},
			{SessionID: compactedID, ParentMessageUUID: "l8000004", Relation: transcripts.RelContinuedFrom,
				Evidence: "the first line of " + compactedID + ".jsonl follows message l8000004"},
			{SessionID: copiedID, ParentID: originID, Relation: transcripts.RelResumedFrom,
				Evidence: "copied history in " + copiedID + ".jsonl"},
		},
		Problems: map[string][]string{
			prefix + "/projects/-work-bad/" + badID + ".jsonl": {transcripts.ProblemMalformed, transcripts.ProblemMalformed, transcripts.ProblemUnknownType},
		},
		UnknownLine:  `{"type":"hologram","sessionId":"x","payload":{"a":1}}`,
		ResultsFirst: resultsFirst,
		Check:        checkFixtureDetails,
	}
}
