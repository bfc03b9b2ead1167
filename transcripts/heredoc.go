package transcripts

import (
	"path"
	"strings"
)

// Heredoc is one shell here-document: the command line that opens it, split
// around the "<<" operator, and the body up to the delimiter line.
type Heredoc struct {
	Before string // command text before "<<" on the opening line, trimmed
	After  string // text after the delimiter word on the opening line, trimmed
	Delim  string // the delimiter word, unquoted
	Body   string // the lines between the opening line and the delimiter, each ending in "\n"
	// Closed is false when the delimiter line never came (the body then runs to the end).
	Closed bool
}

// ParseHeredoc finds the first here-document in script. The opening line
// must contain "<<" (or "<<-") followed by a delimiter that may be quoted
// with ' or ". It reports false when script has no here-document.
func ParseHeredoc(script string) (Heredoc, bool) {
	nl := strings.IndexByte(script, '\n')
	if nl < 0 {
		return Heredoc{}, false
	}
	first, rest := script[:nl], script[nl+1:]
	i := strings.Index(first, "<<")
	if i < 0 || strings.HasPrefix(first[i:], "<<<") {
		return Heredoc{}, false
	}
	h := Heredoc{Before: strings.TrimSpace(first[:i])}
	op := first[i+2:]
	stripTabs := strings.HasPrefix(op, "-")
	if stripTabs {
		op = op[1:]
	}
	op = strings.TrimLeft(op, " \t")
	delim, after, ok := heredocWord(op)
	if !ok {
		return Heredoc{}, false
	}
	h.Delim, h.After = delim, strings.TrimSpace(after)
	var body strings.Builder
	for rest != "" {
		line := rest
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			line, rest = rest[:j], rest[j+1:]
		} else {
			rest = ""
		}
		check := strings.TrimRight(line, "\r")
		if stripTabs {
			check = strings.TrimLeft(check, "\t")
		}
		if check == delim {
			h.Closed = true
			break
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	h.Body = body.String()
	return h, true
}

// heredocWord reads the delimiter word at the start of s: 'EOF', "EOF" or
// EOF. It returns the word and what follows it.
func heredocWord(s string) (word, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	if q := s[0]; q == '\'' || q == '"' {
		end := strings.IndexByte(s[1:], q)
		if end <= 0 {
			return "", "", false
		}
		return s[1 : 1+end], s[2+end:], true
	}
	end := strings.IndexAny(s, " \t;&|><)")
	if end < 0 {
		end = len(s)
	}
	word = strings.Trim(s[:end], `\`)
	if word == "" {
		return "", "", false
	}
	return word, s[end:], true
}

// HeredocWrite finds a file written from a here-document by a shell
// script, perhaps after a "cd dir &&" (SplitCd): written whole (op
// OpWrite) by "cat <<'EOF' > file", "cat > file <<EOF" or "tee file
// <<EOF", or appended to (op OpAppend) by "cat >> file <<'EOF'" or "tee -a
// file <<EOF". It returns the target file (as written, joined to the cd's
// folder: relative to the script's folder unless absolute) and the body
// written. A script that does anything else before the write is not read:
// it reports false.
func HeredocWrite(script string) (file, body, op string, ok bool) {
	dir, rest, ok := SplitCd(script)
	if !ok {
		return "", "", "", false
	}
	h, ok := ParseHeredoc(rest)
	if !ok {
		return "", "", "", false
	}
	words := shellWords(h.Before + " " + h.After)
	file, appends, ok := heredocTarget(words)
	if !ok || file == "" {
		return "", "", "", false
	}
	if dir != "" && !path.IsAbs(file) {
		file = path.Join(dir, file)
	}
	op = OpWrite
	if appends {
		op = OpAppend
	}
	return file, h.Body, op, true
}

// heredocTarget returns the file that cat or tee writes in words (the
// opening line of a here-document), and whether it appends to it.
func heredocTarget(words []string) (file string, appends, ok bool) {
	if len(words) == 0 {
		return "", false, false
	}
	switch words[0] {
	case "cat":
		for i := 1; i < len(words); i++ {
			w := words[i]
			appends := strings.HasPrefix(w, ">>")
			switch {
			case w == ">" || w == "1>" || w == ">|" || w == ">>" || w == "1>>":
				if i+1 < len(words) {
					return words[i+1], appends, true
				}
			case strings.HasPrefix(w, ">"):
				return strings.TrimLeft(w, ">|"), appends, true
			}
		}
	case "tee":
		appends := false
		for _, w := range words[1:] {
			if strings.HasPrefix(w, "-") {
				if w == "-a" || w == "--append" {
					appends = true
				}
				continue
			}
			if strings.HasPrefix(w, ">") || w == "|" || w == "&&" || w == ";" {
				break
			}
			return w, appends, true
		}
	}
	return "", false, false
}

// SplitCd splits a shell script that starts by changing folder, "cd dir &&
// rest" or "cd dir; rest" (dir perhaps quoted), into dir and rest; a
// script that does not gives "" and itself, trimmed. ok is false when the
// folder cannot be known from the script alone (~, $VAR, cd -).
func SplitCd(script string) (dir, rest string, ok bool) {
	t := strings.TrimSpace(script)
	if !strings.HasPrefix(t, "cd ") && !strings.HasPrefix(t, "cd\t") {
		return "", t, true
	}
	line := t
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		line = t[:i]
	}
	i, n := strings.Index(line, "&&"), 2
	if j := strings.IndexByte(line, ';'); j >= 0 && (i < 0 || j < i) {
		i, n = j, 1
	}
	if i < 0 {
		return "", t, false
	}
	words := shellWords(line[:i])
	if len(words) != 2 || words[1] == "-" || strings.ContainsAny(words[1], "$~`") {
		return "", t, false
	}
	return words[1], strings.TrimSpace(t[i+n:]), true
}

// shellWords splits a command line into words as a shell does for simple
// commands: on blanks outside quotes, with '…' kept as is, "…" and \x
// unescaped. A word that was quoted whole is returned without its quotes,
// so "> 'my file.txt'" gives ">" and "my file.txt".
func shellWords(s string) []string {
	var (
		words []string
		cur   strings.Builder
		in    bool // a word has started
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				words, in = append(words, cur.String()), false
				cur.Reset()
			}
			continue
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				end = len(s) - i - 1
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
		case c == '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
		default:
			cur.WriteByte(c)
		}
		in = true
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}
