package redact

import "strings"

// Titles and excerpts are cut short and marked with "…". A secret cut
// that way is too short for its own pattern, yet what is left of it is
// still most of a credential. So the word right before a "…" is redacted
// when it starts like a provider token, or when it looks random: at least
// 10 bytes of upper and lower case letters and digits, not made of words
// and not a path.

const cutMark = "…"

// cutMinLen is the shortest remainder of a secret that is redacted.
const cutMinLen = 10

// findCutSecret looks at a cut mark at s[at:] and returns the span of the
// secret cut short before it, with its kind.
func findCutSecret(s string, at int) (start, end int, kind string, ok bool) {
	ws := at
	for ws > 0 && at-ws < tokenWindow && (b64Byte[s[ws-1]] || s[ws-1] == '.') {
		ws--
	}
	w := s[ws:at]
	if len(w) < cutMinLen || !startsWord(s, ws) {
		return 0, 0, "", false
	}
	lw := strings.ToLower(w)
	for _, tr := range tokenRules() {
		for _, kw := range tr.keywords {
			if len(kw) >= 3 && strings.HasPrefix(lw, kw) && strings.HasPrefix(w, tr.prefix) {
				return ws, at, tr.kind, true
			}
		}
	}
	v := strings.Trim(w, ".+=-_")
	if c := classes(v); c&clsUpper == 0 || c&clsLower == 0 || c&clsDigit == 0 {
		return 0, 0, "", false
	}
	if isHexLike(v) || wordy(v)*2 >= len(v) || entropy(v) < 3.0 || v[0] == '/' || strings.Count(v, "/")*8 > len(v) {
		return 0, 0, "", false
	}
	return ws, at, KindHighEntropy, true
}
