package redact

import (
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// Match is one secret found in a text: the bytes s[Start:End] are replaced
// by Placeholder(Kind).
type Match struct {
	Start, End int
	Kind       string
}

// Counts tallies redactions by kind.
type Counts map[string]int

// Version names the rules: it changes whenever they redact more or
// replace otherwise, so that text stored redacted under older rules can be
// redacted again.
const Version = "3"

// Placeholder is the text a secret of the given kind is replaced by.
func Placeholder(kind string) string { return "[redacted:" + kind + "]" }

// Redactor finds and replaces secrets. It holds only compiled, read-only
// tables, so one Redactor may be used by many goroutines at once.
type Redactor struct {
	m        *matcher
	handlers []handler
}

// handler examines one keyword hit.
type handler struct {
	prio int
	// find returns the span to redact for a hit at s[at:], if any.
	find func(s string, at int, st *scanState) (start, end int, kind string, ok bool)
}

// scanState is per-call scratch shared by the handlers of one scan.
type scanState struct {
	lastKey int
	pem     pemScan
}

// Priorities decide which of two overlapping findings names the kind.
const (
	prioPrivateKey = 300
	prioToken      = 200 // minus the rule's index: earlier rules win ties
	prioWebhook    = 150
	prioURL        = 100
	prioAssign     = 50
	prioEntropy    = 10
)

var compiled = sync.OnceValue(build)

// New returns a Redactor. The tables are compiled once per process.
func New() *Redactor { return compiled() }

func build() *Redactor {
	r := &Redactor{}
	var keywords []string
	add := func(kw []string, h handler) {
		for _, k := range kw {
			keywords = append(keywords, k)
			r.handlers = append(r.handlers, h)
		}
	}
	rules := tokenRules()
	for i := range rules {
		tr := &rules[i]
		add(tr.keywords, handler{prio: prioToken - i, find: func(s string, at int, _ *scanState) (int, int, string, bool) {
			end, ok := tr.findToken(s, at)
			return at, end, tr.kind, ok
		}})
	}
	aws := &rules[0]
	add(aws.keywords, handler{prio: prioToken, find: func(s string, at int, _ *scanState) (int, int, string, bool) {
		start, end, ok := findAWSSecretNear(s, aws, at)
		return start, end, KindAWSSecretKey, ok
	}})
	add([]string{"-----begin"}, handler{prio: prioPrivateKey, find: func(s string, at int, st *scanState) (int, int, string, bool) {
		end, ok := findPrivateKey(s, at, &st.pem)
		return at, end, KindPrivateKey, ok
	}})
	add([]string{"hooks.slack.com/"}, handler{prio: prioWebhook, find: func(s string, at int, _ *scanState) (int, int, string, bool) {
		start, end, ok := findSlackWebhook(s, at)
		return start, end, KindSlackWebhook, ok
	}})
	add([]string{"://"}, handler{prio: prioURL, find: func(s string, at int, _ *scanState) (int, int, string, bool) {
		start, end, ok := findURLPassword(s, at)
		return start, end, KindURLPassword, ok
	}})
	add([]string{"@tcp(", "@unix("}, handler{prio: prioURL, find: func(s string, at int, _ *scanState) (int, int, string, bool) {
		start, end, ok := findDSNPassword(s, at)
		return start, end, KindPassword, ok
	}})
	add([]string{cutMark}, handler{prio: prioEntropy, find: func(s string, at int, _ *scanState) (int, int, string, bool) {
		return findCutSecret(s, at)
	}})
	for _, kw := range commandKeywords {
		add([]string{kw}, handler{prio: prioAssign, find: func(s string, at int, _ *scanState) (int, int, string, bool) {
			start, end, ok := findCommandPassword(s, at, kw)
			return start, end, KindPassword, ok
		}})
	}
	for _, kw := range assignKeywords {
		add([]string{kw}, handler{prio: prioAssign, find: func(s string, at int, st *scanState) (int, int, string, bool) {
			return findAssignment(s, at, kw, &st.lastKey)
		}})
	}
	r.m = newMatcher(keywords)
	return r
}

type found struct {
	Match
	prio int
}

// Find returns the secrets in s, in order, without overlaps.
func (r *Redactor) Find(s string) []Match {
	var all []found
	st := scanState{lastKey: -1, pem: pemScan{endAt: -1}}
	r.m.scan(s, func(id, at int) {
		h := &r.handlers[id]
		if start, end, kind, ok := h.find(s, at, &st); ok && end > start {
			all = append(all, found{Match{start, end, kind}, h.prio})
		}
	})
	scanRuns(s, discordMinHMAC, func(start, end int) {
		if ts, te, ok := findDiscord(s, start, end); ok {
			all = append(all, found{Match{ts, te, KindDiscord}, prioToken})
		}
		if end-start < entropyMinLen {
			return
		}
		if vs, ve, ok := entropyAssignment(s, start, end); ok && !isBlob(s, vs, ve) {
			all = append(all, found{Match{vs, ve, KindHighEntropy}, prioEntropy})
		}
	})
	if len(all) == 0 {
		return nil
	}
	slices.SortFunc(all, func(a, b found) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		if a.prio != b.prio {
			return b.prio - a.prio
		}
		return b.End - a.End
	})
	out := make([]Match, 0, len(all))
	for _, f := range all {
		if n := len(out); n > 0 && f.Start < out[n-1].End {
			out[n-1].End = max(out[n-1].End, f.End) // overlap: one redaction covers both
			continue
		}
		out = append(out, f.Match)
	}
	return out
}

