package claude

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

const (
	goodUser = `{"type":"user","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"u1","timestamp":"2026-03-01T10:00:00Z","cwd":"/w","message":{"role":"user","content":"hello"}}`
	goodAsst = `{"type":"assistant","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"u2","parentUuid":"u1","timestamp":"2026-03-01T10:00:01Z","message":{"id":"m1","role":"assistant","model":"claude-x","content":[{"type":"text","text":"hi"}]}}`
)

var badSource = transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/nowhere/77777777-7777-4777-8777-777777777777.jsonl", Class: transcripts.ClassMain}

func parseString(t *testing.T, data string, cp transcripts.Checkpoint) (*providertest.Collector, transcripts.Checkpoint) {
	t.Helper()
	return providertest.ParseFrom(t, New(), badSource, []byte(data), cp)
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		data     string
		messages int
		problems string // kinds, space-separated
	}{
		{"empty file", "", 0, ""},
		{"blank lines", "\n  \n\t\n", 0, ""},
		{"malformed JSON", goodUser + "\n" + `{"type":"user","message":{` + "\n" + goodAsst + "\n", 2, "malformed"},
		{"binary garbage", "\x00\x01\xff\xfe\x80garbage\n" + goodUser + "\n\xde\xad\xbe\xef\n", 1, "malformed malformed"},
		{"not an object", "[1,2]\n\"text\"\n42\n" + goodUser + "\n", 1, "malformed malformed malformed"},
		{"unknown type", `{"type":"hologram","sessionId":"x"}` + "\n" + goodUser + "\n", 1, "unknown_type"},
		{"bridge session", `{"type":"bridge-session","sessionId":"77777777-7777-4777-8777-777777777777","bridgeSessionId":"cse_01Ab","lastSequenceNum":0}` + "\n" + goodUser + "\n", 1, ""},
		{"missing type", `{"sessionId":"x","uuid":"u0"}` + "\n" + goodUser + "\n", 1, "unknown_type"},
		{"unknown fields and blocks", strings.Replace(goodAsst, `"content":[`, `"futureField":{"a":[1,{"b":null}]},"content":[{"type":"future_block","x":1},`, 1) + "\n", 1, ""},
		{"content of an odd type", strings.Replace(goodUser, `"hello"`, `42`, 1) + "\n" + goodAsst + "\n", 1, ""},
		{"message of an odd type", strings.Replace(goodUser, `{"role":"user","content":"hello"}`, `"hello"`, 1) + "\n" + goodAsst + "\n", 1, ""},
		{"bad timestamp", strings.Replace(goodUser, "2026-03-01T10:00:00Z", "yesterday", 1) + "\n", 1, ""},
		{"CRLF line ends", goodUser + "\r\n" + goodAsst + "\r\n", 2, ""},
		{"result without its call", goodUser + "\n" + `{"type":"user","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"u3","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_gone","content":"ok"}]}}` + "\n", 2, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, cp := parseString(t, tc.data, transcripts.Checkpoint{})
			var kinds []string
			for _, p := range c.Problems {
				kinds = append(kinds, p.Kind)
			}
			if got := strings.Join(kinds, " "); got != tc.problems {
				t.Errorf("problems %q (%+v), want %q", got, c.Problems, tc.problems)
			}
			if n := len(c.MessagesByKey); n != tc.messages {
				t.Errorf("%d messages, want %d", n, tc.messages)
			}
			if cp.Offset != int64(len(tc.data)) {
				t.Errorf("checkpoint offset %d, want %d", cp.Offset, len(tc.data))
			}
		})
	}
}

func TestHugeLine(t *testing.T) {
	t.Parallel()
	data := providertest.Repeated(goodUser+"\n"+`{"type":"user","message":{"role":"user","content":"`, 'x', transcripts.MaxLineBytes+1,
		`"}}`+"\n"+goodAsst+"\n")
	c, cp := providertest.ParseFrom(t, New(), badSource, data, transcripts.Checkpoint{})
	if len(c.Problems) != 1 || c.Problems[0].Kind != transcripts.ProblemOversized || c.Problems[0].Line != 2 {
		t.Fatalf("problems %+v, want one oversized at line 2", c.Problems)
	}
	if len(c.MessagesByKey) != 2 || cp.Line != 3 || cp.Offset != int64(len(data)) {
		t.Fatalf("%d messages, checkpoint %+v", len(c.MessagesByKey), cp)
	}
}

