package codex

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"hansard/transcripts"
)

// jsExec reads a code-mode exec call: JavaScript run by Codex that may call
// tools.apply_patch(…) and tools.exec_command({cmd}). Every string literal
// of the script that holds a patch becomes that patch's edits, whether it is
// passed inline or through a variable; every exec_command with a literal cmd
// becomes a Command keyed "<call id>#n", its exit code unknown unless an
// exec_command_end reports it.
func (p *parser) jsExec(c *call, src string) {
	c.Kind = kindExec
	if strings.Contains(src, "apply_patch") {
		for _, lit := range jsStrings(src) {
			if strings.Contains(lit, "*** Begin Patch") || strings.Contains(lit, "*** Update File:") || strings.Contains(lit, "*** Add File:") {
				p.patchCall(c, lit, "")
			}
		}
	}
	for i, jc := range jsCommands(src) {
		cwd := p.resolveDir(jc.workdir)
		c.Inner = append(c.Inner, transcripts.Command{
			SessionID: c.Call.SessionID, ToolCallID: c.Call.ID + "#" + strconv.Itoa(i+1), MessageIndex: c.Call.MessageIndex,
			Command: jc.cmd, CWD: cwd, Timestamp: c.Call.Timestamp,
		})
		c.InnerSums = append(c.InnerSums, digest(jc.cmd))
	}
}

// jsCommand is a tools.exec_command({cmd, workdir}) call of a script.
type jsCommand struct{ cmd, workdir string }

var execCallRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`exec_command\s*\(\s*\{`) })

// jsCommands finds the commands a script runs with literal arguments:
// exec_command({cmd: "…", workdir: "…"}). A command built at run time is
// not seen.
func jsCommands(src string) []jsCommand {
	locs := execCallRe().FindAllStringIndex(src, -1)
	var out []jsCommand
	for i, loc := range locs {
		end := len(src)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		region := src[loc[1]:end]
		if cmd, ok := jsProperty(region, "cmd"); ok && strings.TrimSpace(cmd) != "" {
			wd, _ := jsProperty(region, "workdir")
			out = append(out, jsCommand{cmd: cmd, workdir: wd})
		}
	}
	return out
}

// jsProperty returns the string literal value of key in an object literal
// ({key: "…"} or {"key": '…'}).
func jsProperty(region, key string) (string, bool) {
	for from := 0; from < len(region); {
		i := strings.Index(region[from:], key)
		if i < 0 {
			return "", false
		}
		i += from
		from = i + len(key)
		if i > 0 && isIdent(region[i-1]) {
			continue // the end of a longer name
		}
		j := from
		if j < len(region) && (region[j] == '"' || region[j] == '\'') {
			j++
		}
		for j < len(region) && (region[j] == ' ' || region[j] == '\t' || region[j] == '\n') {
			j++
		}
		if j >= len(region) || region[j] != ':' {
			continue
		}
		j++
		for j < len(region) && (region[j] == ' ' || region[j] == '\t' || region[j] == '\n') {
			j++
		}
		if j < len(region) && (region[j] == '"' || region[j] == '\'' || region[j] == '`') {
			v, _ := jsLiteral(region, j)
			return v, true
		}
	}
	return "", false
}

func isIdent(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// jsStrings returns the decoded values of the string literals ('…', "…")
// and template literals (`…`) of a JavaScript source, skipping comments.
// Template substitutions (${…}) are kept as written.
func jsStrings(src string) []string {
	var out []string
	for i := 0; i < len(src); i++ {
		switch ch := src[i]; {
		case ch == '/' && i+1 < len(src) && src[i+1] == '/':
			if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(src)
			}
		case ch == '/' && i+1 < len(src) && src[i+1] == '*':
			if j := strings.Index(src[i+2:], "*/"); j >= 0 {
				i += j + 3
			} else {
				i = len(src)
			}
		case ch == '\'' || ch == '"' || ch == '`':
			s, end := jsLiteral(src, i)
			out = append(out, s)
			i = end
		}
	}
	return out
}

// jsLiteral decodes the literal starting at src[start] (its quote) and
// returns its value and the index of its closing quote (or len(src)-1).
func jsLiteral(src string, start int) (string, int) {
	q := src[start]
	var b strings.Builder
	i := start + 1
	for i < len(src) {
		ch := src[i]
		switch {
		case ch == q:
			return b.String(), i
		case ch == '\n' && q != '`':
			return b.String(), i // unterminated string literal
		case ch == '\\' && i+1 < len(src):
			i = jsEscape(src, i+1, &b)
			continue
		}
		b.WriteByte(ch)
		i++
	}
	return b.String(), len(src) - 1
}

// jsEscape decodes the escape sequence whose letter is at src[i] and
// returns the index after it.
func jsEscape(src string, i int, b *strings.Builder) int {
	ch := src[i]
	switch ch {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'v':
		b.WriteByte('\v')
	case '0':
		b.WriteByte(0)
	case '\r':
		if i+1 < len(src) && src[i+1] == '\n' {
			return i + 2 // line continuation
		}
	case '\n':
		// line continuation
	case 'x':
		if i+3 <= len(src) {
			if n, err := strconv.ParseUint(src[i+1:i+3], 16, 8); err == nil {
				b.WriteRune(rune(n))
				return i + 3
			}
		}
		b.WriteByte(ch)
	case 'u':
		return jsUnicode(src, i, b)
	default:
		b.WriteByte(ch) // \\ \' \" \` \$ and identity escapes
	}
	return i + 1
}

// jsUnicode decodes \uXXXX (joining surrogate pairs) and \u{X…}.
func jsUnicode(src string, i int, b *strings.Builder) int {
	if i+1 < len(src) && src[i+1] == '{' {
		if end := strings.IndexByte(src[i+2:], '}'); end > 0 {
			if n, err := strconv.ParseUint(src[i+2:i+2+end], 16, 32); err == nil && utf8.ValidRune(rune(n)) {
				b.WriteRune(rune(n))
				return i + 3 + end
			}
		}
		b.WriteByte('u')
		return i + 1
	}
	if i+5 > len(src) {
		b.WriteByte('u')
		return i + 1
	}
	n, err := strconv.ParseUint(src[i+1:i+5], 16, 16)
	if err != nil {
		b.WriteByte('u')
		return i + 1
	}
	r := rune(n)
	next := i + 5
	if r >= 0xD800 && r < 0xDC00 && next+6 <= len(src) && src[next] == '\\' && src[next+1] == 'u' {
		if lo, err := strconv.ParseUint(src[next+2:next+6], 16, 16); err == nil && lo >= 0xDC00 && lo < 0xE000 {
			r = (r-0xD800)<<10 + (rune(lo) - 0xDC00) + 0x10000
			next += 6
		}
	}
	b.WriteRune(r)
	return next
}