// String returns s with every secret replaced by its placeholder. When
// nothing is found s itself is returned, without copying.
func (r *Redactor) String(s string) string { return r.StringCounts(s, nil) }

// StringCounts is String that also adds the redactions it made, by kind,
// to counts (which may be nil).
func (r *Redactor) StringCounts(s string, counts Counts) string {
	ms := r.Find(s)
	if len(ms) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prev := 0
	for _, m := range ms {
		b.WriteString(s[prev:m.Start])
		b.WriteString(replacement(m.Kind, s[m.Start:m.End]))
		prev = m.End
		if counts != nil {
			counts[m.Kind]++
		}
	}
	b.WriteString(s[prev:])
	return b.String()
}

// Bytes is String for a byte slice. It returns p itself when nothing is
// found, and a new slice otherwise; p is never modified.
func (r *Redactor) Bytes(p []byte) []byte {
	if len(p) == 0 {
		return p
	}
	s := unsafe.String(&p[0], len(p)) // read-only view for the scan
	ms := r.Find(s)
	if len(ms) == 0 {
		return p
	}
	out := make([]byte, 0, len(p))
	prev := 0
	for _, m := range ms {
		out = append(out, p[prev:m.Start]...)
		out = append(out, replacement(m.Kind, s[m.Start:m.End])...)
		prev = m.End
	}
	return append(out, p[prev:]...)
}

// replacement is what a secret of the given kind is replaced by: its
// placeholder once per line it spans, so that the text keeps its line
// breaks (the lines of a file, a diff or an edit still line up). A line
// break written as an escape, as in JSON-encoded text (`\n`, or `\\n` in
// JSON nested in a string), is kept as written too: so a text redacted
// while encoded decodes to the text redacted once decoded, and a key in a
// tool call's input reads there as in the edit made of that input.
func replacement(kind, secret string) string {
	p := Placeholder(kind)
	var b strings.Builder
	line := 0 // start of the current line
	for i := 0; i < len(secret); i++ {
		end := 0 // end of the line break at i
		switch secret[i] {
		case '\n':
			end = i + 1
		case '\\':
			j := i
			for j < len(secret) && secret[j] == '\\' {
				j++
			}
			if j == len(secret) || secret[j] != 'n' {
				i = j - 1 // no line break: go on after the backslashes
				continue
			}
			end = j + 1
		default:
			continue
		}
		b.WriteString(p)
		b.WriteString(carriageReturn(secret[line:i]))
		b.WriteString(secret[i:end])
		i, line = end-1, end
	}
	if line == 0 {
		return p
	}
	b.WriteString(p)
	b.WriteString(carriageReturn(secret[line:]))
	return b.String()
}

// carriageReturn returns the carriage return that ends a line, as written
// (\r, or escaped as in `\r`), or "".
func carriageReturn(line string) string {
	if strings.HasSuffix(line, "\r") {
		return "\r"
	}
	if !strings.HasSuffix(line, "r") {
		return ""
	}
	j := len(line) - 1
	for j > 0 && line[j-1] == '\\' {
		j--
	}
	if j == len(line)-1 {
		return ""
	}
	return line[j:]
}

// entropyAssignment checks a long run of key-like bytes s[start:end] for
// the shape NAME=value, "name": "value", name: value or name = 'value',
// and returns the value's span when the value looks random.
func entropyAssignment(s string, start, end int) (vs, ve int, ok bool) {
	run := s[start:end]
	// NAME=value inside one run (env files, query strings).
	if i := strings.IndexByte(run, '='); i > 0 && strings.TrimRight(run[i:], "=") != "" {
		if isIdentifier(run[:i]) {
			vs, ve = start+i+1, end
			if looksRandom(s[vs:ve], entropyMinLen, entropyMinBits) {
				return vs, ve, true
			}
		}
		return 0, 0, false
	}
	if !assignedBefore(s, start) || !endsValue(s, end) {
		return 0, 0, false
	}
	if !looksRandom(run, entropyMinLen, entropyMinBits) {
		return 0, 0, false
	}
	return start, end, true
}

// assignedBefore reports whether the text before p ends with an assignment
// operator, optionally followed by spaces and an opening quote.
func assignedBefore(s string, p int) bool {
	opened := false
	if p > 0 && (s[p-1] == '"' || s[p-1] == '\'') {
		p--
		opened = true
		for p > 0 && s[p-1] == '\\' {
			p--
		}
	}
	q := p
	for p > 0 && (s[p-1] == ' ' || s[p-1] == '\t') {
		p--
	}
	if p == 0 {
		return false
	}
	switch s[p-1] {
	case ':':
		// "key": "value" or key: value, but not a prefix like "h1:…".
		return opened || q > p
	case '=':
		return p < 2 || (s[p-2] != '=' && s[p-2] != '!')
	case '>':
		return p >= 2 && s[p-2] == '='
	}
	return false
}

// endsValue reports whether a value may end at p.
func endsValue(s string, p int) bool {
	return p >= len(s) || endsBare(s[p]) || s[p] == '.' && (p+1 >= len(s) || !isAlnum(s[p+1]))
}
