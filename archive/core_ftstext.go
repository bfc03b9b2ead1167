package archive

import (
	"database/sql/driver"
	"encoding/json"
	"strings"
	"sync"

	"modernc.org/sqlite"
)

// The text a message gives the full-text index is split in SQL functions
// that the schema's views and triggers call (migrations/0017), so that the
// writer, a rebuild and a cascading delete index and remove exactly the same
// words. They are registered with the driver before the first archive opens.
//
//	hansard_said(text)        text without the harness's boilerplate
//	hansard_boiler(text)      the boilerplate alone ("" when none)
//	hansard_identifiers(text) a JSON array of the identifiers in text (see identifiers)

var registerFTSFunctions = sync.OnceValue(func() error {
	for _, f := range []struct {
		name string
		fn   func(string) any
	}{
		{"hansard_said", func(s string) any { said, _ := splitBoilerplate(s); return said }},
		{"hansard_boiler", func(s string) any { _, b := splitBoilerplate(s); return b }},
		{"hansard_identifiers", func(s string) any {
			ids := identifiers(s)
			if len(ids) == 0 {
				return "[]"
			}
			b, _ := json.Marshal(ids)
			return string(b)
		}},
	} {
		err := sqlite.RegisterDeterministicScalarFunction(f.name, 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			switch v := args[0].(type) {
			case string:
				return f.fn(v), nil
			case []byte:
				return f.fn(string(v)), nil
			}
			return f.fn(""), nil
		})
		if err != nil {
			return err
		}
	}
	return nil
})

// sqlFillVocab adds the identifiers of every indexed text to vocab (as
// migrations/0017 does).
const sqlFillVocab = `INSERT OR IGNORE INTO vocab (term)
	SELECT j.value FROM messages m, json_each(hansard_identifiers(m.text)) j
	UNION SELECT j.value FROM result_texts r, json_each(hansard_identifiers(r.result)) j`

// wholeBoilerplate start texts that a harness injects whole: Codex's
// permissions and sandbox preamble, environment context and project
// instructions; Claude Code's caveat before local command output.
var wholeBoilerplate = []string{
	"<permissions instructions>", "<permissions_instructions>", "<environment_context>",
	"<user_instructions>", "# AGENTS.md instructions", "<INSTRUCTIONS>", "<developer_instructions>",
	"<apps_instructions>", "<collaboration_mode>", "<world_state>", "<skills_instructions>",
	"<local-command-caveat>", "Caveat: The messages below were generated",
}

// Claude Code's reminders, appended to tool results and prompts.
const reminderOpen, reminderClose = "<system-reminder>", "</system-reminder>"

// splitBoilerplate returns text without the boilerplate a harness injects
// (said) and that boilerplate (boiler), blocks joined by a line break. A
// text that starts with a whole-text marker is all boilerplate; elsewhere
// each <system-reminder> block is (an unclosed one runs to the end).
func splitBoilerplate(text string) (said, boiler string) {
	t := strings.TrimLeft(text, " \t\r\n")
	for _, p := range wholeBoilerplate {
		if strings.HasPrefix(t, p) {
			return "", text
		}
	}
	i := strings.Index(text, reminderOpen)
	if i < 0 {
		return text, ""
	}
	var s, b strings.Builder
	for i >= 0 {
		s.WriteString(text[:i])
		rest := text[i:]
		end := strings.Index(rest, reminderClose)
		if end < 0 {
			end = len(rest)
		} else {
			end += len(reminderClose)
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(rest[:end])
		text = rest[end:]
		i = strings.Index(text, reminderOpen)
	}
	s.WriteString(text)
	return s.String(), b.String()
}

// messageColumns returns the columns of messages_fts for a message: its
// text without boilerplate in the column of its role (user; said for
// assistant and system messages; tool), and the boilerplate. It agrees
// with the view message_fts_texts.
func messageColumns(role, text string) []string {
	said, boiler := splitBoilerplate(text)
	cols := []string{"", "", "", boiler}
	switch role {
	case "user":
		cols[0] = said
	case "tool":
		cols[2] = said
	default:
		cols[1] = said
	}
	return cols
}

// minIdentifier is the shortest identifier the vocabulary keeps.
const minIdentifier = 4

// identifiers returns the distinct identifiers of text, folded to lower
// case as the full-text index keeps them: ASCII words of at least
// minIdentifier characters that hold a '_' inside, or a capital letter after
// their first character and a small one (AddUserMessage, run_explain,
// parseJSON; not README). A search
// finds the identifiers that contain its word among them.
func identifiers(text string) []string {
	var out []string
	var seen map[string]bool
	for i := 0; i < len(text); {
		for i < len(text) && identClass[text[i]] == 0 {
			i++
		}
		if i == len(text) {
			break
		}
		start, first := i, identClass[text[i]]
		var rest uint8 // the classes of the word's characters after its first
		for i++; i < len(text) && identClass[text[i]] != 0; i++ {
			rest |= identClass[text[i]]
		}
		all := first | rest
		w := text[start:i]
		if (all&identUnder != 0 || rest&identUpper != 0 && all&identLower != 0) && all&identHigh == 0 &&
			len(w) >= minIdentifier && w[0] != '_' && w[len(w)-1] != '_' {
			w = strings.ToLower(w)
			if seen == nil {
				seen = make(map[string]bool)
			}
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// identClass holds, for each byte, the classes identifiers tells words
// by; a byte of no class ends a word.
var identClass = func() (c [256]uint8) {
	for b := range 256 {
		switch {
		case b == '_':
			c[b] = identUnder
		case b >= '0' && b <= '9':
			c[b] = identDigit
		case b >= 'a' && b <= 'z':
			c[b] = identLower
		case b >= 'A' && b <= 'Z':
			c[b] = identUpper
		case b >= 0x80:
			c[b] = identHigh
		}
	}
	return c
}()

// The classes of identClass.
const (
	identUnder uint8 = 1 << iota
	identDigit
	identLower
	identUpper
	identHigh
)
