package redact

import (
	"strings"
	"testing"
)

// nearMisses look like secrets to a careless scanner but are not.
func nearMisses() []string {
	sha1 := fake(50, 40, hexLow)
	sha256 := fake(51, 64, hexLow)
	return []string{
		"commit " + sha1,
		`{"commit_hash":"` + sha1 + `","branch":"main"}`,
		"sha256: " + sha256,
		"checksum=" + sha256,
		`"ghost_commit":{"id":"` + sha1 + `","parent":null}`,
		`{"sessionId":"2c965cfd-41e4-4e31-8339-2986ebced03c","uuid":"e947d144-88ef-4779-8fc9-3e0a66b9af9f"}`,
		`"id":"019b6b08-58f3-7580-9dca-fe3f30a10650"`,
		"echo '" + fake(52, 60, b64) + "' | base64 -d",
		"fixture := []byte(\"" + fake(53, 48, b64) + "\")",
		`{"requestId":"req_011CWZK2RivSenqBN7TadG9P","id":"toolu_01Az5RFXg2kqmCM5Ppu91oaU"}`,
		`"call_id": "call_v9Q3l1MbU4ekzzYLchhko0HL"`,
		`{"input_tokens":4079,"cached_input_tokens":3200,"output_tokens":34,"total_tokens":4113}`,
		"max_tokens=4096 temperature=0.2",
		"tokenizer = cl100k_base",
		"token := lexer.Next()",
		"tok, err := p.token()",
		"password = os.Getenv(\"DB_PASSWORD\")",
		"secret := cfg.Secret",
		"def login(user: str, password: str) -> bool:",
		"  token: string;",
		"if password == \"\" {",
		"if token != expected {",
		"Password: password,",
		"Token: tok.Value,",
		"passwordHash := hashPassword(pw)",
		"func (t *Token) String() string { return t.text }",
		"The password is stored in the vault and the token expires hourly.",
		"Password: required",
		"**Token**: set it in your environment",
		"secret_name: db-credentials",
		"/Users/dev/src/webapp/internal/auth/token_store.go:42:7",
		`import "github.com/BurntSushi/toml"`,
		"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc v1.24.0",
		`"version":"2.0.75","cli_version":"0.77.0"`,
		"v1.2.3-rc.1+build.5",
		"password=changeme",
		"token: ${GITHUB_TOKEN}",
		"api_key: <your-api-key>",
		"PASSWORD=********",
		"export OPENAI_API_KEY=your-api-key-here",
		`"password": "example-password"`,
		"postgres://user:password@localhost:5432/app",
		"https://user:${GIT_PASSWORD}@git.example.com/repo.git",
		"https://github.com/org/repo/pull/42",
		"ssh://git@github.com/org/repo.git",
		"http://localhost:8080/api/v1@latest",
		"git@github.com:org/repo.git",
		"disk-usage-report-for-the-quarterly-storage-review and risk-assessment",
		"the sk-learn docs",
		"eyJhbGciOi is how a JWT header starts",
		"ASIAN markets, AKIAN names",
		"The Asia-Pacific region",
		"npm_config_cache=/tmp/npm",
		"hf_hub_download(repo_id=\"bert-base-uncased\")",
		"key = \"Escape\"",
		"sort_key: name",
		"cache_key = user:42",
		`"key": "value"`,
		"-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
		"-----BEGIN PUBLIC KEY-----",
		"Authorization: Bearer $TOKEN",
		`"signature_count": 12, "passed": 48, "password_min_length": 12`,
		"TOKEN_TTL=3600",
		"--token-file=/run/secrets/token",
		"sk_test_ is the prefix of Stripe test keys",
		"auth: true",
		"--- PASS: TestUploadRetry (0.03s)\n--- FAIL: TestParse/empty (0.00s)",
		"PASS: tests/test_api.py::test_login",
		"password_file: /run/secrets/db",
		"token.ttl=3600s",
		"keyboard: Escape",
		"\t\tPrivateKey:  testRSA2048PrivateKey,\n\t\tearlySecret:  earlySecret,",
		"cfg := &Config{Password: pw, Token: tok}",
		"\tif sc.canonHeaderKeysSize+size <= http2maxCachedCanonicalHeadersKeysSize {",
		"weight: http2priorityDefaultWeightRFC7540,",
		`{name: "SaturateToUint16ConcatGroupedInt32x8", argLength: 1}`,
		`{"name": "GaloisFieldAffineTransformInverseUint8x16"}`,
		"\tLSH          ScanToken = -1000\n\tIMAGE_REL_ARM64_TOKEN = 0x000C\n\tKEY_SPEC_REQKEY_AUTH_KEY = -0x7",
		`t.Errorf("enc.EncodeToken: StartElement")`,
		`zipSum: "h1:` + fake(54, 43, b64) + `="`,
		"golang.org/x/sync v0.25.0 h1:" + fake(55, 43, b64) + "=",
		"level=INFO msg=granted token=REDACTED_TOKEN",
		`"integrity": "sha512-` + fake(56, 86, b64) + `=="`,
		`{"Action":"run","Test":"TestAddrStringAllocs/ipv4-in-ipv6+zone"}`,
		"k.PublicKey = test512KeyTwo.PublicKey",
		"RepoRoot: *root, Secrets: *secrets, Token: &tok}",
		`AccessToken:  "test-token", RefreshToken: "refresh-token", "access_token": "TOKEN-FOR-VICTIM"`,
		`"access_token": "new-access", "refresh_token": "single-use"`,
		`const fakeConnectionToken = "X-Fake-Connection-Token"`,
		`const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"`,
		"[redacted:password] and password=[redacted:password]",
	}
}

