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
	t.Parallel()
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

// twinEvent and twinItem are an event_msg and a response_item message.
func twinEvent(sec int, typ, text string) string {
	return fmt.Sprintf(`{"timestamp":"2026-04-30T08:00:%02d.000Z","type":"event_msg","payload":{"type":%q,"message":%q}}`, sec, typ, text)
}

func twinItem(sec int, role, text string) string {
	kind := "input_text"
	if role == "assistant" {
		kind = "output_text"
	}
	return fmt.Sprintf(`{"timestamp":"2026-04-30T08:00:%02d.000Z","type":"response_item","payload":{"type":"message","role":%q,"content":[{"type":%q,"text":%q}]}}`, sec, role, kind, text)
}

func TestPromptTwins(t *testing.T) {
	t.Parallel()
	ev, item := twinEvent, twinItem
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

// TestPromptTwinsAcrossRedactedState splits a file between the two copies
// of a prompt holding a secret and redacts the checkpoint state, as the
// archive stores it: the second copy is still known as the twin.
func TestPromptTwinsAcrossRedactedState(t *testing.T) {
	t.Parallel()
	secret := "sk-" + "proj-Zq81XbVd0Lw2Km5Rt7Yp3Nc6Hs4Fg9Jq"
	prompt := "deploy with " + secret
	for _, lines := range [][]string{
		{twinEvent(1, "user_message", prompt), twinItem(1, "user", prompt+"\n<image name=[Image #1]>")},
		{twinItem(1, "user", prompt+"\n<image name=[Image #1]>"), twinEvent(1, "user_message", prompt)},
	} {
		first := metaLine + "\n" + lines[0] + "\n"
		all := first + lines[1] + "\n"
		whole, _ := parseString(t, all, zeroCheckpoint)
		got, cp := parseString(t, first, zeroCheckpoint)
		cp.State = []byte(strings.ReplaceAll(string(cp.State), secret, "[redacted:openai]"))
		rest, _ := parseString(t, all, cp)
		for k, m := range rest.MessagesByKey {
			got.MessagesByKey[k] = m
		}
		if n, want := len(got.MessagesByKey), len(whole.MessagesByKey); n != want || want != 1 {
			t.Errorf("%d messages after a redacted checkpoint, %d in one parse, want 1: %+v", n, want, got.MessagesByKey)
		}
	}
}

// TestTwinStateOfOlderParser reads a checkpoint state that kept the last
// prompt's text, as states written before digests did.
func TestTwinStateOfOlderParser(t *testing.T) {
	t.Parallel()
	first := metaLine + "\n" + twinEvent(1, "user_message", "hi") + "\n"
	_, cp := parseString(t, first, zeroCheckpoint)
	st, err := loadState(cp.State)
	if err != nil {
		t.Fatal(err)
	}
	st.DupUser = dup{Text: "hi", FromEvent: true}
	if cp.State, err = st.encode(); err != nil {
		t.Fatal(err)
	}
	c, _ := parseString(t, first+twinItem(1, "user", "hi")+"\n", cp)
	if len(c.MessagesByKey) != 0 {
		t.Errorf("the twin of a prompt read by an older parser was indexed: %+v", c.MessagesByKey)
	}
}

// TestOwnSessionNotFromCopiedMeta reads a rollout whose first session_meta
// is another thread's, its history copied in before the file's own
// records: the session is the thread the file is named for, resumed from
// the other one, and the copied records are not its own.
func TestOwnSessionNotFromCopiedMeta(t *testing.T) {
	t.Parallel()
	const own, origin = "0190aaaa-0000-7000-8000-0000000000b0", "0190aaaa-0000-7000-8000-0000000000b9"
	lines := []string{
		`{"timestamp":"2026-04-30T08:00:00.000Z","type":"session_meta","payload":{"id":"` + origin + `","cwd":"/r","cli_version":"0.125.0"}}`,
		twinEvent(0, "user_message", "copied prompt"),
		twinEvent(30, "user_message", "own prompt"),
	}
	c, _ := parseString(t, strings.Join(lines, "\n")+"\n", zeroCheckpoint)
	s, ok := c.SessionsByID[own]
	if len(c.SessionsByID) != 1 || !ok {
		t.Fatalf("sessions %+v, want only %s", c.Sessions(), own)
	}
	if s.ParentID != origin || s.Relation != transcripts.RelResumedFrom {
		t.Errorf("linked to %q (%s), want resumed_from %s", s.ParentID, s.Relation, origin)
	}
	if m := c.Messages(own); len(m) != 1 || m[0].Text != "own prompt" {
		t.Errorf("messages %+v", m)
	}
}

func TestTwinDigests(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		first, then string
		twin        bool
	}{
		{"look at this", "look at this", true},
		{"look at this", "look at this\n<image name=[Image #1]>", true},
		{"look at this\n<image name=[Image #1]>", "look at this", true},
		{"look at this [Image #1] [Image #2]", "look at this", true},
		{"look at th", "look at this", true}, // the first is a prefix of the second
		{"look at these", "look at this", false},
		{"look at this", "look at that", false},
		{"a b c d e f g h i j k l m n o p q r s", "a", false}, // more words added than a twin has
	} {
		d := newDup(tc.first, true)
		if got := d.twin(tc.then); got != tc.twin {
			t.Errorf("%q then %q: twin %v, want %v", tc.first, tc.then, got, tc.twin)
		}
	}
}
