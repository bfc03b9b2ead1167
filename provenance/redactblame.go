package provenance

import (
	"hansard/provenance/gitrepo"
	"hansard/redact"
)

// redactBlame returns in with the text of its lines redacted as the
// archive's text is: all lines as one text (every line of the file when
// Others holds it), so that each line of a secret spanning several, such
// as a private key, is redacted. The lines are copies; their commits are
// shared. Answers then match a redacted line against the ledger's
// redacted lines, whether the blame came from git or from the cache
// (which keeps it redacted the same way), and show it redacted.
func redactBlame(in FileBlame, redactText func(string) string) FileBlame {
	lines := make([]gitrepo.BlameLine, len(in.Lines))
	copy(lines, in.Lines)
	if in.Others != nil {
		others := redact.LinesWith(in.Others, redactText)
		for i := range lines {
			if n := lines[i].FinalLine - 1; n >= 0 && n < len(in.Others) && in.Others[n] == lines[i].Text {
				lines[i].Text = others[n]
			} else {
				lines[i].Text = redactText(lines[i].Text)
			}
		}
		in.Others = others
	} else {
		texts := make([]string, len(lines))
		for i, l := range lines {
			texts[i] = l.Text
		}
		for i, t := range redact.LinesWith(texts, redactText) {
			lines[i].Text = t
		}
	}
	in.Lines = lines
	return in
}
