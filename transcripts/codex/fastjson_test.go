package codex

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestUnquoteMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{
		`""`, `"plain"`, `"a\nb\t\"c\"\\d\/e\bf\fg\rh"`, `"\u00e9\u2019 \ud83d\ude00"`, `"lone \ud83d surrogate"`,
		`"low \ude00 first"`, `"\u0000"`, `"caf` + "\xc3\xa9" + `"`, `"bad ` + "\xff" + ` utf8"`, `"\uD83D\u0041"`,
	} {
		var want string
		if err := json.Unmarshal([]byte(s), &want); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		got, err := unquote([]byte(s))
		if err != nil || got != want {
			t.Errorf("unquote(%s) = %q, %v; want %q", s, got, err, want)
		}
	}
}

func FuzzUnquote(f *testing.F) {
	f.Add("a\nb\"\\\u2019\U0001F600")
	f.Fuzz(func(t *testing.T, s string) {
		b, _ := json.Marshal(s)
		var want string
		_ = json.Unmarshal(b, &want)
		if got, err := unquote(b); err != nil || got != want {
			t.Fatalf("unquote(%s) = %q, %v; want %q", b, got, err, want)
		}
	})
}

func TestSplitEnvelope(t *testing.T) {
	tests := []struct {
		line, ts, typ, payload string
		ok                     bool
	}{
		{`{"timestamp":"2026-01-01T00:00:00.000Z","type":"event_msg","payload":{"type":"x"}}`, "2026-01-01T00:00:00.000Z", "event_msg", `{"type":"x"}`, true},
		{`{"timestamp":"t","type":"response_item","payload":{"a":1},"extra":2}`, "t", "response_item", `{"a":1},"extra":2`, true}, // the decoder rejects it; the general path takes over
		{`{"type":"event_msg","timestamp":"t","payload":{}}`, "", "", "", false},
		{`{"timestamp":"t\"x","type":"a","payload":{}}`, "", "", "", false},
		{`{"timestamp":"t","type":"a","payload":null}`, "", "", "", false},
		{`{"timestamp":"t","type":"a"}`, "", "", "", false},
	}
	for _, tt := range tests {
		ts, typ, payload, ok := splitEnvelope([]byte(tt.line))
		if ok != tt.ok || ts != tt.ts || typ != tt.typ || string(payload) != tt.payload {
			t.Errorf("splitEnvelope(%s) = %q %q %s %v", tt.line, ts, typ, payload, ok)
		}
	}
	if got := peekType([]byte(`{"type":"token_count","info":null}`)); got != "token_count" {
		t.Errorf("peekType = %q", got)
	}
	if got := peekType([]byte(`{"info":null,"type":"token_count"}`)); got != "" {
		t.Errorf("peekType of a later key = %q", got)
	}
}

// TestEnvelopeLayouts checks that a record with its keys in another order,
// or with a key after the payload, parses like the usual layout.
func TestEnvelopeLayouts(t *testing.T) {
	usual := `{"timestamp":"2026-04-30T08:00:01.000Z","type":"event_msg","payload":{"type":"user_message","message":"hi"}}`
	for _, line := range []string{
		usual,
		`{"type":"event_msg","timestamp":"2026-04-30T08:00:01.000Z","payload":{"type":"user_message","message":"hi"}}`,
		`{"timestamp":"2026-04-30T08:00:01.000Z","type":"event_msg","payload":{"type":"user_message","message":"hi"},"seq":3}`,
		`{ "timestamp": "2026-04-30T08:00:01.000Z", "type": "event_msg", "payload": { "message": "hi", "type": "user_message" } }`,
	} {
		c, _ := parseString(t, metaLine+"\n"+line+"\n", zeroCheckpoint)
		m := c.Messages("0190aaaa-0000-7000-8000-0000000000b0")
		if len(c.Problems) != 0 || len(m) != 1 || m[0].Text != "hi" || m[0].Timestamp.IsZero() {
			t.Errorf("%s: problems %+v messages %+v", line, c.Problems, m)
		}
	}
	c, _ := parseString(t, metaLine+"\n"+strings.Replace(usual, `"hi"}}`, `"hi"`, 1)+"\n", zeroCheckpoint)
	if len(c.Problems) != 1 {
		t.Errorf("truncated payload: problems %+v", c.Problems)
	}
}
