package codex

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

const (
	metaLine   = `{"timestamp":"2026-04-30T08:00:00.000Z","type":"session_meta","payload":{"id":"0190aaaa-0000-7000-8000-0000000000b0","cwd":"/r","cli_version":"0.125.0"}}`
	promptLine = `{"timestamp":"2026-04-30T08:00:01.000Z","type":"event_msg","payload":{"type":"user_message","message":"hello"}}`
	badPath    = "/h/.codex/sessions/2026/04/30/rollout-2026-04-30T08-00-00-0190aaaa-0000-7000-8000-0000000000b0.jsonl"
)

var zeroCheckpoint transcripts.Checkpoint

func parseString(t *testing.T, data string, cp transcripts.Checkpoint) (*providertest.Collector, transcripts.Checkpoint) {
	t.Helper()
	return parseBytes(t, []byte(data), cp)
}

func parseBytes(t *testing.T, data []byte, cp transcripts.Checkpoint) (*providertest.Collector, transcripts.Checkpoint) {
	t.Helper()
	src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: badPath, Class: transcripts.ClassMain}
	return providertest.ParseFrom(t, Provider{}, src, data, cp)
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		lines    []string
		problems string // kinds in order
		messages int
	}{
		{"malformed JSON", []string{metaLine, `{"timestamp":"x","type":"event_msg","payload":{"type":`, promptLine}, "[malformed]", 1},
		{"binary garbage", []string{metaLine, "\x00\x01\xff\xfe\x7f", promptLine}, "[malformed]", 1},
		{"JSON values that are not objects", []string{metaLine, "null", "[1,2]", `"s"`, "42", promptLine}, "[malformed malformed malformed malformed]", 1},
		{"payload that is not an object", []string{metaLine, `{"timestamp":"2026-04-30T08:00:01.000Z","type":"response_item","payload":"text"}`, promptLine}, "[malformed]", 1},
		{"unknown envelope type", []string{metaLine, `{"timestamp":"2026-04-30T08:00:01.000Z","type":"hologram","payload":{}}`, promptLine}, "[unknown_type]", 1},
		{"unknown legacy type", []string{metaLine, `{"type":"hologram"}`, `{}`, promptLine}, "[unknown_type unknown_type]", 1},
		{"unknown payload types are skipped silently", []string{metaLine,
			`{"timestamp":"2026-04-30T08:00:01.000Z","type":"response_item","payload":{"type":"teleport_call","x":1}}`,
			`{"timestamp":"2026-04-30T08:00:01.000Z","type":"event_msg","payload":{"type":"teleported"}}`,
			`{"timestamp":"2026-04-30T08:00:01.000Z","type":"world_state","payload":{"state":{}}}`, promptLine}, "[]", 1},
		{"fields of unexpected types", []string{metaLine,
			`{"timestamp":"2026-04-30T08:00:01.000Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":5,"call_id":7}}`,
			`{"timestamp":"2026-04-30T08:00:01.000Z","type":"event_msg","payload":{"type":"user_message","message":{"text":"odd"}}}`, promptLine}, "[]", 3},
		{"blank lines", []string{metaLine, "", "   ", promptLine}, "[]", 1},
		{"empty file", nil, "[]", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := ""
			if tt.lines != nil {
				data = strings.Join(tt.lines, "\n") + "\n"
			}
			c, cp := parseString(t, data, transcripts.Checkpoint{})
			var kinds []string
			for _, p := range c.Problems {
				kinds = append(kinds, p.Kind)
			}
			if got := "[" + strings.Join(kinds, " ") + "]"; got != tt.problems {
				t.Errorf("problems %s, want %s (%+v)", got, tt.problems, c.Problems)
			}
			if n := len(c.MessagesByKey); n != tt.messages {
				t.Errorf("%d messages, want %d", n, tt.messages)
			}
			if cp.Offset != int64(len(data)) || cp.Line != len(tt.lines) {
				t.Errorf("checkpoint %d/%d, want %d/%d", cp.Offset, cp.Line, len(data), len(tt.lines))
			}
		})
	}
}

