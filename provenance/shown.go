package provenance

import "hansard/redact"

// shownTexts returns the text of each line (indexed as f.lines) as answers
// show it: redacted, when the Attributor redacts, together with the rest
// of the file (every line of it when the blame holds a window), so that
// the lines of a secret spanning several, such as a private key, are each
// redacted.
func (f *fileState) shownTexts() []string {
	texts := make([]string, len(f.lines))
	for i, l := range f.lines {
		texts[i] = l.bl.Text
	}
	if f.a.Redact == nil {
		return texts
	}
	if others := f.in.Others; others != nil {
		red := redact.LinesWith(others, f.a.Redact)
		for i, l := range f.lines {
			if n := l.bl.FinalLine - 1; n >= 0 && n < len(others) && others[n] == texts[i] {
				texts[i] = red[n]
			} else {
				texts[i] = f.a.Redact(texts[i])
			}
		}
		return texts
	}
	return redact.LinesWith(texts, f.a.Redact)
}
