package redact

import "strings"

// assignKeywords start a search for a secret-named key. The hit is grown
// to the whole key (letters, digits, '_', '.', '-') and the key's words
// decide whether and how its value is redacted.
var assignKeywords = []string{"pass", "pwd", "secret", "token", "key", "auth", "cred", "sig"}

// keywordEndings lists, for each assignment keyword, what may follow it
// to the end of the key: a hit must end the key, since a key is named by
// its last word ("password" and "dbPassword" are, "password_file" and
// "tokenizer" are not).
var keywordEndings = map[string][]string{
	"pass":   {"", "word", "wd", "phrase", "code", "words"},
	"pwd":    {""},
	"secret": {"", "s"},
	"token":  {""},
	"key":    {"", "s"},
	"auth":   {"", "orization"},
	"cred":   {"", "s", "ential", "entials"},
	"sig":    {""},
}

// endsKey reports whether the keyword kw found at s[at:] ends its key,
// allowing the endings listed for it.
func endsKey(s string, at int, kw string) bool {
	p := at + len(kw)
	for _, e := range keywordEndings[kw] {
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

var keyQualifiers = map[string]string{
	"api": KindAPIKey, "access": KindSecret, "secret": KindSecret, "private": KindSecret,
	"signing": KindSecret, "encryption": KindSecret, "master": KindSecret, "auth": KindSecret,
	"client": KindSecret, "license": KindSecret, "app": KindSecret, "service": KindSecret,
	"deploy": KindSecret, "subscription": KindSecret, "storage": KindSecret, "webhook": KindSecret,
	"hmac": KindSecret, "jwt": KindSecret, "session": KindSecret, "account": KindAzure, "shared": KindAzure,
}

var notSecretTokens = map[string]bool{"max": true, "page": true, "next": true, "prev": true, "continuation": true,
	"cancel": true, "cancellation": true, "num": true, "total": true, "count": true}

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
		if notSecretTokens[prev] {
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
		if k, ok := keyQualifiers[prev]; ok {
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

// assignedValue parses what follows a key ending at p: an optional closing
// quote, an assignment operator (=, :, :=, =>, or a space after a --flag),
// and the value, quoted or bare, and the style of the operator.
func assignedValue(s string, p int, flag bool) (vs, ve int, quoted bool, style opStyle, ok bool) {
	n := len(s)
	keyQuoted := false
	if q := quoteAt(s, p); q > 0 {
		p += q
		keyQuoted = true
	}
	sp := p
	for p < n && (s[p] == ' ' || s[p] == '\t') {
		p++
	}
	spaceBefore := p > sp
	if p >= n {
		return 0, 0, false, 0, false
	}
	switch {
	case s[p] == '=':
		if p+1 < n && (s[p+1] == '=' || s[p+1] == '~') {
			return 0, 0, false, 0, false
		}
		if p > 0 && (s[p-1] == '!' || s[p-1] == '<' || s[p-1] == '>') {
			return 0, 0, false, 0, false
		}
		p++
		if p < n && s[p] == '>' {
			p++
		}
	case s[p] == ':':
		if p+1 < n && s[p+1] == ':' {
			return 0, 0, false, 0, false
		}
		style = styleColon
		if p+1 < n && s[p+1] == '=' {
			p++
			style = styleCode
		}
		p++
	case flag && spaceBefore && !keyQuoted:
		// --password value
	default:
		return 0, 0, false, 0, false
	}
	op := p
	for p < n && (s[p] == ' ' || s[p] == '\t') {
		p++
	}
	if spaceBefore && p > op && op > 0 && s[op-1] == '=' {
		style = styleCode
	}
	if p >= n {
		return 0, 0, false, 0, false
	}
	// Quoted value: "…", '…', `…`, or \"…\" (\\\"…\\\" and so on) inside
	// JSON-escaped text.
	var closing string
	if q := quoteAt(s, p); q > 0 {
		closing = s[p : p+q]
		p += q
	} else if s[p] == '`' {
		closing = "`"
		p++
	}
	if closing != "" {
		limit := min(n, p+maxValue)
		i := p
		for i < limit {
			if strings.HasPrefix(s[i:], closing) {
				break
			}
			if s[i] == '\n' {
				return 0, 0, false, 0, false
			}
			if s[i] == '\\' && len(closing) == 1 {
				i += 2
				continue
			}
			i++
		}
		if i >= limit {
			return 0, 0, false, 0, false
		}
		return p, i, true, style, true
	}
	i := p
	limit := min(n, p+maxValue)
	for i < limit && !endsBare(s[i]) {
		i++
	}
	if i == p {
		return 0, 0, false, 0, false
	}
	if i < n && s[i] == '(' {
		return 0, 0, false, 0, false // a call: password = getPassword()
	}
	if style == styleColon && i < n && (s[i] == ',' || s[i] == ')' || s[i] == '}') && isIdentifier(s[p:i]) {
		return 0, 0, false, 0, false // a field set from a variable: Password: pw,
	}
	return p, i, false, style, true
}

// opStyle is the kind of assignment operator before a value.
type opStyle int

const (
	styleEq    opStyle = iota // NAME=value, --flag=value, --flag value, =>
	styleColon                // key: value (YAML, JSON, struct fields, prose)
	styleCode                 // name = value with spaces, name := value
)

// isWord reports a plain word or name: letters only ("required",
// "StartElement").
func isWord(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_') {
			return false
		}
	}
	return true
}

// quoteAt returns the length of the quote that starts at s[p:]: a double
// or single quote preceded by any number of backslashes (text escaped once
// or more), or 0.
func quoteAt(s string, p int) int {
	i := p
	for i < len(s) && i-p < 16 && s[i] == '\\' {
		i++
	}
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		return i - p + 1
	}
	return 0
}

// endsBare reports bytes that end an unquoted value.
func endsBare(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', ',', ';', '&', ')', '(', ']', '[', '}', '{', '<', '>', '\\', '|':
		return true
	}
	return false
}

