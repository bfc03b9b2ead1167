package redact

import (
	"regexp"
	"strings"
	"sync"
)

// Kinds of secrets. The kind is what a redaction says: [redacted:<kind>].
const (
	KindAWSAccessKey = "aws-access-key"
	KindAWSSecretKey = "aws-secret-key"
	KindGitHub       = "github-token"
	KindGitLab       = "gitlab-token"
	KindSlack        = "slack-token"
	KindSlackWebhook = "slack-webhook"
	KindStripe       = "stripe-key"
	KindOpenAI       = "openai-key"
	KindAnthropic    = "anthropic-key"
	KindGoogle       = "google-api-key"
	KindNPM          = "npm-token"
	KindPyPI         = "pypi-token"
	KindTwilio       = "twilio-key"
	KindSendGrid     = "sendgrid-key"
	KindHuggingFace  = "huggingface-token"
	KindAzure        = "azure-key"
	KindShopify      = "shopify-token"
	KindDiscord      = "discord-token"
	KindJWT          = "jwt"
	KindPrivateKey   = "private-key"
	KindURLPassword  = "url-password"
	KindPassword     = "password"
	KindSecret       = "secret"
	KindToken        = "token"
	KindAPIKey       = "api-key"
	KindBearer       = "bearer-token"
	KindHighEntropy  = "high-entropy"
)

// tokenRule recognizes a provider credential by its fixed prefix. The
// pattern is anchored at the keyword hit and only ever sees a bounded
// window of text after it.
type tokenRule struct {
	kind     string
	keywords []string // lowercase literals that start the token
	// re is the anchored pattern, compiled when a keyword of the rule is
	// first hit: a bounded repetition such as {36,255} compiles to
	// hundreds of instructions, and most texts hit few rules.
	re func() *regexp.Regexp
	// caseExact requires the text at the hit to equal the keyword's case
	// as written in prefix (the keyword match itself ignores case).
	prefix string
	// check, when set, must also accept the matched token.
	check func(tok string) bool
}

// tokenWindow bounds how far a provider token pattern looks.
const tokenWindow = 512

