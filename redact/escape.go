package redact

// Text is often redacted while still JSON-encoded (a transcript line, a
// tool's input), where a line break or a tab before a secret is the two
// bytes `\n` or `\t`, or the six bytes `\u0020`. The letter or digit of
// such an escape must not count as part of the secret's word: a token at
// the start of a line would otherwise look like the middle of a longer
// word, and a key like `\napi_key` would be read as "napi_key".

// escapeBefore returns the length of a JSON escape (\n, \t, \r, \b, \f or
// \uXXXX) that ends at s[p], or 0.
func escapeBefore(s string, p int) int {
	if p >= 2 && s[p-2] == '\\' {
		switch s[p-1] {
		case 'n', 't', 'r', 'b', 'f':
			return 2
		}
	}
	if p >= 6 && s[p-6] == '\\' && s[p-5] == 'u' && isHexDigits(s[p-4:p]) {
		return 6
	}
	return 0
}

// startsWord reports whether a word may start at s[at]: the byte before is
// not a letter or digit, or it ends an escape.
func startsWord(s string, at int) bool {
	return at == 0 || !isAlnum(s[at-1]) || escapeBefore(s, at) > 0
}

// skipEscape moves a key's start ks, found by walking back over key bytes,
// past an escape that the walk took in: from `n` in `\napi_key` to `a`.
func skipEscape(s string, ks, at int) int {
	if ks == 0 || s[ks-1] != '\\' {
		return ks
	}
	for _, n := range []int{6, 2} {
		if p := ks - 1 + n; p <= at && escapeBefore(s, p) == n {
			return p
		}
	}
	return ks
}

func isHexDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHexByte(s[i]) {
			return false
		}
	}
	return true
}

func isHexByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
