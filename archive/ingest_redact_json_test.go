package archive

import (
	"encoding/json"
	"strings"
	"testing"

	"hansard/redact"
	"hansard/transcripts"
)

// The secrets of these tests are assembled at run time, so that no
// complete credential sits in the source.
var (
	testGitHubToken = "gh" + "p_" + "R8kq2Lm9Vx4Tz7Nw1Pb6Yc3Hd5Jf0Gs8Ue2A"
	testPassword    = "Vq8" + "rT2z" + "M9wLk4"
	testKeyLines    = []string{"MIIEowIBAAKCAQEA" + "q7Bf3Zk9Lm2Xv8Rt1Ny7Bm4Hc6Jd3Fg0Ks2Ue8Wa5Tq1Pz",
		"Zp9Lk2Qw8Xv5Rt1Ny7Bm4Hc6" + "Jd3Fg0Ks2Ue8Wa5Tq1Zp9Lk2Qw8Xv5Rt1Ny7Bm4Hc6Jd3F",
		"g0Ks2Ue8Wa5Tq1Zp9Lk2Qw8X" + "v5Rt1Ny7Bm4Hc6Jd3Fg0Ks2Ue8=="}
)

func testPrivateKey() []string {
	return append(append([]string{"-----BEGIN RSA " + "PRIVATE KEY-----"}, testKeyLines...), "-----END RSA "+"PRIVATE KEY-----")
}

// TestRedactJSONDecodedText checks that JSON is redacted as the text its
// strings decode to: a secret behind an escape (a line break before a
// token, escaped slashes in a URL, an escaped letter) is found, and the
// JSON keeps its structure, key order and untouched values.
func TestRedactJSONDecodedText(t *testing.T) {
	t.Parallel()
	red := redact.New().String
	for _, raw := range []string{
		`{"command":"cd app &&\n` + testGitHubToken + `","timeout":120000}`,
		`{"command":"git push\t` + testGitHubToken + `"}`,
		`{"url":"postgres:\/\/deploy:` + testPassword + `@db.internal\/app","n":1}`,
		`{"content":"token\u003d\u0022` + testGitHubToken[:3] + `\u005f` + testGitHubToken[4:] + `\u0022"}`,
		`{"arguments":"{\"cmd\":[\"bash\",\"-lc\",\"echo\\n` + testGitHubToken + `\"]}"}`,
	} {
		out := redactJSON(json.RawMessage(raw), red)
		if !json.Valid(out) {
			t.Fatalf("not JSON: %s", out)
		}
		text := jsonText(out)
		for _, secret := range []string{testGitHubToken, testPassword, testGitHubToken[4:]} {
			if strings.Contains(string(out), secret) || strings.Contains(text, secret) {
				t.Errorf("secret kept:\n in: %s\nout: %s", raw, out)
			}
		}
		if !strings.HasPrefix(string(out), raw[:strings.IndexByte(raw, ':')]) {
			t.Errorf("structure changed: %s", out)
		}
	}
	clean := json.RawMessage(`{"b":1,"a":"line\nnext \u00e9"}`)
	if out := redactJSON(clean, red); string(out) != string(clean) {
		t.Errorf("clean JSON changed: %s", out)
	}
}

// jsonText returns the text of every string in a JSON document, and of
// documents nested in its strings.
func jsonText(raw []byte) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString(x + "\n")
			b.WriteString(jsonText([]byte(x)))
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return b.String()
}

// TestRedactStateAfterEscapes checks the provider checkpoint state: a
// token at the start of a line of a pending call's input is redacted.
func TestRedactStateAfterEscapes(t *testing.T) {
	t.Parallel()
	state := []byte(`{"pending":{"toolu_1":{"input":{"command":"set -e\n` + testGitHubToken + ` push"}}}}`)
	out := redactState(nil, redact.New().String, state)
	if strings.Contains(string(out), testGitHubToken) || !json.Valid(out) {
		t.Fatalf("state: %s", out)
	}
}

// TestRedactEditAcrossLines checks that a private key written by an edit
// is redacted whole in its hunks and its patch, not only its BEGIN and END
// lines, and that hunks and patches keep their lines and prefixes.
func TestRedactEditAcrossLines(t *testing.T) {
	t.Parallel()
	key := testPrivateKey()
	var added, removed []string
	for _, l := range key {
		added = append(added, "+"+l)
		removed = append(removed, "-"+l)
	}
	hunkLines := append(append([]string{" const header = 1"}, removed...), added...)
	hunkLines = append(hunkLines, " const footer = 2")
	patch := "*** Begin Patch\n*** Add File: key.pem\n" + strings.Join(added, "\n") + "\n*** End Patch\n"
	unified := "--- a/key.pem\n+++ b/key.pem\n@@ -1,7 +1,7 @@\n" + strings.Join(hunkLines, "\n") + "\n"
	for _, p := range []string{patch, unified} {
		e := transcripts.Edit{Tool: "apply_patch", NewText: strings.Join(key, "\n") + "\n", Patch: p,
			Hunks: []transcripts.Hunk{{OldStart: 1, OldLines: 7, NewStart: 1, NewLines: 7, Lines: hunkLines}}}
		r, _ := copyRecord(transcripts.Record{Edit: &e}, redact.New().String)
		got := r.Edit
		all := got.NewText + got.Patch + strings.Join(got.Hunks[0].Lines, "\n")
		for _, l := range testKeyLines {
			if strings.Contains(all, l) {
				t.Fatalf("key line kept:\n%s", all)
			}
		}
		if n := len(got.Hunks[0].Lines); n != len(hunkLines) {
			t.Fatalf("hunk has %d lines, want %d", n, len(hunkLines))
		}
		for i, l := range got.Hunks[0].Lines {
			if l[0] != hunkLines[i][0] {
				t.Errorf("hunk line %d lost its prefix: %q", i, l)
			}
		}
		if got.Hunks[0].Lines[0] != hunkLines[0] || got.Hunks[0].Lines[len(hunkLines)-1] != hunkLines[len(hunkLines)-1] {
			t.Errorf("context changed: %q", got.Hunks[0].Lines)
		}
		if strings.Count(got.Patch, "\n") != strings.Count(p, "\n") || strings.Count(got.NewText, "\n") != len(key) {
			t.Errorf("patch or text lost lines:\n%s\n%s", got.Patch, got.NewText)
		}
		for _, l := range strings.Split(strings.TrimSuffix(got.Patch, "\n"), "\n") {
			if strings.Contains(l, "[redacted:") && l[0] != '+' && l[0] != '-' && l[0] != ' ' {
				t.Errorf("patch line lost its prefix: %q", l)
			}
		}
	}
}

// TestRecordedURLsWithoutUserinfo checks that a repository URL an agent
// recorded for its session is stored without its credentials.
func TestRecordedURLsWithoutUserinfo(t *testing.T) {
	t.Parallel()
	for _, red := range []func(string) string{nil, redact.New().String} {
		s := transcripts.Session{ID: "s1", GitRepoURL: "https://ci:" + testGitHubToken + "@github.com/o/r.git"}
		r, _ := copyRecord(transcripts.Record{Session: &s}, red)
		if r.Session.GitRepoURL != "https://github.com/o/r.git" {
			t.Errorf("stored %q", r.Session.GitRepoURL)
		}
	}
}
