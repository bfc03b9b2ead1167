package archive

import (
	"context"
	"testing"

	"hansard/fixtures/fakeagents"
)

// TestLocateTranscriptOfSeveralSessions locates lines of a file that holds
// one session after another: each line is in the session whose messages
// stand nearest before it, not in the first session of the file.
func TestLocateTranscriptOfSeveralSessions(t *testing.T) {
	t.Parallel()
	w := newFakeWorld(t, ".fake-lines/log.jsonl", fakeagents.NewLines())
	w.refresh(RefreshOptions{})
	for _, c := range []struct {
		line    int
		session string
		index   int
	}{
		{2, "log-1", 0},
		{3, "log-1", 1},
		{5, "log-2", 0},
		{6, "log-2", 0}, // the call recorded on the line
		{0, "log-1", -1},
	} {
		p, err := w.a.LocateTranscript(context.Background(), w.path, c.line)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		if p.SessionID != c.session || p.MessageIndex != c.index {
			t.Errorf("line %d: %s #%d, want %s #%d", c.line, p.SessionID, p.MessageIndex, c.session, c.index)
		}
	}
}