func TestHugeLine(t *testing.T) {
	t.Parallel()
	data := providertest.Repeated(metaLine+"\n"+`{"timestamp":"2026-04-30T08:00:01.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c","output":"`,
		'x', transcripts.MaxLineBytes, `"}}`+"\n"+promptLine+"\n")
	c, cp := parseBytes(t, data, transcripts.Checkpoint{})
	if len(c.Problems) != 1 || c.Problems[0].Kind != transcripts.ProblemOversized || c.Problems[0].Line != 2 {
		t.Fatalf("problems %+v", c.Problems)
	}
	if m := c.Messages("0190aaaa-0000-7000-8000-0000000000b0"); len(m) != 1 || m[0].Line != 3 {
		t.Fatalf("messages after the huge line %+v", m)
	}
	if cp.Line != 3 || cp.Offset != int64(len(data)) {
		t.Fatalf("checkpoint %+v", cp)
	}
}

func TestTornLastLine(t *testing.T) {
	t.Parallel()
	full := metaLine + "\n" + promptLine + "\n"
	torn := full[:len(full)-20]
	c, cp := parseString(t, torn, transcripts.Checkpoint{})
	if cp.Line != 1 || cp.Offset != int64(len(metaLine)+1) || len(c.MessagesByKey) != 0 || len(c.Problems) != 0 {
		t.Fatalf("torn: checkpoint %+v, %d messages, problems %+v", cp, len(c.MessagesByKey), c.Problems)
	}
	c2, cp2 := parseString(t, full, cp)
	if cp2.Line != 2 || len(c2.MessagesByKey) != 1 {
		t.Fatalf("completed: checkpoint %+v, %d messages", cp2, len(c2.MessagesByKey))
	}
	if m := c2.Messages("0190aaaa-0000-7000-8000-0000000000b0"); m[0].Index != 0 || m[0].Line != 2 || !m[0].Human {
		t.Fatalf("message %+v", m[0])
	}
}

func TestParseFailures(t *testing.T) {
	t.Parallel()
	src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: badPath}
	data := metaLine + "\n" + promptLine + "\n"

	t.Run("sink error", func(t *testing.T) {
		boom := errors.New("boom")
		_, err := Provider{}.Parse(context.Background(), src, strings.NewReader(data), transcripts.Checkpoint{},
			func(transcripts.Record) error { return boom })
		if !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("cancelled context", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := Provider{}.Parse(ctx, src, strings.NewReader(data), transcripts.Checkpoint{}, func(transcripts.Record) error { return nil })
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("corrupt state", func(t *testing.T) {
		_, err := Provider{}.Parse(context.Background(), src, bytes.NewReader(nil), transcripts.Checkpoint{State: []byte("{")},
			func(transcripts.Record) error { return nil })
		if err == nil {
			t.Fatal("no error for a corrupt checkpoint state")
		}
	})
}

func TestInterruptedTurn(t *testing.T) {
	t.Parallel()
	lines := []string{
		metaLine, promptLine,
		`{"timestamp":"2026-04-30T08:00:02.000Z","type":"response_item","payload":{"type":"custom_tool_call","call_id":"c1","name":"apply_patch","input":"*** Begin Patch\n*** Add File: /r/a.txt\n+a\n*** End Patch"}}`,
		`{"timestamp":"2026-04-30T08:00:03.000Z","type":"event_msg","payload":{"type":"turn_aborted","reason":"interrupted"}}`,
	}
	c, cp := parseString(t, strings.Join(lines, "\n")+"\n", zeroCheckpoint)
	e := c.Edits()
	if len(e) != 1 || e[0].Status != transcripts.EditPending || e[0].NewText != "a\n" {
		t.Fatalf("edits %+v", e)
	}
	if bytes.Contains(cp.State, []byte(`"pending"`)) {
		t.Fatalf("an interrupted call is kept in the state: %s", cp.State)
	}
}

// TestEarlyBounded checks that outputs whose calls never come do not make
// the checkpoint grow without bound. 100 outputs of 64 KB (6.4 MB) are
// twice what the state may hold: kept without bound, they fail the check.
func TestEarlyBounded(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	sb.WriteString(metaLine + "\n" + promptLine + "\n")
	content := strings.Repeat("x", 64<<10)
	for i := range 100 {
		fmt.Fprintf(&sb, `{"timestamp":"2026-04-30T08:00:02.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_%d","output":"%s"}}`+"\n", i, content)
	}
	_, cp := parseString(t, sb.String(), zeroCheckpoint)
	if len(cp.State) > 3*transcripts.MaxEarlyBytes {
		t.Errorf("state of %d bytes after 100 outputs without calls", len(cp.State))
	}
}
