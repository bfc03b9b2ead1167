package archive

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRedactState(t *testing.T) {
	secret := "tok" + "en-" + "SECRET"
	redact := func(s string) string { return strings.ReplaceAll(s, secret, "[redacted:test]") }

	clean := []byte(`{"next":3,"prompt":"hello"}`)
	if out := redactState(nil, redact, clean); string(out) != string(clean) {
		t.Fatalf("clean state changed: %s", out)
	}

	state := []byte(`{"next":3,"prompt":"use ` + secret + `","pending":[{"id":"c1","input":{"command":"curl -H ` + secret + `"}}]}`)
	out := redactState(nil, redact, state)
	if strings.Contains(string(out), secret) {
		t.Fatalf("secret kept: %s", out)
	}
	var v map[string]any
	if err := json.Unmarshal(out, &v); err != nil || v["next"] != float64(3) {
		t.Fatalf("redacted state is not the same JSON: %v %s", err, out)
	}

	if out := redactState(nil, redact, []byte("binary "+secret)); strings.Contains(string(out), secret) {
		t.Errorf("non-JSON state kept its secret: %q", out)
	}
	if out := redactState(nil, nil, state); string(out) != string(state) {
		t.Errorf("redaction off changed the state")
	}
}
