package codex

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestUnquoteMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	if got := peekType([]byte(`{"info":{"type":"inner"},"type":"token_count"}`)); got != "token_count" {
		t.Errorf("peekType of a later key = %q", got)
	}
	if got := peekType([]byte(`{"info":null,"type":"tok`)); got != "" {
		t.Errorf("peekType of a cut payload = %q", got)
	}
}

// TestEnvelopeLayouts checks that a record with its keys in another order,
// or with a key after the payload, parses like the usual layout.
func TestEnvelopeLayouts(t *testing.T) {
	t.Parallel()
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

func TestScanObject(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		keys string
		ok   bool
	}{
		{`{}`, "", true},
		{` { "a" : 1 , "b":"x\"}\\" ,"c":[1,{"d":"]"}],"e":{"f":null},"g":true} `, "a b c e g", true},
		{`{"a":1`, "a", false},
		{`{"a":"unterminated}`, "", false},
		{`{"a":[1,2}`, "", false},
		{`{"a":1}x`, "a", false},
		{`{"a" 1}`, "", false},
		{`{"a":}`, "", false},
		{`{"a":1,}`, "a", false},
		{`{"a":nul}`, "", false},
		{`[1]`, "", false},
	}
	for _, tt := range tests {
		var keys []string
		ok := scanObject([]byte(tt.in), func(k string, _ []byte) { keys = append(keys, k) })
		if ok != tt.ok || strings.Join(keys, " ") != tt.keys {
			t.Errorf("scanObject(%s) = %v %q, want %v %q", tt.in, ok, keys, tt.ok, tt.keys)
		}
	}
}

func TestScannedRecordsMatchDecoded(t *testing.T) {
	t.Parallel()
	out := []byte(`{"type":"function_call_output","call_id":"c1","output":"Exit code: 0\nOutput:\n\u00e9 \"q\"\n"}`)
	var want item
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	got, ok := scanOutput(out)
	if !ok || got.Type != want.Type || got.CallID != want.CallID || got.Output.Str != want.Output.Str {
		t.Errorf("scanOutput = %+v, want %+v", got, want)
	}
	end := []byte(`{"aggregated_output":"x\"}","call_id":"c2","command":["/bin/zsh","-lc","go test"],"cwd":"/r","exit_code":3,"type":"exec_command_end"}`)
	ev, ok := scanExecEnd(end)
	if !ok || ev.CallID != "c2" || ev.CWD != "/r" || ev.ExitCode == nil || *ev.ExitCode != 3 || string(ev.Command) != `["/bin/zsh","-lc","go test"]` {
		t.Errorf("scanExecEnd = %+v", ev)
	}
	if _, ok := scanExecEnd([]byte(`{"type":"exec_command_end","call_id":"c2","exit_code":`)); ok {
		t.Error("scanExecEnd accepted a cut payload")
	}
}

// FuzzScanObject checks that the scanner accepts every valid JSON object
// and finds the same keys as encoding/json.
func FuzzScanObject(f *testing.F) {
	f.Add(`{"type":"exec_command_end","call_id":"c","command":["a","b\""],"exit_code":-1,"x":{"y":[{}]}}`)
	f.Add(`{"a":"\\\\","b":1.5e3,"c":null}`)
	f.Fuzz(func(t *testing.T, s string) {
		var m map[string]json.RawMessage
		valid := json.Unmarshal([]byte(s), &m) == nil && m != nil
		keys := map[string]bool{}
		ok := scanObject([]byte(s), func(k string, _ []byte) { keys[k] = true })
		if valid && !ok {
			t.Fatalf("scanObject rejected a valid object %q", s)
		}
		if valid {
			for k := range m {
				if !keys[k] && !strings.Contains(s, `\`) && utf8.ValidString(s) {
					t.Fatalf("key %q not found in %q", k, s)
				}
			}
		}
	})
}
