package claude

import (
	"fmt"
	"strings"
	"testing"

	"hansard/transcripts"
)

// originLine is a user or system line of the session of badSource.
func originLine(typ, uuid, parent, extra string) string {
	p := "null"
	if parent != "" {
		p = fmt.Sprintf("%q", parent)
	}
	return fmt.Sprintf(`{"type":%q,"sessionId":"77777777-7777-4777-8777-777777777777","uuid":%q,"parentUuid":%s,"timestamp":"2026-03-01T10:00:00Z","cwd":"/w"%s}`,
		typ, uuid, p, extra)
}

const prompt = `,"message":{"role":"user","content":"go on"}`

// uuidLinks returns the links known by a message uuid, as "uuid relation".
func uuidLinks(c interface {
	Links() []transcripts.Link
}) []string {
	var out []string
	for _, l := range c.Links() {
		if l.ParentMessageUUID != "" {
			if l.ParentID != "" || l.SessionID != "77777777-7777-4777-8777-777777777777" || l.Evidence == "" {
				out = append(out, fmt.Sprintf("bad link %+v", l))
			}
			out = append(out, l.ParentMessageUUID+" "+l.Relation)
		}
	}
	return out
}

func TestOriginLinks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		lines []string
		want  string
	}{
		{"fresh session", []string{originLine("user", "u1", "", prompt), originLine("user", "u2", "u1", prompt)}, ""},
		{"first line follows another file's message",
			[]string{originLine("user", "u1", "x9", prompt)}, "x9 resumed_from"},
		{"summary leaves, then a prompt",
			[]string{`{"type":"summary","summary":"A","leafUuid":"x1"}`, `{"type":"summary","summary":"B","leafUuid":"x2"}`,
				originLine("user", "u1", "", prompt), `{"type":"summary","summary":"C","leafUuid":"x3"}`},
			"x1 resumed_from x2 resumed_from x3 resumed_from"},
		{"summary leaf, then a continuation summary",
			[]string{`{"type":"summary","summary":"A","leafUuid":"x1"}`,
				originLine("user", "u1", "", `,"message":{"role":"user","content":"This session is being continued from a previous conversation that ran out of context."}`)},
			"x1 continued_from"},
		{"compact_boundary into a new file",
			[]string{originLine("system", "u1", "", `,"subtype":"compact_boundary","logicalParentUuid":"x5"`),
				originLine("user", "u2", "u1", `,"isCompactSummary":true,"message":{"role":"user","content":"summary"}`)},
			"x5 continued_from"},
		{"compaction inside the file",
			[]string{originLine("user", "u1", "", prompt), originLine("system", "u2", "", `,"subtype":"compact_boundary","logicalParentUuid":"u1"`),
				originLine("user", "u3", "u2", `,"isCompactSummary":true,"message":{"role":"user","content":"summary"}`)},
			""},
		{"compaction after bookkeeping lines",
			[]string{originLine("user", "u1", "", prompt), originLine("system", "u2", "u1", `,"subtype":"turn_duration"`),
				originLine("system", "u3", "u2", `,"subtype":"stop_hook_summary"`),
				originLine("system", "u4", "", `,"subtype":"compact_boundary","logicalParentUuid":"u1"`)},
			""},
		{"compaction naming an earlier message of another file",
			[]string{originLine("user", "u1", "", prompt), originLine("user", "u2", "u1", prompt),
				originLine("system", "u3", "", `,"subtype":"compact_boundary","logicalParentUuid":"x7"`)},
			"x7 continued_from"},
		{"leaf of a later line of the file",
			[]string{`{"type":"summary","summary":"A","leafUuid":"u2"}`, originLine("user", "u1", "", prompt), originLine("user", "u2", "u1", prompt)},
			"u2 resumed_from"}, // resolved to the session itself by the archive: no link
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := strings.Join(tc.lines, "\n") + "\n"
			c, _ := parseString(t, data, transcripts.Checkpoint{})
			if got := strings.Join(uuidLinks(c), " "); got != tc.want {
				t.Errorf("links %q, want %q", got, tc.want)
			}
			// Read line by line from checkpoints: the same links.
			var all []string
			cp := transcripts.Checkpoint{}
			for cp.Offset < int64(len(data)) {
				end := int64(strings.IndexByte(data[cp.Offset:], '\n')) + cp.Offset + 1
				var part interface{ Links() []transcripts.Link }
				part, cp = parseString(t, data[:end], cp)
				all = append(all, uuidLinks(part)...)
			}
			if got := strings.Join(all, " "); got != tc.want {
				t.Errorf("links read line by line %q, want %q", got, tc.want)
			}
		})
	}
}
