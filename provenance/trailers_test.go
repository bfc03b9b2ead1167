package provenance

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// trailer files session as named by a trailer of commit, started at
// started.
func (s *scene) trailer(commit, session string, started time.Time) {
	s.store.AddTrailerSessions(commit, TrailerSession{SessionID: session, Provider: "codex", Title: "title of " + session,
		Started: started, MessageIndex: 4, Time: started.Add(time.Minute), Trailer: "Session-Id: " + session})
}

// trailedCommit commits the working tree with a Session-Id trailer for
// each of sessions, filed as started at the commit plus started.
func (s *scene) trailedCommit(subject string, started time.Duration, sessions ...string) string {
	s.g.Now = s.tick()
	at := s.g.Now
	msg := subject + "\n"
	for i, id := range sessions {
		if i == 0 {
			msg += "\n"
		}
		msg += "\nSession-Id: " + id
	}
	c := s.g.Commit(msg)
	for _, id := range sessions {
		s.trailer(c, id, at.Add(started))
	}
	return c
}

// TestTrailerExplainsLines checks that the lines of a commit that no edit
// wrote are possible for the session its trailer names, unless the
// session started after the commit or another session's edit wrote lines
// of that commit; and that a line an edit wrote keeps its edit.
func TestTrailerExplainsLines(t *testing.T) {
	s := newScene(t)
	s.human("app.go", funcA)
	s.trailedCommit("agent work", -time.Hour, "s1")
	a := expect(t, s.why("app.go"), "strings.ToLower", 1, StatusPossible, "s1")
	expectReason(t, a, "the commit's trailer names this session: `Session-Id: s1`")
	if a.Edit.Tool != toolTrailer || a.Edit.MessageIndex != 4 || a.Edit.SessionTitle != "title of s1" || a.Edit.SessionStarted == "" {
		t.Errorf("edit = %+v", a.Edit)
	}

	// A session that started after the commit did not make it.
	s.now = s.now.Add(time.Hour)
	s.human("app.go", funcA+funcB)
	s.trailedCommit("later", time.Hour, "s2")
	expect(t, s.why("app.go"), "strings.ToUpper", 1, StatusNone, "")

	// Another session's edit wrote lines of the commit: its other lines
	// are not the named session's.
	s.now = s.now.Add(time.Hour)
	s.write("s3", "app.go", funcA+funcB+funcExtra)
	s.human("app.go", funcA+funcB+funcExtra+"\nvar Version = \"1.0.0-dev\"\n")
	s.trailedCommit("mixed", -2*time.Hour, "s4")
	out := s.why("app.go")
	expect(t, out, "Version", 1, StatusNone, "")
	expect(t, out, "strings.ToLower", 1, StatusPossible, "s1")
}

const funcExtra = `
func Extra(s string) string {
	return strings.Repeat(s, 3) + "extra"
}
`

// TestTrailersOfTwoSessionsConflict checks that a commit whose trailers
// name two sessions makes its unexplained lines conflicting.
func TestTrailersOfTwoSessionsConflict(t *testing.T) {
	s := newScene(t)
	s.human("app.go", funcA)
	s.trailedCommit("pair", -time.Hour, "s1", "s2")
	a := lineOf(t, s.why("app.go"), "strings.ToLower", 1)
	if a.Status != StatusConflicting || len(a.Candidates) != 2 || !strings.Contains(a.Reason, "several sessions") {
		t.Errorf("answer = %+v", a)
	}
}

func TestSessionIDs(t *testing.T) {
	const id = "7d3c1a52-9e4b-4c1f-8a2d-5b6e7f8a9b0c"
	for _, tc := range []struct {
		value string
		want  []string
	}{
		{id, []string{id}},
		{"https://example.com/sessions/" + id + "?tab=1", []string{id, "sessions"}},
		{"rollout-2025-01-02T10-11-12-" + id + ".jsonl", []string{id, "rollout-2025-01-02T10-11-12-" + id}},
		{"ses_01HZXABCDEF short", []string{"ses_01HZXABCDEF"}},
		{"Claude <noreply@anthropic.com>", []string{"anthropic"}},
		{"b5a37dc3d0fe", []string{"b5a37dc3d0fe"}},
		{"tiny", nil},
	} {
		if got := sessionIDs(tc.value); !slices.Equal(got, tc.want) {
			t.Errorf("sessionIDs(%q) = %q, want %q", tc.value, got, tc.want)
		}
	}
}