func tok(kind, prefix string, keywords []string, pattern string, check func(string) bool) tokenRule {
	re := sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:` + pattern + `)`) })
	return tokenRule{kind: kind, keywords: keywords, prefix: prefix, re: re, check: check}
}

// tokenRules lists the provider credentials known by prefix. The table is
// built on first use, so that a process that never redacts does not pay
// for it, and each pattern is compiled on its rule's first hit.
var tokenRules = sync.OnceValue(func() []tokenRule {
	return []tokenRule{
		tok(KindAWSAccessKey, "", []string{"akia", "asia", "abia", "acca", "agpa", "aida", "aroa", "aipa", "anpa", "anva", "apka"},
			`(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}`, notExample),
		tok(KindGitHub, "gh", []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}, `gh[pousr]_[A-Za-z0-9]{36,255}`, nil),
		tok(KindGitHub, "github_pat_", []string{"github_pat_"}, `github_pat_[A-Za-z0-9_]{22,255}`, nil),
		tok(KindGitLab, "gl", []string{"glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "gloas-"}, `gl(?:pat|dt|rt|ptt|cbt|oas)-[A-Za-z0-9_\-]{20,255}`, nil),
		tok(KindSlack, "x", []string{"xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-", "xoxe-"}, `xox[abprse]-[A-Za-z0-9\-]{10,255}`, hasDigit),
		tok(KindSlack, "xapp-", []string{"xapp-"}, `xapp-\d-[A-Za-z0-9\-]{10,255}`, nil),
		tok(KindStripe, "", []string{"sk_live_", "rk_live_", "pk_live_", "sk_test_", "rk_test_"}, `(?:sk|rk|pk)_live_[A-Za-z0-9]{16,255}|(?:sk|rk)_test_[A-Za-z0-9]{16,255}`, nil),
		tok(KindStripe, "whsec_", []string{"whsec_"}, `whsec_[A-Za-z0-9]{24,255}`, nil),
		tok(KindShopify, "shp", []string{"shp"}, `shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`, nil),
		tok(KindAnthropic, "sk-ant-", []string{"sk-ant-"}, `sk-ant-[A-Za-z0-9_\-]{20,255}`, nil),
		tok(KindOpenAI, "sk-", []string{"sk-"}, `sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,255}`, openAILike),
		tok(KindGoogle, "AIza", []string{"aiza"}, `AIza[0-9A-Za-z_\-]{35}`, nil),
		tok(KindNPM, "npm_", []string{"npm_"}, `npm_[A-Za-z0-9]{36}`, nil),
		tok(KindPyPI, "pypi-", []string{"pypi-"}, `pypi-Ag[A-Za-z0-9_\-]{50,}`, nil),
		tok(KindTwilio, "SK", []string{"sk"}, `SK[0-9a-fA-F]{32}`, nil),
		tok(KindSendGrid, "SG.", []string{"sg."}, `SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}`, nil),
		tok(KindHuggingFace, "hf_", []string{"hf_"}, `hf_[A-Za-z0-9]{30,64}`, mixedCase),
		tok(KindJWT, "eyJ", []string{"eyj"}, `eyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]*`, nil),
	}
})

// isWordByte reports bytes that continue a token (letters, digits, '_').
func isWordByte(c byte) bool {
	return c == '_' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isAlnum(c byte) bool {
	return ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// findToken checks a provider-token hit at s[at:].
func (tr *tokenRule) findToken(s string, at int) (end int, ok bool) {
	if !startsWord(s, at) {
		return 0, false // inside a longer word: "task-…", "mask_…"
	}
	if len(s)-at < len(tr.prefix) || s[at:at+len(tr.prefix)] != tr.prefix {
		return 0, false
	}
	w := s[at:min(len(s), at+tokenWindow)]
	loc := tr.re().FindStringIndex(w)
	if loc == nil {
		return 0, false
	}
	end = at + loc[1]
	if end < len(s) && isAlnum(s[end]) {
		return 0, false // longer than the format allows: not this token
	}
	if tr.check != nil && !tr.check(s[at:end]) {
		return 0, false
	}
	return end, true
}

// notExample rejects the access key id that AWS documentation uses
// (AKIAIOSFODNN7EXAMPLE) and others made like it.
func notExample(s string) bool { return !strings.HasSuffix(s, "EXAMPLE") }

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			return true
		}
	}
	return false
}

func mixedCase(s string) bool {
	c := classes(s)
	return c&clsUpper != 0 && c&clsLower != 0
}

// openAILike rejects hyphenated words that merely start with "sk-".
func openAILike(s string) bool {
	c := classes(s)
	return c&clsDigit != 0 && c&clsUpper != 0 && c&clsLower != 0 && entropy(s) >= 3.5
}

// findAWSSecretNear looks, after an AWS access key id at s[at:], for the
// secret access key that usually follows it on the same line (a
// credentials CSV, "id secret" pairs): a run of exactly 40 base64 bytes
// with mixed character classes.
func findAWSSecretNear(s string, aws *tokenRule, at int) (start, end int, ok bool) {
	idEnd, ok := aws.findToken(s, at)
	if !ok {
		return 0, 0, false
	}
	limit := min(len(s), idEnd+256)
	for i := idEnd; i < limit && s[i] != '\n'; {
		if !awsSecretByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && awsSecretByte(s[j]) {
			j++
		}
		if v := s[i:j]; len(v) == 40 && !isHexLike(v) && classCount(classes(v)&^clsSymbol) == 3 {
			return i, j, true
		}
		i = j
	}
	return 0, 0, false
}

func awsSecretByte(c byte) bool { return isAlnum(c) || c == '/' || c == '+' }