// acceptValue decides whether an assigned value is a literal secret.
func acceptValue(v string, strength keyStrength, kind string, quoted bool, style opStyle) bool {
	if v == "" || strings.ContainsAny(v, " \t") || isPlaceholder(v) {
		return false
	}
	if !quoted && isCodeWord(v) {
		return false
	}
	if strength == keyWeak {
		return looksRandom(v, 16, 3.5)
	}
	if isNumber(v) {
		return kind == KindPassword && len(v) >= 4
	}
	if len(v) < 4 {
		return false
	}
	if quoted {
		return true
	}
	if isCodeWord(v) {
		return false
	}
	if style == styleCode && isIdentifier(v) {
		return false // password = pw
	}
	if style == styleColon && isWord(v) {
		return false // prose ("Password: required") or a field set from a variable
	}
	return true
}

func isNumber(v string) bool {
	v = strings.TrimPrefix(v, "-")
	if len(v) > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X') && isHexLike(v[2:]) {
		return true
	}
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return v[i] == '.' && i > 0 && isNumber(v[i+1:]) && v[i+1:] != ""
		}
	}
	return true
}

func isIdentifier(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(isWordByte(c) || c == '.') || (i == 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// isCodeWord reports bare values that are program text: dotted member
// paths (cfg.Password, os.environ), keywords and type names.
func isCodeWord(v string) bool {
	switch strings.ToLower(v) {
	case "str", "string", "bytes", "int", "bool", "boolean", "any", "object", "optional", "secretstr",
		"self", "this", "required", "true", "false", "nil", "null", "none", "undefined", "yes", "no":
		return true
	}
	if strings.Contains(v, ".") && isIdentifier(v) {
		for _, part := range strings.Split(v, ".") {
			if part == "" || hasDigit(part[:1]) {
				return false
			}
		}
		return !isNumber(v)
	}
	return false
}

var placeholders = map[string]bool{
	"changeme": true, "change_me": true, "change-me": true, "password": true, "passwd": true, "secret": true,
	"token": true, "example": true, "sample": true, "dummy": true, "placeholder": true, "redacted": true,
	"none": true, "null": true, "nil": true, "undefined": true, "empty": true, "todo": true, "tbd": true,
	"xxx": true, "your-token": true, "your_token": true, "your-api-key": true, "your_api_key": true,
	"mysecretpassword": true, "supersecret": true, "pass": true, "apikey": true, "api_key": true,
}

// isPlaceholder reports values that stand for a secret without being one:
// variables and templates, masks, and the names of the thing itself.
// Such values are kept, so that documentation and config templates stay
// readable; a real password that happens to be "changeme" is kept too.
func isPlaceholder(v string) bool {
	lv := strings.ToLower(v)
	if placeholders[lv] {
		return true
	}
	switch {
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "%"), strings.HasPrefix(v, "{{"), strings.HasPrefix(v, "<"),
		strings.HasPrefix(v, "[redacted"), strings.HasPrefix(lv, "process.env"), strings.HasPrefix(lv, "os.environ"),
		strings.HasPrefix(lv, "env."), strings.HasPrefix(lv, "env("), strings.HasPrefix(lv, "your"),
		strings.HasSuffix(lv, "_here"), strings.HasSuffix(lv, "-here"), strings.Contains(lv, "example"),
		strings.Contains(lv, "redacted"), strings.Contains(lv, "fake"), strings.Contains(lv, "dummy"), strings.Contains(lv, "placeholder"),
		strings.HasPrefix(lv, "xxxx"), strings.HasPrefix(v, "..."), strings.HasPrefix(v, "***"), strings.HasPrefix(v, "•••"):
		return true
	}
	for i := 1; i < len(v); i++ {
		if v[i] != v[0] {
			return false
		}
	}
	return true // one character repeated: "********", "0000"
}
