package redact

import (
	"strings"
	"sync"
)

// assignKeywords start a search for a secret-named key. The hit is grown
// to the whole key (letters, digits, '_', '.', '-') and the key's words
// decide whether and how its value is redacted.
var assignKeywords = []string{"pass", "pwd", "secret", "token", "key", "auth", "cred", "sig"}

// keywordEndings lists, for each assignment keyword, what may follow it
// to the end of the key: a hit must end the key, since a key is named by
// its last word ("password" and "dbPassword" are, "password_file" and
// "tokenizer" are not). Like the other tables of the package it is built on
// first use, not at package init.
var keywordEndings = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"pass":   {"", "word", "wd", "phrase", "code", "words"},
		"pwd":    {""},
		"secret": {"", "s"},
		"token":  {""},
		"key":    {"", "s"},
		"auth":   {"", "orization"},
		"cred":   {"", "s", "ential", "entials"},
		"sig":    {""},
	}
})

// endsKey reports whether the keyword kw found at s[at:] ends its key,
// allowing the endings listed for it.
func endsKey(s string, at int, kw string) bool {
	p := at + len(kw)
	for _, e := range keywordEndings()[kw] {
		q := p + len(e)
		if q > len(s) || !strings.EqualFold(s[p:q], e) {
			continue
		}
		if q == len(s) || !isWordByte(s[q]) {
			if q+1 < len(s) && (s[q] == '.' || s[q] == '-') && isWordByte(s[q+1]) {
				continue // the key goes on: "token.ttl", "key-id"
			}
			return true
		}
	}
	return false
}

// keyStrength says how much a key's name vouches for its value.
type keyStrength int

const (
	keyNone   keyStrength = iota
	keyWeak               // redact only a random-looking value
	keyStrong             // redact any literal value that is not a placeholder
	keyHeader             // Authorization: the value is "<scheme> <credential>"
)

// maxValue bounds the length of an assigned value.
const maxValue = 1024

func isKeyByte(c byte) bool { return isWordByte(c) || c == '.' || c == '-' }

// keyWords splits a key into lowercase words on '_', '.', '-' and
// lower-to-upper case changes: "dbPassword" -> [db password].
func keyWords(key string, buf []string) []string {
	words := buf[:0]
	start := 0
	flush := func(end int) {
		if end > start {
			words = append(words, strings.ToLower(key[start:end]))
		}
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_' || c == '.' || c == '-':
			flush(i)
			start = i + 1
		case i > start && 'A' <= c && c <= 'Z' && 'a' <= key[i-1] && key[i-1] <= 'z':
			flush(i)
			start = i
		}
	}
	flush(len(key))
	return words
}

var keyQualifiers = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"api": KindAPIKey, "access": KindSecret, "secret": KindSecret, "private": KindSecret,
		"signing": KindSecret, "encryption": KindSecret, "master": KindSecret, "auth": KindSecret,
		"client": KindSecret, "license": KindSecret, "app": KindSecret, "service": KindSecret,
		"deploy": KindSecret, "subscription": KindSecret, "storage": KindSecret, "webhook": KindSecret,
		"hmac": KindSecret, "jwt": KindSecret, "session": KindSecret, "account": KindAzure, "shared": KindAzure,
	}
})

var notSecretTokens = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"max": true, "page": true, "next": true, "prev": true, "continuation": true,
		"cancel": true, "cancellation": true, "num": true, "total": true, "count": true}
})

