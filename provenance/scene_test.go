package provenance

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
	"hansard/provenance/gitrepo/gittest"
	"hansard/transcripts"
)

// scene plays a story of agent edits, human edits and commits on a real
// repository, filing every agent edit in a MemStore.
type scene struct {
	t     *testing.T
	g     *gittest.Repo
	store *MemStore
	now   time.Time
	calls int
}

func newScene(t *testing.T) *scene {
	g := gittest.New(t)
	return &scene{t: t, g: g, store: NewMemStore(), now: time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)}
}

func (s *scene) tick() time.Time {
	at := s.now
	s.now = s.now.Add(10 * time.Second)
	return at
}

func (s *scene) read(path string) (string, bool) {
	b, err := os.ReadFile(filepath.Join(s.g.Dir, path))
	if err != nil {
		return "", false
	}
	return string(b), true
}

// file records an edit as the agent's and writes its result.
func (s *scene) file(session string, e transcripts.Edit, path, content string) LedgerEntry {
	s.t.Helper()
	s.calls++
	e.SessionID, e.ToolCallID, e.MessageIndex = session, "call-"+string(rune('a'+s.calls%26))+strings.Repeat("x", s.calls/26), s.calls
	e.File, e.Status, e.Timestamp = filepath.Join(s.g.Dir, path), transcripts.EditOK, s.tick()
	entry, ok := NewEntry(e, transcripts.ProviderClaude, s.g.Dir, path, nil)
	if !ok {
		s.t.Fatal("edit not evidence")
	}
	s.store.Add(entry)
	s.g.Write(path, content)
	return entry
}

// write is an agent's whole-file Write (diffed against the file's content).
func (s *scene) write(session, path, content string) LedgerEntry {
	old, exists := s.read(path)
	e := transcripts.Edit{Tool: "Write", Op: transcripts.OpCreate, NewText: content}
	if exists {
		e.Op, e.OldText = transcripts.OpUpdate, old
	}
	return s.file(session, e, path, content)
}

// edit is an agent's Edit replacing oldFrag with newFrag.
func (s *scene) edit(session, path, oldFrag, newFrag string) LedgerEntry {
	s.t.Helper()
	cur, _ := s.read(path)
	if !strings.Contains(cur, oldFrag) {
		s.t.Fatalf("%s does not contain %q", path, oldFrag)
	}
	e := transcripts.Edit{Tool: "Edit", Op: transcripts.OpUpdate, OldText: oldFrag, NewText: newFrag}
	return s.file(session, e, path, strings.Replace(cur, oldFrag, newFrag, 1))
}

// failed records a failed edit that must not count.
func (s *scene) failed(session, path, content string) {
	e := transcripts.Edit{SessionID: session, ToolCallID: "failed", Tool: "Write", Op: transcripts.OpCreate,
		NewText: content, Status: transcripts.EditFailed, Timestamp: s.tick()}
	if entry, ok := NewEntry(e, transcripts.ProviderClaude, s.g.Dir, path, nil); ok {
		s.store.Add(entry)
	}
}

// human writes a file without any archived edit.
func (s *scene) human(path, content string) {
	s.tick()
	s.g.Write(path, content)
}

func (s *scene) commit(msg string) string {
	s.g.Now = s.tick()
	return s.g.Commit(msg)
}

// humanCommit is a person's whole content of a file, then a commit.
type humanCommit struct{ path, content, msg string }

// humanCommits makes the commits human and commit would, at the same
// times, in one git fast-import instead of a git process or two each.
func (s *scene) humanCommits(cs ...humanCommit) {
	s.t.Helper()
	snaps := make([]gittest.Snapshot, len(cs))
	for i, c := range cs {
		s.tick() // human
		content := c.content
		snaps[i] = gittest.Snapshot{Time: s.tick(), Message: c.msg + "\n", Files: map[string]*string{c.path: &content}}
	}
	s.g.FastImport(snaps)
	s.g.Now = snaps[len(snaps)-1].Time.Add(time.Minute)
}

// why attributes every line of path in the working tree.
func (s *scene) why(path string) []Attribution {
	s.t.Helper()
	return s.whyAt(path, "")
}

func (s *scene) whyRange(path string, start, end int) []Attribution {
	s.t.Helper()
	return s.query(path, "", start, end)
}

func (s *scene) whyAt(path, rev string) []Attribution {
	s.t.Helper()
	return s.query(path, rev, 0, 0)
}

func (s *scene) query(path, rev string, start, end int) []Attribution {
	s.t.Helper()
	ctx := context.Background()
	repo, err := gitrepo.Open(s.g.Dir)
	if err != nil {
		s.t.Fatal(err)
	}
	lines, err := repo.Blame(ctx, path, gitrepo.BlameOptions{Rev: rev})
	if err != nil {
		s.t.Fatal(err)
	}
	hist, err := repo.PathHistory(ctx, rev, path)
	if err != nil {
		s.t.Fatal(err)
	}
	a := &Attributor{Ledger: s.store, Shell: s.store, Trailers: s.store, Location: time.FixedZone("CET", 3600)}
	out, err := a.Attribute(ctx, FileBlame{Repo: repo.Root, Path: path, Lines: lines, History: hist, Start: start, End: end,
		Origins: GitOrigins(repo, path, rev, nil)})
	if err != nil {
		s.t.Fatal(err)
	}
	return out
}

// lineOf returns the attribution of the n-th line (1-based) whose text
// contains substr.
func lineOf(t *testing.T, as []Attribution, substr string, n int) Attribution {
	t.Helper()
	for _, a := range as {
		if strings.Contains(a.Text, substr) {
			if n--; n == 0 {
				return a
			}
		}
	}
	t.Fatalf("no line %q", substr)
	return Attribution{}
}

// expect checks a line's status and session ("" for no edit).
func expect(t *testing.T, as []Attribution, substr string, n int, status, session string) Attribution {
	t.Helper()
	a := lineOf(t, as, substr, n)
	got := ""
	if a.Edit != nil {
		got = a.Edit.SessionID
	}
	if a.Status != status || got != session {
		t.Errorf("line %d %q: status %s session %q (%s), want %s %q", a.Line, a.Text, a.Status, got, a.Reason, status, session)
	}
	return a
}

// expectReason reports an answer whose reason does not mention substr.
func expectReason(t *testing.T, a Attribution, substr string) {
	t.Helper()
	if !strings.Contains(a.Reason, substr) {
		t.Errorf("line %d %q: reason = %q, want it to mention %q", a.Line, a.Text, a.Reason, substr)
	}
}
