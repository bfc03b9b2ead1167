package redact

import (
	"encoding/json"
	"strings"
	"testing"

	"hansard/fixtures/gen"
	"hansard/fixtures/planted"
)

// idempotenceTexts are the planted-secrets corpus (every kind, near-misses),
// the package's own corpus and the generator's secrets, each alone, as a Go
// constant (as the generator writes them into files), between lines, and
// with CRLF line ends.
func idempotenceTexts(t *testing.T) []string {
	var base []string
	for _, k := range planted.Kinds() {
		for seed := uint64(1); seed < 4; seed++ {
			text, _ := k.Make(seed)
			base = append(base, text)
		}
	}
	base = append(base, planted.NearMisses()...)
	for _, c := range secretCorpus() {
		base = append(base, c.text)
	}
	st, err := gen.Write(t.TempDir(), gen.Options{Sessions: 4, TargetBytes: 400 << 10, Seed: 23, Secrets: 24})
	if err != nil {
		t.Fatal(err)
	}
	base = append(base, st.Secrets...)
	var texts []string
	for _, s := range base {
		texts = append(texts, s, "const localSettings = `"+s+"`\n", "before\n"+s+"\nafter",
			strings.ReplaceAll("before\n"+s+"\nafter", "\n", "\r\n"))
	}
	return texts
}

// TestRedactionIsIdempotent checks that redacting redacted text changes
// nothing, and that a text gets the same result whether it is redacted
// once, or first while JSON-encoded (once, or twice as in JSON nested in a
// string, as the archive redacts a tool call's input or a provider's state)
// and again once decoded: a private key keeps one placeholder per line
// whichever way it went.
func TestRedactionIsIdempotent(t *testing.T) {
	r := New()
	for _, text := range idempotenceTexts(t) {
		want := r.String(text)
		if got := r.String(want); got != want {
			t.Errorf("redacting again changed the text:\n%q\n%q", want, got)
		}
		for _, depth := range []int{1, 2} {
			enc := text
			for range depth {
				enc = jsonString(t, enc)
			}
			dec := r.String(enc)
			for range depth {
				if err := json.Unmarshal([]byte(dec), &dec); err != nil {
					t.Fatalf("redaction broke the JSON of %q: %v\n%s", text, err, r.String(enc))
				}
			}
			if got := r.String(dec); got != want {
				t.Errorf("redacted JSON-encoded (depth %d) differs from redacted once:\n%q\n%q", depth, got, want)
			}
		}
	}
}

// TestPrivateKeyInEncodedText is the case of a Write whose content holds a
// private key in a Go raw string: redacted in the call's JSON input, the
// key keeps its lines, so the content is the one redacted on its own.
func TestPrivateKeyInEncodedText(t *testing.T) {
	key := cat("-----BEGIN OPENSSH ", "PRIVATE KEY-----\n", fake(61, 64, b64), "\n", fake(62, 24, b64), "\n-----END OPENSSH ", "PRIVATE KEY-----")
	content := "package store\n\nconst localSettings = `" + key + "`\n"
	p := Placeholder(KindPrivateKey)
	want := "package store\n\nconst localSettings = `" + p + "\n" + p + "\n" + p + "\n" + p + "`\n"
	if got := New().String(content); got != want {
		t.Fatalf("content:\n%q\nwant\n%q", got, want)
	}
	in := jsonString(t, content)
	if got, enc := New().String(in), jsonString(t, want); got != enc {
		t.Fatalf("encoded content:\n%s\nwant\n%s", got, enc)
	}
	crlf := strings.ReplaceAll(content, "\n", "\r\n")
	if got, enc := New().String(jsonString(t, crlf)), jsonString(t, strings.ReplaceAll(want, "\n", "\r\n")); got != enc {
		t.Fatalf("encoded CRLF content:\n%s\nwant\n%s", got, enc)
	}
}

func jsonString(t *testing.T, s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
