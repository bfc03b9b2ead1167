package redact

import (
	"strings"
	"testing"
)

// TestRedactsShellPasswords checks passwords given to commands in their
// own syntax: curl's user:password, mysql's -pPASSWORD, docker login -p.
func TestRedactsShellPasswords(t *testing.T) {
	r := New()
	pw := cat("Zq7", "rT2x", "Lm9w")
	for _, c := range []struct{ text, keep string }{
		{"curl -u admin:" + pw + " https://api.internal/v1/jobs", "curl -u admin:"},
		{"curl -sS --user deploy:" + pw + " -X POST https://ci/hook", "--user deploy:"},
		{`curl -u "admin:` + pw + `" https://x`, `curl -u "admin:`},
		{"mysql -uroot -p" + pw + " app < dump.sql", "mysql -uroot -p"},
		{"mysqldump -h db -u app -p" + pw + " app > app.sql", "mysqldump -h db -u app -p"},
		{"docker login -u ci -p " + pw + " registry.example.io", "docker login -u ci -p "},
		{"docker login registry.gitlab.com --username ci -p '" + pw + "'", "--username ci -p '"},
		{"echo start\\ncurl -u admin:" + pw + " https://x", "curl -u admin:"},
	} {
		got := r.String(c.text)
		if strings.Contains(got, pw) {
			t.Errorf("password survived: %q", got)
		}
		if !strings.Contains(got, c.keep) || !strings.Contains(got, Placeholder(KindPassword)) {
			t.Errorf("want %q kept and a password redaction: %q", c.keep, got)
		}
	}
}

// TestRedactsMoreProviderTokens checks Discord bot tokens, Shopify access
// tokens and Stripe webhook secrets, wherever they stand.
func TestRedactsMoreProviderTokens(t *testing.T) {
	r := New()
	// A Discord token's first part is the bot's id in base64.
	discord := cat("MTE5", "NzY1NDMyMTA5ODc2NTQzMjE", ".", fake(71, 6, urlSafe), ".", fake(72, 38, urlSafe))
	shopify := cat("shp", "at_", fake(73, 32, hexLow))
	shopifyCustom := cat("shp", "ca_", fake(74, 32, hexLow))
	whsec := cat("wh", "sec_", fake(75, 32, alnum))
	for _, c := range []struct{ text, secret, kind string }{
		{"client.run('" + discord + "')", discord, KindDiscord},
		{"the bot token is " + discord + " for now", discord, KindDiscord},
		{"Authorization: Bot " + discord, discord, KindDiscord},
		{"X-Shopify-Access-Token: " + shopify, shopify, KindShopify},
		{"use " + shopifyCustom + " for the store", shopifyCustom, KindShopify},
		{"stripe listen secret " + whsec, whsec, KindStripe},
		{`endpoint_secret = "` + whsec + `"`, whsec, KindStripe},
	} {
		got := r.String(c.text)
		if strings.Contains(got, c.secret) {
			t.Errorf("secret survived: %q", got)
		}
		if !strings.Contains(got, Placeholder(c.kind)) {
			t.Errorf("want kind %s: %q", c.kind, got)
		}
	}
}

// TestKeepsWhatIsNoSecret checks values that are test data, documented
// examples, ids or blobs, which redaction used to hide.
func TestKeepsWhatIsNoSecret(t *testing.T) {
	r := New()
	png := "iVBORw0KGgoAAAANSUhEUgAA" + fake(76, 4000, b64)
	jpeg := "/9j/4AAQSkZJRgABAQAAAQABAAD" + fake(77, 3000, b64)
	sig := "EqQBCkgIBxABGAIiQH" + fake(78, 600, b64)
	for _, s := range []string{
		`password: "test"`,
		`{"password": "test"}`,
		`login(user="u", password="testpass")`,
		"aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
		"export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
		"AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"token: 2c965cfd-41e4-4e31-8339-2986ebced03c",
		`{"token": "e947d144-88ef-4779-8fc9-3e0a66b9af9f"}`,
		`{"type":"image","source":{"type":"base64","media_type":"image/png","data":"` + png + `"}}`,
		`{"data": "` + jpeg + `"}`,
		"data:image/png;base64," + png,
		`{"type":"thinking","thinking":"Let me look.","signature":"` + sig + `"}`,
	} {
		if got := r.String(s); got != s {
			t.Errorf("changed:\n in: %.200q\nout: %.200q", s, got)
		}
	}
}