// classifyKey returns how a key's name vouches for its value and the kind
// a redaction of the value gets.
func classifyKey(key string) (keyStrength, string) {
	var buf [8]string
	words := keyWords(key, buf[:])
	if len(words) == 0 {
		return keyNone, ""
	}
	last := words[len(words)-1]
	prev := ""
	if len(words) > 1 {
		prev = words[len(words)-2]
	}
	has := func(w string) bool {
		for _, x := range words {
			if x == w {
				return true
			}
		}
		return false
	}
	switch {
	case last == "pass" && len(words) == 1:
		return keyNone, "" // "--- PASS: TestX" in test output
	case last == "password" || last == "passwd" || last == "pwd" || last == "pass" || last == "passphrase" ||
		last == "passcode" || strings.HasSuffix(last, "password") || strings.HasSuffix(last, "passwd"):
		return keyStrong, KindPassword
	case last == "secret" || last == "secrets" || strings.HasSuffix(last, "secret"):
		if has("aws") {
			return keyStrong, KindAWSSecretKey
		}
		return keyStrong, KindSecret
	case last == "token" || strings.HasSuffix(last, "token") && len(last) > 5:
		if notSecretTokens()[prev] {
			return keyNone, ""
		}
		return keyStrong, KindToken
	case last == "apikey":
		return keyStrong, KindAPIKey
	case last == "accesskey" || last == "secretkey" || last == "privatekey":
		return keyStrong, KindSecret
	case last == "accountkey" || last == "sharedaccesskey":
		return keyStrong, KindAzure
	case last == "key" || last == "keys":
		if has("aws") && has("secret") {
			return keyStrong, KindAWSSecretKey
		}
		if has("shared") || prev == "account" {
			return keyStrong, KindAzure
		}
		if prev == "public" {
			return keyNone, ""
		}
		if k, ok := keyQualifiers()[prev]; ok {
			return keyStrong, k
		}
		return keyWeak, KindHighEntropy
	case last == "authorization" || last == "proxy-authorization":
		return keyHeader, KindBearer
	case last == "auth" || last == "credential" || last == "credentials" || last == "creds" || last == "sig":
		return keyWeak, KindHighEntropy
	}
	return keyNone, ""
}

// findAssignment looks at a keyword hit at s[at:] and returns the span of
// the value to redact, if the hit is inside a key that is being assigned a
// literal value. lastKey carries the start of the last key examined so
// that a key holding several keywords is examined once.
func findAssignment(s string, at int, kw string, lastKey *int) (start, end int, kind string, ok bool) {
	if !endsKey(s, at, kw) {
		return 0, 0, "", false
	}
	ks := at
	for ks > 0 && at-ks < 256 && isKeyByte(s[ks-1]) {
		ks--
	}
	ks = skipEscape(s, ks, at)
	if ks == *lastKey {
		return 0, 0, "", false
	}
	*lastKey = ks
	ke := at
	for ke < len(s) && ke-at < 64 && isKeyByte(s[ke]) {
		ke++
	}
	key := s[ks:ke]
	flag := strings.HasPrefix(key, "-")
	key = strings.TrimLeft(key, "-")
	key = strings.TrimRight(key, ".-")
	strength, kind := classifyKey(key)
	if strength == keyNone {
		return 0, 0, "", false
	}
	vs, ve, quoted, style, ok := assignedValue(s, ke, flag)
	if !ok {
		return 0, 0, "", false
	}
	v := s[vs:ve]
	if strength == keyHeader {
		return headerCredential(s, vs, ve, quoted)
	}
	if !acceptValue(v, strength, kind, quoted, style) {
		return 0, 0, "", false
	}
	return vs, ve, kind, true
}

// headerCredential takes the credential out of an Authorization value
// "<scheme> <credential>" that starts at s[vs:]; a bare value ended at ve
// on the space after the scheme.
func headerCredential(s string, vs, ve int, quoted bool) (start, end int, kind string, ok bool) {
	scheme := s[vs:ve]
	if quoted {
		scheme, _, _ = strings.Cut(scheme, " ")
	}
	switch strings.ToLower(scheme) {
	case "bearer", "token":
		kind = KindBearer
	case "basic":
		kind = KindPassword
	default:
		return 0, 0, "", false
	}
	start = vs + len(scheme)
	for start < len(s) && s[start] == ' ' {
		start++
	}
	end = start
	for end < len(s) && end-start < maxValue && !endsBare(s[end]) {
		end++
	}
	v := s[start:end]
	if len(v) < 8 || isPlaceholder(v) {
		return 0, 0, "", false
	}
	return start, end, kind, true
}
