package redact

import (
	"math"
	"strings"
)

var digestPrefixes = []string{"sha1-", "sha256-", "sha384-", "sha512-"}

// Character classes of a candidate secret.
const (
	clsUpper = 1 << iota
	clsLower
	clsDigit
	clsSymbol
)

func classes(s string) int {
	c := 0
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case 'A' <= b && b <= 'Z':
			c |= clsUpper
		case 'a' <= b && b <= 'z':
			c |= clsLower
		case '0' <= b && b <= '9':
			c |= clsDigit
		default:
			c |= clsSymbol
		}
	}
	return c
}

func classCount(c int) int {
	n := 0
	for ; c != 0; c &= c - 1 {
		n++
	}
	return n
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// isHexLike reports strings of hex digits and dashes only: git object ids,
// UUIDs, digests. They are ids far more often than secrets, so they are
// only redacted when a secret-named key holds them.
func isHexLike(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHexByte(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// Thresholds for a high-entropy string in assignment context under a key
// that does not itself name a secret.
const (
	entropyMinLen  = 32  // shorter ids (request ids, call ids) stay readable
	entropyMinBits = 4.2 // random base64 of 32+ bytes scores 4.6 or more
)

// sampleLen bounds how much of a value looksRandom examines.
const sampleLen = 256

// looksRandom reports whether an assigned value is high-entropy enough to
// be a credential: long, not hex-like, at least three character classes,
// few path separators, and Shannon entropy above entropyMinBits.
func looksRandom(v string, minLen int, minBits float64) bool {
	if len(v) < minLen {
		return false
	}
	// A prefix tells as well as the whole: long blobs cost no more.
	v = v[:min(len(v), sampleLen)]
	if isHexLike(v) {
		return false
	}
	for _, p := range digestPrefixes {
		if strings.HasPrefix(v, p) {
			return false // a content digest: "integrity": "sha512-…"
		}
	}
	c := classes(v)
	if classCount(c&^clsSymbol) < 3 {
		return false
	}
	slashes := 0
	for i := 0; i < len(v); i++ {
		if v[i] == '/' {
			slashes++
		}
	}
	if v[0] == '/' || slashes*8 > len(v) {
		return false // a path, not a key
	}
	if strings.ContainsAny(v, "+/") && strings.ContainsAny(v, "-_") {
		return false // mixes two base64 alphabets: a name or a path
	}
	if wordy(v)*2 >= len(v) {
		return false // a name made of words: http2maxCachedCanonicalHeadersKeysSize
	}
	return entropy(v) >= minBits
}

// b64Byte marks the bytes a long opaque credential is made of.
var b64Byte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		t[c] = isAlnum(b) || b == '+' || b == '/' || b == '=' || b == '_' || b == '-'
	}
	return t
}()

// scanRuns calls fn for every maximal run of b64Byte bytes that is at
// least minLen long. It looks at the byte minLen-1 ahead first: when that
// one cannot be in a run, no run of minLen can start before it, and the
// scan jumps past it. Ordinary text is mostly skipped this way.
func scanRuns(s string, minLen int, fn func(start, end int)) {
	i := 0 // s[i-1], if any, is not a run byte
	for i+minLen <= len(s) {
		j := i + minLen - 1
		if !b64Byte[s[j]] {
			i = j + 1
			continue
		}
		k := j
		for k > i && b64Byte[s[k-1]] {
			k--
		}
		e := j + 1
		for e < len(s) && b64Byte[s[e]] {
			e++
		}
		if e-k >= minLen {
			fn(k, e)
		}
		i = e + 1
	}
}

// wordy counts the bytes of v that belong to word-like runs: five or more
// lowercase or five or more capital letters, or a capital followed by
// four or more lowercase. Names built from words are mostly such runs;
// random strings rarely have any.
func wordy(v string) int {
	n := 0
	for i := 0; i < len(v); {
		u := i
		for u < len(v) && 'A' <= v[u] && v[u] <= 'Z' {
			u++
		}
		if u-i >= 5 {
			n += u - i
			i = u
			continue
		}
		j := i
		if 'A' <= v[j] && v[j] <= 'Z' {
			j++
		}
		k := j
		for k < len(v) && 'a' <= v[k] && v[k] <= 'z' {
			k++
		}
		if k-j >= 5 || (j > i && k-j >= 4) {
			n += k - i
			i = k
			continue
		}
		i = max(k, i+1)
	}
	return n
}
