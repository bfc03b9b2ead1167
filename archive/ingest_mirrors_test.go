package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The mirror fixture: a parent whose subagent is known from its
// agent_progress lines only.
const (
	mirrorParent  = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
	mirrorSession = mirrorParent + "/agent-m1a2b3c4d5e6f7a8b"
	mirrorFixture = "../fixtures/claude/projects/-work-mirror/" + mirrorParent + ".jsonl"
)

// subagentFile is the subagent's own transcript for the mirror fixture:
// the same first messages under the same uuids, and one the parent's
// copies lack.
func subagentFile() string {
	lines := []string{
		`{"parentUuid":null,"isSidechain":true,"agentId":"m1a2b3c4d5e6f7a8b","type":"user","message":{"role":"user","content":"Search the code for RetryBudgetConfig and report its file"},"uuid":"m0000001","timestamp":"2026-03-20T10:00:02.000Z","cwd":"/work/mirror","sessionId":"` + mirrorParent + `","version":"2.1.80"}`,
		`{"parentUuid":"m0000001","isSidechain":true,"agentId":"m1a2b3c4d5e6f7a8b","type":"assistant","message":{"id":"msg_S1","role":"assistant","model":"claude-haiku-4-5","content":[{"type":"text","text":"OwnFileOnlyMarker: looking for RetryBudgetConfig"}]},"uuid":"m0000002","timestamp":"2026-03-20T10:00:03.000Z","cwd":"/work/mirror","sessionId":"` + mirrorParent + `","version":"2.1.80"}`,
	}
	return strings.Join(lines, "\n") + "\n"
}

// mirrorHome lays out the parent transcript (and the subagent's own file
// when withFile) under home.
func mirrorHome(t *testing.T, home string, withFile bool) {
	t.Helper()
	b, err := os.ReadFile(mirrorFixture)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(home, ".claude", "projects", "-work-mirror")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, mirrorParent+".jsonl"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	if withFile {
		sub := filepath.Join(dir, mirrorParent, "subagents")
		if err := os.MkdirAll(sub, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "agent-m1a2b3c4d5e6f7a8b.jsonl"), []byte(subagentFile()), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// sessionMessages returns the texts of a session's messages, in order.
func sessionMessages(t *testing.T, a *Archive, id string) []string {
	t.Helper()
	ms, err := a.Messages(context.Background(), id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

func searchSessions(t *testing.T, a *Archive, match string) map[string]bool {
	t.Helper()
	got := map[string]bool{}
	for _, search := range []func(context.Context, string, SearchFilter) ([]TextHit, error){a.SearchMessages, a.SearchResults, a.SearchInputs, a.SearchFullResults} {
		hits, err := search(context.Background(), match, SearchFilter{IncludeSubagents: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			got[h.SessionID] = true
		}
	}
	return got
}

// TestMirrorSessionIndexed: with no file of its own, the subagent's
// session is built from the parent's copies, searchable and linked.
func TestMirrorSessionIndexed(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	mirrorHome(t, home, false)
	a := indexHome(t, home)
	if got := sessionMessages(t, a, mirrorSession); len(got) != 6 || !strings.Contains(got[5], "I capped MaxRetries") {
		t.Fatalf("mirror messages %q", got)
	}
	if got := searchSessions(t, a, `"CappedBudgetMarker"`); !got[mirrorSession] {
		t.Errorf("the mirror's Edit input is not found: %v", got)
	}
	if n := count(t, a.db, `SELECT count(*) FROM session_links WHERE session_id = ? AND parent_id = ? AND parent_tool_call_id = 'toolu_M1'`, mirrorSession, mirrorParent); n != 1 {
		t.Errorf("%d links to the spawning call", n)
	}
}

// TestMirrorReplacedByOwnFile: the subagent's own file replaces the
// mirror whether it comes after the parent or is there from the start,
// and a re-read of the parent does not bring the mirror back.
func TestMirrorReplacedByOwnFile(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, a *Archive) {
		t.Helper()
		got := sessionMessages(t, a, mirrorSession)
		if len(got) != 2 || !strings.HasPrefix(got[1], "OwnFileOnlyMarker") {
			t.Errorf("subagent messages %q, want the own file's", got)
		}
		if n := count(t, a.db, `SELECT count(*) FROM sessions WHERE id LIKE ?`, mirrorSession+"%"); n != 1 {
			t.Errorf("%d sessions of the subagent, want 1", n)
		}
		if hits := searchSessions(t, a, `"CappedBudgetMarker"`); hits[mirrorSession] {
			t.Errorf("the mirror's text is still found")
		}
		if hits := searchSessions(t, a, `"OwnFileOnlyMarker"`); !hits[mirrorSession] {
			t.Errorf("the own file's text is not found")
		}
		if n := count(t, a.db, `SELECT count(*) FROM session_links WHERE session_id = ? AND parent_id = ?`, mirrorSession, mirrorParent); n != 1 {
			t.Errorf("%d links to the parent", n)
		}
	}
	t.Run("FileAppearsLater", func(t *testing.T) {
		home := t.TempDir()
		mirrorHome(t, home, false)
		a := indexHome(t, home)
		if got := sessionMessages(t, a, mirrorSession); len(got) != 6 {
			t.Fatalf("mirror messages %q", got)
		}
		mirrorHome(t, home, true)
		refreshHome(t, a, home)
		check(t, a)
		// The parent grows: its copies stay out.
		f, err := os.OpenFile(filepath.Join(home, ".claude", "projects", "-work-mirror", mirrorParent+".jsonl"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(`{"type":"progress","sessionId":"` + mirrorParent + `","cwd":"/work/mirror","uuid":"late1","timestamp":"2026-03-20T10:01:00Z","parentToolUseID":"toolu_M1","data":{"type":"agent_progress","agentId":"m1a2b3c4d5e6f7a8b","prompt":"","message":{"type":"assistant","uuid":"m0000099","timestamp":"2026-03-20T10:01:00Z","message":{"id":"msg_S9","role":"assistant","content":[{"type":"text","text":"LateCopyMarker"}]}}}}` + "\n")
		f.Close()
		refreshHome(t, a, home)
		check(t, a)
		if hits := searchSessions(t, a, `"LateCopyMarker"`); len(hits) != 0 {
			t.Errorf("a later copy is indexed: %v", hits)
		}
		// A rebuild reads every file again, in whatever order.
		if _, err := a.Refresh(context.Background(), realProviders(), homeEnv(home), RefreshOptions{Rebuild: true}); err != nil {
			t.Fatal(err)
		}
		check(t, a)
	})
	t.Run("FileFromTheStart", func(t *testing.T) {
		for _, workers := range []int{1, 4} { // one worker reads the parent first
			home := t.TempDir()
			mirrorHome(t, home, true)
			check(t, indexHomeWith(t, home, RefreshOptions{Workers: workers}))
		}
	})
	t.Run("FileBeforeParent", func(t *testing.T) {
		home := t.TempDir()
		mirrorHome(t, home, true)
		parent := filepath.Join(home, ".claude", "projects", "-work-mirror", mirrorParent+".jsonl")
		b, err := os.ReadFile(parent)
		if err != nil {
			t.Fatal(err)
		}
		os.Remove(parent)
		a := indexHome(t, home)
		if err := os.WriteFile(parent, b, 0o600); err != nil {
			t.Fatal(err)
		}
		refreshHome(t, a, home)
		check(t, a)
	})
}