func TestTruncatedFile(t *testing.T) {
	t.Parallel()
	full := goodUser + "\n" + goodAsst + "\n"
	cut := len(goodUser) + 1 + len(goodAsst)/2
	c, cp := parseString(t, full[:cut], transcripts.Checkpoint{})
	if len(c.MessagesByKey) != 1 || len(c.Problems) != 0 || cp.Offset != int64(len(goodUser)+1) || cp.Line != 1 {
		t.Fatalf("torn tail: %d messages, problems %+v, checkpoint %+v", len(c.MessagesByKey), c.Problems, cp)
	}
	// The file stays truncated (no newline ever comes): still nothing more.
	c2, cp2 := parseString(t, full[:cut], cp)
	if c2.Records != 0 || cp2.Offset != cp.Offset {
		t.Fatalf("re-read of the torn tail: %d records, checkpoint %+v", c2.Records, cp2)
	}
	c3, cp3 := parseString(t, full, cp2)
	m, ok := c3.MessagesByKey[providertest.MessageKey{SessionID: "77777777-7777-4777-8777-777777777777", Index: 1}]
	if !ok || m.Text != "hi" || m.Line != 2 || cp3.Offset != int64(len(full)) {
		t.Fatalf("completed line: %+v checkpoint %+v", m, cp3)
	}
}

func TestUnreadableState(t *testing.T) {
	t.Parallel()
	data := goodUser + "\n" + goodAsst + "\n"
	off := int64(len(goodUser) + 1)
	c, _ := parseString(t, data, transcripts.Checkpoint{Offset: off, Line: 1, State: []byte("{not json")})
	if len(c.MessagesByKey) != 1 || len(c.Problems) != 0 {
		t.Fatalf("after an unreadable state: %d messages, problems %+v", len(c.MessagesByKey), c.Problems)
	}
}

type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

func TestParseErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("disk on fire")
	_, err := New().Parse(context.Background(), badSource, io.MultiReader(strings.NewReader(goodUser+"\n"), failingReader{boom}), transcripts.Checkpoint{}, (&providertest.Collector{}).Sink())
	if !errors.Is(err, boom) {
		t.Errorf("read error: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = New().Parse(ctx, badSource, strings.NewReader(goodUser+"\n"), transcripts.Checkpoint{}, (&providertest.Collector{}).Sink())
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
	sinkErr := errors.New("archive full")
	_, err = New().Parse(context.Background(), badSource, bytes.NewReader([]byte(goodUser+"\n")), transcripts.Checkpoint{},
		func(transcripts.Record) error { return sinkErr })
	if !errors.Is(err, sinkErr) {
		t.Errorf("sink error: got %v", err)
	}
}

// TestPendingBounded checks that calls that never get a result do not make
// the checkpoint grow without bound. 100 calls of 64 KB (6.4 MB) are three
// times what the state may hold: kept without bound, they fail the check.
func TestPendingBounded(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	sb.WriteString(goodUser + "\n")
	content := strings.Repeat("x", 64<<10)
	for i := range 100 {
		fmt.Fprintf(&sb, `{"type":"assistant","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"a%d","message":{"id":"m%d","role":"assistant","content":[{"type":"tool_use","id":"toolu_%d","name":"Write","input":{"file_path":"/w/f","content":"%s"}}]}}`+"\n", i, i, i, content)
	}
	c, cp := parseString(t, sb.String(), transcripts.Checkpoint{})
	if len(cp.State) > 2*maxPendingBytes {
		t.Errorf("state of %d bytes after 100 unanswered calls", len(cp.State))
	}
	if n := len(c.EditsByKey); n != 100 {
		t.Errorf("%d edits, want 100 (pending)", n)
	}
}

// TestEarlyBounded checks that results whose calls never come do not make
// the checkpoint grow without bound. 100 results of 64 KB (6.4 MB) are
// three times what the state may hold: kept without bound, they fail the
// check.
func TestEarlyBounded(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	sb.WriteString(goodUser + "\n")
	content := strings.Repeat("x", 64<<10)
	for i := range 100 {
		fmt.Fprintf(&sb, `{"type":"user","sessionId":"77777777-7777-4777-8777-777777777777","uuid":"r%d","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_%d","content":"%s"}]}}`+"\n", i, i, content)
	}
	_, cp := parseString(t, sb.String(), transcripts.Checkpoint{})
	if len(cp.State) > 2*transcripts.MaxEarlyBytes {
		t.Errorf("state of %d bytes after 100 results without calls", len(cp.State))
	}
}
