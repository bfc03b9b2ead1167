package redact

import (
	"strings"
	"testing"
)

// TestTokensAfterJSONEscapes checks every prefix-based kind at the start of
// a line inside JSON-encoded text, where the byte before the token is the
// letter of an escape (\n, \t, \r) or the last digit of \u0020.
func TestTokensAfterJSONEscapes(t *testing.T) {
	r := New()
	for _, c := range secretCorpus() {
		if !prefixKind(c.kind) {
			continue
		}
		for _, esc := range []string{`\n`, `\t`, `\r`, `\u0020`, `\r\n`} {
			text := `{"command":"echo start` + esc + c.secret + `\nmore"}`
			if got := r.String(text); strings.Contains(got, c.secret) {
				t.Errorf("%s after %s survived: %q", c.name, esc, got)
			}
		}
	}
}

// prefixKind reports the kinds recognized by their prefix alone.
func prefixKind(kind string) bool {
	switch kind {
	case KindAWSAccessKey, KindGitHub, KindGitLab, KindSlack, KindStripe, KindOpenAI, KindAnthropic, KindGoogle,
		KindNPM, KindPyPI, KindTwilio, KindSendGrid, KindHuggingFace, KindJWT, KindShopify, KindDiscord:
		return true
	}
	return false
}

// TestKeysAfterJSONEscapes checks that an escape before a key is not read
// as part of the key's name ("\tapi_key" is api_key, not "tapi_key").
func TestKeysAfterJSONEscapes(t *testing.T) {
	r := New()
	v := cat("Zq7", "rT2x", "Lm9w") // too short for a weakly named key
	for _, key := range []string{"api_key", "access_key", "private_key", "password", "token"} {
		for _, esc := range []string{`\n`, `\t`, `\u0020`} {
			text := `{"content":"[default]` + esc + key + `=` + v + `\n"}`
			if got := r.String(text); strings.Contains(got, v) {
				t.Errorf("%s after %s survived: %q", key, esc, got)
			}
		}
	}
}
