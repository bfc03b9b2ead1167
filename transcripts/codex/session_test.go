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

func TestPromptTwins(t *testing.T) {
	ev := func(sec int, typ, text string) string {
		return fmt.Sprintf(`{"timestamp":"2026-04-30T08:00:%02d.000Z","type":"event_msg","payload":{"type":%q,"message":%q}}`, sec, typ, text)
	}
	item := func(sec int, role, text string) string {
		kind := "input_text"
		if role == "assistant" {
			kind = "output_text"
		}
		return fmt.Sprintf(`{"timestamp":"2026-04-30T08:00:%02d.000Z","type":"response_item","payload":{"type":"message","role":%q,"content":[{"type":%q,"text":%q}]}}`, sec, role, kind, text)
	}
	lines := []string{
		metaLine,
		ev(1, "user_message", "look at this"), item(1, "user", "look at this\n<image name=[Image #1]>"), // one prompt, tagged in the item
		ev(2, "agent_message", "ok"), item(2, "assistant", "ok"),
		item(3, "user", "yes"), ev(3, "user_message", "yes"), // item first
		ev(4, "agent_message", "done"), item(4, "assistant", "done"),
		ev(5, "user_message", "yes"), // the same words again in a new turn
	}
	c, _ := parseString(t, strings.Join(lines, "\n")+"\n", zeroCheckpoint)
	var got []string
	for _, m := range c.Messages("0190aaaa-0000-7000-8000-0000000000b0") {
		got = append(got, m.Role+":"+m.Text)
	}
	if fmt.Sprint(got) != "[user:look at this assistant:ok user:yes assistant:done user:yes]" {
		t.Errorf("messages %q", got)
	}
}
