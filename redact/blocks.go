package redact

import (
	"regexp"
	"strings"
	"sync"
)

// Private key blocks: -----BEGIN … PRIVATE KEY----- … -----END … PRIVATE KEY-----.
// The patterns are compiled on first use.
var (
	pemBegin = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----`)
	})
	pemEnd = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----`)
	})
)

// pemWindow bounds how far the end of a key block is looked for.
const pemWindow = 64 << 10

// pemScan remembers, within one scan, where the END lines are, so that
// many BEGIN lines (a file listing key headers, say) do not each search
// the same window again.
type pemScan struct {
	endAt    int // start of the next known END line, or -1
	endEnd   int // end of that END line
	noEndTil int // no END line starts before this offset (from the last search start)
}

// findPrivateKey returns the end of a private key block starting at s[at:].
// A block whose END line is missing (a truncated paste) is redacted up to
// the end of its base64 body.
func findPrivateKey(s string, at int, ps *pemScan) (end int, ok bool) {
	loc := pemBegin().FindStringIndex(s[at:min(len(s), at+128)])
	if loc == nil {
		return 0, false
	}
	body := at + loc[1]
	limit := min(len(s), body+pemWindow)
	if ps.endAt >= body && ps.endAt < limit {
		return ps.endEnd, true
	}
	from := max(body, ps.noEndTil)
	for from < limit {
		i := strings.Index(s[from:limit], "-----END")
		if i < 0 {
			break
		}
		p := from + i
		if e := pemEnd().FindStringIndex(s[p:min(len(s), p+128)]); e != nil {
			ps.endAt, ps.endEnd = p, p+e[1]
			return p + e[1], true
		}
		from = p + len("-----END")
	}
	ps.noEndTil = max(ps.noEndTil, limit)
	// No END line: take the body (base64, line breaks, escaped "\n" or,
	// in JSON nested in a string, "\\n").
	w := s[body:limit]
	i := 0
	for i < len(w) {
		c := w[i]
		if b64Byte[c] || c == '\n' || c == '\r' || c == ' ' || c == ':' || c == ',' {
			i++
			continue
		}
		j := i
		for j < len(w) && w[j] == '\\' {
			j++
		}
		if j > i && j < len(w) && (w[j] == 'n' || w[j] == 'r') {
			i = j + 1
			continue
		}
		break
	}
	return body + i, true
}

// findURLPassword looks at a "://" at s[at:] for scheme://user:password@host
// and returns the span of the password.
func findURLPassword(s string, at int) (start, end int, ok bool) {
	// A scheme must precede: letters, digits, '+', '-', '.', starting with a letter.
	b := at
	for b > 0 && (isAlnum(s[b-1]) || s[b-1] == '+' || s[b-1] == '-' || s[b-1] == '.') {
		b--
	}
	if b == at || !(('a' <= s[b] && s[b] <= 'z') || ('A' <= s[b] && s[b] <= 'Z')) {
		return 0, 0, false
	}
	u := at + 3
	colon := -1
	limit := min(len(s), u+512)
	i := u
	for ; i < limit; i++ {
		c := s[i]
		if c == '@' {
			break
		}
		if c == ':' && colon < 0 {
			colon = i
		}
		if c == '/' || c == '?' || c == '#' || c == ' ' || c == '\t' || c == '\n' || c == '"' || c == '\'' ||
			c == '<' || c == '>' || c == '\\' || c == '`' {
			return 0, 0, false
		}
	}
	if i >= limit || colon < 0 || colon+1 == i {
		return 0, 0, false
	}
	if i+1 >= len(s) || !(isAlnum(s[i+1]) || s[i+1] == '[') {
		return 0, 0, false // no host after '@'
	}
	pw := s[colon+1 : i]
	if isPlaceholder(pw) || strings.EqualFold(pw, "pass") || strings.Contains(s[u:i], "[redacted:") {
		return 0, 0, false
	}
	return colon + 1, i, true
}

// findDSNPassword looks at "@tcp(" or "@unix(" at s[at:] for the Go MySQL
// DSN form user:password@tcp(host)/db and returns the password's span.
func findDSNPassword(s string, at int) (start, end int, ok bool) {
	b := at
	colon := -1
	for b > 0 && at-b < 256 {
		c := s[b-1]
		if c == ' ' || c == '\t' || c == '\n' || c == '"' || c == '\'' || c == '=' || c == '/' || c == '`' || c == '\\' {
			break
		}
		if c == ':' {
			colon = b - 1
		}
		b--
	}
	if colon < 0 || colon+1 >= at || colon == b {
		return 0, 0, false
	}
	pw := s[colon+1 : at]
	if isPlaceholder(pw) {
		return 0, 0, false
	}
	return colon + 1, at, true
}

// findSlackWebhook looks at "hooks.slack.com/" at s[at:] and returns the
// span of the webhook's secret path.
var slackHook = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_\-]{20,}`)
})

func findSlackWebhook(s string, at int) (start, end int, ok bool) {
	loc := slackHook().FindStringIndex(s[at:min(len(s), at+tokenWindow)])
	if loc == nil {
		return 0, 0, false
	}
	p := at + len("hooks.slack.com/")
	return p, at + loc[1], true
}
