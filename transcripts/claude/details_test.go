package claude

import (
	"fmt"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// checkFixtureDetails checks what the conformance suite does not: titles,
// roles and kinds, joined messages, commands and todos of the fixtures.
func checkFixtureDetails(t *testing.T, c *providertest.Collector) {
	t.Run("Sessions", func(t *testing.T) {
		cases := []struct {
			id, title string
			fromAgent bool
			cwd       string
			branches  string
			models    string
			version   string
		}{
			{legacyID, "Rename the config loader", true, "/work/legacy", "[main]", "[claude-sonnet-4-5]", "1.0.98"},
			{webappID, "add upload retry", false, "/work/webapp", "[fix/retry main]", "[claude-sonnet-4-5]", "2.0.60"},
			{webappID + "/agent-a1b2c3d", "Review /work/webapp/retry.go and make it loop", false, "/work/webapp", "[fix/retry]", "[claude-haiku-4-5]", "2.0.60"},
			{apiID + "/agent-5e6f7a8b9c0d1e2f3", "Extract store", true, "/work/api", "[main]", "[claude-sonnet-4-5]", "2.1.30"},
			{titleID, "Token refresh fix", true, "/work/api", "[fix/token-refresh]", "[claude-opus-4-7]", "2.1.120"},
			{resumedID, "Add upload retry", true, "/work/webapp", "[fix/retry]", "[claude-sonnet-4-5]", "2.0.61"},
			{badID, "hello", false, "/work/bad", "[]", "[claude-sonnet-4-5]", "2.1.30"},
		}
		for _, w := range cases {
			s := c.SessionsByID[w.id]
			got := fmt.Sprintf("%q %v %s %v %v %s", s.Title, s.TitleFromAgent, s.CWD, s.Branches, s.Models, s.Version)
			want := fmt.Sprintf("%q %v %s %s %s %s", w.title, w.fromAgent, w.cwd, w.branches, w.models, w.version)
			if got != want {
				t.Errorf("session %s:\n got %s\nwant %s", w.id, got, want)
			}
			if s.StartedAt.IsZero() || s.EndedAt.Before(s.StartedAt) || s.Provider != transcripts.ProviderClaude {
				t.Errorf("session %s: times %v..%v provider %q", w.id, s.StartedAt, s.EndedAt, s.Provider)
			}
		}
	})
	t.Run("Messages", func(t *testing.T) {
		cases := []struct {
			session string
			index   int
			// want is "role kind human line uuid parent", then a prefix of
			// the text, then the tool call ids and the model.
			want string
		}{
			{legacyID, 0, "user  true 3 a1000003  rename loadConfig [] "},
			{legacyID, 1, "assistant  false 4 a1000004 a1000003 I'll rename it [toolu_A1] claude-sonnet-4-5"},
			{legacyID, 2, "tool  false 5 a1000005 a1000004 Applied 2 edits [] "},
			{legacyID, 10, "tool  false 15 a1000015 a1000012 cmd/main.go calls [] "},
			{legacyID, 13, "user meta false 18 a1000018 a1000017 <command-name>/cost [] "},
			{legacyID + "/sidechain-51000013", 0, "user  false 13 51000013  Find the callers [] "},
			{webappID, 1, "assistant  false 3 b0000006 b0000002 Adding a retry helper [toolu_B1 toolu_B2] claude-sonnet-4-5"},
			{webappID, 2, "tool  false 7 b0000007 b0000005 The file /work/webapp/upload.go [] "},
			{apiID, 9, "system event false 13 d0000010 d0000009 conversation compacted (auto, 171435 tokens before): Conversation compacted [] "},
			{apiID, 10, "user compact_summary false 14 d0000011 d0000010 This session is being continued [] "},
			{apiID, 11, "system event false 15 d0000012 d0000011 API error (retry 1 of 10) [] "},
			{apiID, 12, "assistant  false 17 d0000014 d0000013  [toolu_D5] claude-sonnet-4-5"},
			{titleID, 5, "user  true 9 h0000007 h0000004 no: rename refresh [] "},
			{resumedID, 0, "user  true 4 e5000001 b0000011 now add a test [] "},
		}
		for _, w := range cases {
			m, ok := c.MessagesByKey[providertest.MessageKey{SessionID: w.session, Index: w.index}]
			if !ok {
				t.Errorf("message %s#%d missing", w.session, w.index)
				continue
			}
			got := fmt.Sprintf("%s %s %v %d %s %s", m.Role, m.Kind, m.Human, m.Line, m.UUID, m.ParentUUID)
			if !strings.HasPrefix(w.want, got+" ") {
				t.Errorf("message %s#%d: got %q, want %q", w.session, w.index, got, w.want)
			}
			rest := strings.TrimPrefix(w.want, got+" ")
			if i := strings.LastIndex(rest, " ["); i >= 0 {
				text, calls := rest[:i], rest[i+1:]
				if !strings.HasPrefix(m.Text, text) {
					t.Errorf("message %s#%d: text %q, want prefix %q", w.session, w.index, m.Text, text)
				}
				if g := fmt.Sprintf("%v %s", m.ToolCallIDs, m.Model); g != calls {
					t.Errorf("message %s#%d: calls and model %q, want %q", w.session, w.index, g, calls)
				}
			}
		}
	})
	t.Run("Commands", func(t *testing.T) {
		cases := []struct{ session, call, want string }{
			{legacyID, "toolu_A6", "go test ./... exit=1 test=true fail cwd=/work/legacy"},
			{apiID, "toolu_D5", "cd /work/api && go test ./auth/... exit=0 test=true pass cwd=/work/api"},
		}
		for _, w := range cases {
			cmd := c.CommandsByKey[providertest.CallKey{SessionID: w.session, ToolCallID: w.call}]
			code := "nil"
			if cmd.ExitCode != nil {
				code = fmt.Sprint(*cmd.ExitCode)
			}
			if got := fmt.Sprintf("%s exit=%s test=%v %s cwd=%s", cmd.Command, code, cmd.IsTest, cmd.TestStatus, cmd.CWD); got != w.want {
				t.Errorf("command %s: %s, want %s", w.call, got, w.want)
			}
			tc := c.ToolCallsByKey[providertest.CallKey{SessionID: w.session, ToolCallID: w.call}]
			if !tc.HasResult || tc.ExitCode == nil || *tc.ExitCode != *cmd.ExitCode || tc.ResultLine == 0 {
				t.Errorf("tool call %s: %+v", w.call, tc)
			}
		}
	})
	t.Run("Todos", func(t *testing.T) {
		cases := []struct{ session, call, want string }{
			{legacyID, "toolu_A2", "1:Rename the loader:completed 2:Run the tests:pending"},
			{apiID, "toolu_D1", "1:Extract the token store:pending"},
			{webappID, "toolu_B4", ":Add jitter to retry:pending :Document retry:in_progress"},
			{apiID, "toolu_D3", "1:Extract the token store:in_progress 2:Add store tests:pending"},
			{apiID, "toolu_D6", "1:Extract the token store:completed 2:Add store tests:pending"},
		}
		for _, w := range cases {
			snap, ok := c.TodosByKey[providertest.CallKey{SessionID: w.session, ToolCallID: w.call}]
			var parts []string
			for i, it := range snap.Items {
				if it.Seq != i || it.ToolCallID != w.call {
					t.Errorf("todos %s: item %d has seq %d call %s", w.call, i, it.Seq, it.ToolCallID)
				}
				parts = append(parts, it.ItemID+":"+it.Text+":"+it.Status)
			}
			if got := strings.Join(parts, " "); !ok || got != w.want {
				t.Errorf("todos %s: %q, want %q", w.call, got, w.want)
			}
		}
		if n := len(c.Todos()); n != 6 {
			t.Errorf("%d todo snapshots, want 6 (2 TodoWrite, 2 TaskCreate, 2 TaskUpdate)", n)
		}
	})
	t.Run("Hunks", func(t *testing.T) {
		e := c.EditsByKey[providertest.EditKey{SessionID: webappID, ToolCallID: "toolu_B1"}]
		if len(e.Hunks) != 1 || e.Hunks[0].OldStart != 3 || e.Hunks[0].NewLines != 3 || len(e.Hunks[0].Lines) != 4 || e.Hunks[0].Lines[2][0] != '+' {
			t.Errorf("hunks of toolu_B1: %+v", e.Hunks)
		}
		multi := c.EditsByKey[providertest.EditKey{SessionID: legacyID, ToolCallID: "toolu_A1", Seq: 1}]
		if !multi.ReplaceAll || multi.Tool != "MultiEdit" || multi.Hunks != nil || multi.CWD != "/work/legacy" {
			t.Errorf("second MultiEdit edit: %+v", multi)
		}
	})
}
