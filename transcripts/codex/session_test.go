package codex

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"hansard/transcripts"
)

// TestForkCopyBurst checks that a long copied history (lines close to each
// other, longer than a second in all) is skipped up to the first pause.
func TestForkCopyBurst(t *testing.T) {
	const fork, origin = "0190aaaa-0000-7000-8000-0000000000b0", "0190aaaa-0000-7000-8000-0000000000b9"
	at := time.Date(2026, 4, 30, 8, 0, 0, 0, time.UTC)
	line := func(d time.Duration, typ, payload string) string {
		return fmt.Sprintf(`{"timestamp":%q,"type":%q,"payload":%s}`, at.Add(d).Format("2006-01-02T15:04:05.000Z"), typ, payload)
	}
	prompt := func(d time.Duration, text string) string {
		return line(d, "event_msg", `{"type":"user_message","message":"`+text+`"}`)
	}
	lines := []string{
		line(0, "session_meta", `{"id":"`+fork+`","forked_from_id":"`+origin+`","cwd":"/r"}`),
		line(10*time.Millisecond, "session_meta", `{"id":"`+origin+`","cwd":"/r"}`),
	}
	for i := range 6 {
		lines = append(lines, prompt(time.Duration(i+1)*600*time.Millisecond, fmt.Sprintf("copied %d", i)))
	}
	lines = append(lines, prompt(10*time.Second, "own"), prompt(10*time.Second+time.Millisecond, "own again"))
	c, _ := parseString(t, strings.Join(lines, "\n")+"\n", zeroCheckpoint)
	var texts []string
	for _, m := range c.Messages(fork) {
		texts = append(texts, m.Text)
	}
	if fmt.Sprint(texts) != "[own own again]" {
		t.Errorf("messages %q", texts)
	}
	s := c.SessionsByID[fork]
	if s.ParentID != origin || s.Relation != transcripts.RelForkedFrom {
		t.Errorf("session %+v", s)
	}
}