// TestMultiLineSecretsKeepLines checks that a secret spanning lines is
// replaced line by line: the text keeps its line count, so that the lines
// of a file, a diff or an edit still line up.
func TestMultiLineSecretsKeepLines(t *testing.T) {
	r := New()
	body := []string{fake(80, 64, b64), fake(81, 64, b64), fake(82, 20, b64) + "=="}
	pem := cat("-----BEGIN ", "RSA PRIVATE KEY-----\n", strings.Join(body, "\n"), "\n-----END RSA ", "PRIVATE KEY-----")
	text := "before\n" + pem + "\nafter\n"
	got := r.String(text)
	if strings.Count(got, "\n") != strings.Count(text, "\n") {
		t.Fatalf("line count changed: %q", got)
	}
	want := "before\n" + strings.Repeat(Placeholder(KindPrivateKey)+"\n", 5) + "after\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if b := string(r.Bytes([]byte(text))); b != got {
		t.Errorf("Bytes = %q", b)
	}
	// Lines redacts lines as one text.
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	out := r.Lines(lines)
	if len(out) != len(lines) {
		t.Fatalf("Lines gave %d lines for %d", len(out), len(lines))
	}
	for i, l := range out {
		for _, b := range body {
			if strings.Contains(l, b) {
				t.Errorf("line %d kept a key line: %q", i, l)
			}
		}
	}
	if out[0] != "before" || out[len(out)-1] != "after" {
		t.Errorf("Lines changed the lines around the key: %q", out)
	}
}

// TestStripUserinfo checks that URLs lose their user name and password.
func TestStripUserinfo(t *testing.T) {
	tok := cat("gh", "p_", fake(3, 36, alnum))
	for in, want := range map[string]string{
		"https://" + tok + "@github.com/o/r.git":          "https://github.com/o/r.git",
		"https://ci:" + tok + "@github.com/o/r.git":       "https://github.com/o/r.git",
		"https://user:p%40ss@gitlab.example.com:8443/g/r": "https://gitlab.example.com:8443/g/r",
		"ssh://git@github.com/o/r.git":                    "ssh://github.com/o/r.git",
		"https://github.com/o/r.git":                      "https://github.com/o/r.git",
		"git@github.com:o/r.git":                          "git@github.com:o/r.git",
		"/srv/git/r.git":                                  "/srv/git/r.git",
		"https://github.com/o/r@v2":                       "https://github.com/o/r@v2",
		"":                                                "",
	} {
		if got := StripUserinfo(in); got != want {
			t.Errorf("StripUserinfo(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRedactsSecretsCutShort checks secrets cut by a title or an excerpt
// ("…" where the text was cut): too short for their own pattern, their
// remaining part is still redacted; ordinary words cut short are kept.
func TestRedactsSecretsCutShort(t *testing.T) {
	r := New()
	for _, secret := range []string{
		cat("wh", "sec_", fake(90, 14, alnum)),
		cat("py", "pi-", "AgEIcHlwaS5vcmc", fake(91, 20, urlSafe)),
		cat("S", "G.", fake(92, 22, urlSafe), ".", fake(93, 10, urlSafe)),
		cat("MTEw", "MDAwMDAwMDAwMDAxODAwMQ", ".", fake(94, 6, urlSafe), ".", fake(95, 9, urlSafe)),
		cat("+4Mmc", fake(96, 24, b64)),
	} {
		for _, text := range []string{"Please deploy with " + secret + "…", `{"k": "` + secret + `…`, "use '" + secret + "…"} {
			if got := r.String(text); strings.Contains(got, secret) {
				t.Errorf("cut secret survived: %q", got)
			}
		}
	}
	for _, s := range []string{
		"Fix the flaky TestPlantedSecretsAppearNowhere…",
		"look at internal/provenance/why_stream.go…",
		"the build failed with exit status 2 after 14.3s…",
		"Refactor the handleUploadRequestWithRetries…",
		"Run go test ./... and then…",
	} {
		if got := r.String(s); got != s {
			t.Errorf("changed a cut text: %q -> %q", s, got)
		}
	}
}

// TestKeepsAgentIDs checks the ids agents give tool calls, requests and
// messages: long and random, but names, not secrets.
func TestKeepsAgentIDs(t *testing.T) {
	r := New()
	for _, s := range []string{
		`{"type":"web_search_tool_result","tool_use_id":"srvtoolu_01SozWbqo4W5BEsHYyMSA` + fake(97, 3, alnum) + `"}`,
		`{"tool_use_id": "toolu_bdrk_01` + fake(98, 24, alnum) + `"}`,
		`{"id": "toolu_vrtx_01` + fake(99, 24, alnum) + `"}`,
		`"call_id": "call_` + fake(100, 30, alnum) + `"`,
		`"id": "chatcmpl-` + fake(101, 29, alnum) + `"`,
		`"id": "resp_` + fake(102, 48, hexLow) + fake(103, 2, alnum) + `"`,
		`"requestId": "req_vrtx_011` + fake(104, 22, alnum) + `"`,
	} {
		if got := r.String(s); got != s {
			t.Errorf("changed an id:\n in: %q\nout: %q", s, got)
		}
	}
}
