package redact

import (
	"strings"
	"sync"
)

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
	if kind == KindToken && isUUID(v) {
		return false // an id: session, request and client tokens are UUIDs
	}
	if kind != KindPassword && isWordsOnly(v) {
		return false // "test-token", "new-access": names, not credentials
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

// isWordsOnly reports values made of words: letters joined by '-' or '_',
// or letters of a single case.
// Tokens and keys are random; such values are test data or names.
// Passwords are not judged this way: people choose words.
func isWordsOnly(v string) bool {
	sep := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '-' || c == '_':
			sep = true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		default:
			return false
		}
	}
	// Random letters in mixed case without separators are not words.
	c := classes(v)
	return sep || c&clsUpper == 0 || c&clsLower == 0
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

var placeholders = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"changeme": true, "change_me": true, "change-me": true, "password": true, "passwd": true, "secret": true,
		"token": true, "example": true, "sample": true, "dummy": true, "placeholder": true, "redacted": true,
		"none": true, "null": true, "nil": true, "undefined": true, "empty": true, "todo": true, "tbd": true,
		"xxx": true, "your-token": true, "your_token": true, "your-api-key": true, "your_api_key": true,
		"mysecretpassword": true, "supersecret": true, "pass": true, "apikey": true, "api_key": true,
	}
})

// isPlaceholder reports values that stand for a secret without being one:
// variables and templates, masks, and the names of the thing itself.
// Such values are kept, so that documentation and config templates stay
// readable; a real password that happens to be "changeme" is kept too.
func isPlaceholder(v string) bool {
	lv := strings.ToLower(v)
	if placeholders()[lv] {
		return true
	}
	switch {
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "%"), strings.HasPrefix(v, "{{"), strings.HasPrefix(v, "<"),
		strings.HasPrefix(v, "[redacted"), strings.HasPrefix(lv, "process.env"), strings.HasPrefix(lv, "os.environ"),
		strings.HasPrefix(lv, "env."), strings.HasPrefix(lv, "env("), strings.HasPrefix(lv, "your"),
		strings.HasSuffix(lv, "_here"), strings.HasSuffix(lv, "-here"), strings.Contains(lv, "example"),
		strings.Contains(lv, "redacted"), strings.Contains(lv, "fake"), strings.Contains(lv, "dummy"), strings.Contains(lv, "placeholder"),
		strings.Contains(lv, "token") && isWordsOnly(v), strings.Contains(lv, "secret") && isWordsOnly(v),
		strings.HasPrefix(lv, "test") && isWordsOnly(v), // test data: "test", "testpass", "test-password"
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

// isUUID reports the 8-4-4-4-12 hex form.
func isUUID(v string) bool {
	if len(v) != 36 {
		return false
	}
	for i := 0; i < len(v); i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if v[i] != '-' {
				return false
			}
		} else if !isHexByte(v[i]) {
			return false
		}
	}
	return true
}
