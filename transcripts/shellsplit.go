package transcripts

import "strings"

// simpleCommand is one simple command of a shell script: its words
// (unquoted as shellWords does), the here-document bodies it reads, and
// the operator that ends it ("&&", "||", ";", "|", "&" or "" at the end
// of a line or of the script).
type simpleCommand struct {
	words   []string
	heredoc []string
	op      string
}

// splitCommands splits a shell script into simple commands on the
// operators && || ; | & and newlines outside quotes; a here-document's
// body goes to the command that opens it. Subshells, $(…) and `…` are not
// parsed: they stay inside the word that holds them.
func splitCommands(script string) []simpleCommand {
	var (
		out     []simpleCommand
		cur     simpleCommand
		word    strings.Builder
		inWord  bool
		pending []string // delimiters of here-documents opened on this line
	)
	endWord := func() {
		if inWord {
			cur.words = append(cur.words, word.String())
			word.Reset()
			inWord = false
		}
	}
	endCmd := func(op string) {
		endWord()
		if len(cur.words) > 0 || len(cur.heredoc) > 0 {
			cur.op = op
			out = append(out, cur)
		}
		cur = simpleCommand{}
	}
	s := script
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			endWord()
		case c == '\n':
			endWord()
			// Here-document bodies follow the line that opens them.
			for _, d := range pending {
				body, rest := heredocBody(s[i+1:], d)
				cur.heredoc = append(cur.heredoc, body)
				i = len(s) - len(rest) - 1
			}
			pending = nil
			endCmd("")
		case c == '#' && !inWord:
			for i+1 < len(s) && s[i+1] != '\n' {
				i++
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				end = len(s) - i - 1
			}
			word.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			depth := 0
			for i++; i < len(s) && (s[i] != '"' || depth > 0); i++ {
				switch {
				case s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0:
					i++
				case s[i] == '$' && i+1 < len(s) && s[i+1] == '(':
					depth++
				case s[i] == ')' && depth > 0:
					depth--
				}
				word.WriteByte(s[i])
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				word.WriteByte(s[i])
				inWord = true
			}
		case c == '<' && strings.HasPrefix(s[i:], "<<") && !strings.HasPrefix(s[i:], "<<<"):
			endWord()
			j := i + 2
			if j < len(s) && s[j] == '-' {
				j++
			}
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			d, rest, ok := heredocWord(s[j:])
			if !ok {
				word.WriteString("<<")
				inWord = true
				i++
				continue
			}
			pending = append(pending, d)
			i = len(s) - len(rest) - 1
		case c == '&' || c == '|' || c == ';':
			op := string(c)
			if i+1 < len(s) && (s[i+1] == c && c != ';') {
				op += string(c)
				i++
			}
			if c == '&' && (inWord && strings.HasSuffix(word.String(), ">") || i+1 < len(s) && s[i+1] == '>') {
				word.WriteByte(c) // 2>&1, &>file
				inWord = true
				continue
			}
			endCmd(op)
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endCmd("")
	return out
}

// heredocBody reads a here-document body from s up to the line that is
// delim; it returns the body and what follows the delimiter line.
func heredocBody(s, delim string) (body, rest string) {
	var b strings.Builder
	for s != "" {
		line := s
		if j := strings.IndexByte(s, '\n'); j >= 0 {
			line, s = s[:j], s[j+1:]
		} else {
			s = ""
		}
		if strings.TrimLeft(strings.TrimRight(line, "\r"), "\t") == delim {
			return b.String(), s
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String(), ""
}