func TestNearMissesSurvive(t *testing.T) {
	r := New()
	for _, s := range nearMisses() {
		if got := r.String(s); got != s {
			t.Errorf("changed a near-miss:\n in: %q\nout: %q", s, got)
		}
	}
}

func TestNoSecretsReturnsSameString(t *testing.T) {
	r := New()
	s := strings.Repeat("plain text without anything to hide\n", 100)
	if got := r.String(s); got != s {
		t.Fatal("text changed")
	}
	b := []byte(s)
	if got := r.Bytes(b); &got[0] != &b[0] {
		t.Fatal("Bytes copied a clean slice")
	}
	if got := r.Bytes(nil); got != nil {
		t.Fatal("Bytes(nil) != nil")
	}
}

func TestCounts(t *testing.T) {
	r := New()
	ghp := cat("gh", "p_", fake(3, 36, alnum))
	s := "a=" + ghp + "\nb=" + ghp + "\npassword: " + cat("hun", "ter2") + "\n"
	counts := Counts{}
	out := r.StringCounts(s, counts)
	if counts[KindGitHub] != 2 || counts[KindPassword] != 1 || len(counts) != 2 {
		t.Fatalf("counts = %v (%q)", counts, out)
	}
}

func TestFindSpans(t *testing.T) {
	r := New()
	pw := cat("s3", "cr3t", "Pw")
	s := "url postgres://app:" + pw + "@db/x and more"
	ms := r.Find(s)
	if len(ms) != 1 || s[ms[0].Start:ms[0].End] != pw || ms[0].Kind != KindURLPassword {
		t.Fatalf("Find = %+v", ms)
	}
}

func TestOverlapsMerge(t *testing.T) {
	r := New()
	// The assigned value and the provider token cover the same bytes: one
	// redaction, named by the more specific kind.
	ghp := cat("gh", "p_", fake(3, 36, alnum))
	got := r.String(`{"token":"` + ghp + `"}`)
	if got != `{"token":"`+Placeholder(KindGitHub)+`"}` {
		t.Fatalf("got %q", got)
	}
}

func TestTruncatedInput(t *testing.T) {
	r := New()
	// Secrets cut at the end of the text, and keywords at the very end,
	// must not panic or read past the end.
	ghp := cat("gh", "p_", fake(3, 36, alnum))
	for _, s := range []string{"password", "password=", "password=\"abc", "x://", "://", "-----BEGIN", "@tcp(", "Authorization: Bearer",
		ghp[:10], "token: '", "\\", "sk-", "eyJ", "hooks.slack.com/", "k=" + fake(1, 40, b64)} {
		_ = r.String(s)
		for i := range len(s) {
			_ = r.String(s[:i])
		}
	}
}

func TestManyKeyHeadersStayLinear(t *testing.T) {
	r := New()
	// Thousands of BEGIN lines without an END line: each is redacted, and
	// the scan does not search the same window again for every one.
	header := cat("-----BEGIN ", "RSA PRIVATE KEY-----")
	s := strings.Repeat(header+" !\n", 20000)
	got := r.String(s)
	if strings.Contains(got, header) {
		t.Fatal("a key header survived")
	}
	// Two blocks sharing no END search state still end at their own END.
	pem := cat(header, "\n", fake(60, 64, b64), "\n-----END RSA ", "PRIVATE KEY-----")
	two := pem + "\nbetween\n" + pem
	// Each block keeps its three lines.
	block := strings.Repeat(Placeholder(KindPrivateKey)+"\n", 2) + Placeholder(KindPrivateKey)
	if got := r.String(two); got != block+"\nbetween\n"+block {
		t.Fatalf("got %q", got)
	}
}

func TestScanRunsFindsEveryLongRun(t *testing.T) {
	// Compare with a plain byte-by-byte scan on text with runs of every
	// length around the threshold.
	var b strings.Builder
	for n := 1; n < 80; n++ {
		b.WriteString(fake(uint64(n), n, b64))
		b.WriteString([]string{" ", ".", "\n", "\"", ":"}[n%5])
	}
	s := b.String()
	for _, minLen := range []int{1, 2, 16, 32, 33} {
		var got, want [][2]int
		scanRuns(s, minLen, func(i, j int) { got = append(got, [2]int{i, j}) })
		for i := 0; i < len(s); {
			j := i
			for j < len(s) && b64Byte[s[j]] {
				j++
			}
			if j-i >= minLen {
				want = append(want, [2]int{i, j})
			}
			i = j + 1
		}
		if len(got) != len(want) {
			t.Fatalf("minLen %d: %d runs, want %d", minLen, len(got), len(want))
		}
		for k := range got {
			if got[k] != want[k] {
				t.Fatalf("minLen %d: run %d = %v, want %v", minLen, k, got[k], want[k])
			}
		}
	}
}
