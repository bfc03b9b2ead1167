package archive

import (
	"encoding/json"
	"strings"

	"hansard/redact"
	"hansard/transcripts"
)

// copyRecord returns a copy of r that shares no memory a provider may
// reuse, with its test classification derived (transcripts.Command.Classify,
// on the text as recorded) and every text field passed through redactText
// (when not nil) as its kind says (transcripts.Record.Texts: prose as
// text, JSON string by string, diffs side by side, a repository URL
// without user name and password whatever the setting, labels kept), and
// the number of text bytes it carries. Binary content in the texts a record
// is found by (Field.Search: a message's text, a tool call's result)
// becomes a placeholder first (transcripts.ElideBinary): it is neither
// shown nor indexed.
func copyRecord(r transcripts.Record, redactText func(string) string) (transcripts.Record, int) {
	out := r.Clone()
	if out.Command != nil {
		out.Command.Classify()
	}
	n := 0
	out.Texts(func(f transcripts.Field, s *string) {
		switch f.Kind {
		case transcripts.TextLabel:
			return
		case transcripts.TextURL:
			*s = redact.StripUserinfo(*s)
			return
		}
		if f.Search {
			*s = transcripts.ElideBinary(*s)
		}
		if redactText != nil && *s != "" {
			switch f.Kind {
			case transcripts.TextJSON:
				*s = string(redactJSON(json.RawMessage(*s), redactText))
			case transcripts.TextDiff:
				*s = strings.Join(redactDiffLines(strings.Split(*s, "\n"), redactText), "\n")
			default:
				*s = redactText(*s)
			}
		}
		n += len(*s)
	})
	return out, n
}
