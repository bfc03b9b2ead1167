package provenance

import (
	"testing"

	"hansard/transcripts"
)

func TestTracker(t *testing.T) {
	t.Parallel()
	tr := NewTracker()
	ok := transcripts.EditOK
	steps := []struct {
		name    string
		edit    transcripts.Edit
		path    string
		moveTo  string
		want    string // content after, "" with known=false for unknown
		known   bool
		written []string
	}{
		{"create", transcripts.Edit{Tool: "Write", Op: transcripts.OpCreate, NewText: "a\nb\n", Status: ok}, "f", "", "a\nb\n", true, []string{"a", "b"}},
		{"edit", transcripts.Edit{Tool: "Edit", Op: transcripts.OpUpdate, OldText: "b\n", NewText: "b\nc\n", Status: ok}, "f", "", "a\nb\nc\n", true, []string{"c"}},
		{"failed edit changes nothing", transcripts.Edit{Tool: "Edit", Op: transcripts.OpUpdate, OldText: "a", NewText: "zzz", Status: transcripts.EditFailed}, "f", "", "a\nb\nc\n", true, nil},
		{"write of unknown prior content diffed against tracked", transcripts.Edit{Tool: "Write", Op: transcripts.OpWrite, NewText: "a\nb\nc\nd\n", Status: ok}, "f", "", "a\nb\nc\nd\n", true, []string{"d"}},
		{"patch", transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpUpdate, Status: ok, Hunks: []transcripts.Hunk{{Lines: []string{" c", "-d", "+e"}}}}, "f", "", "a\nb\nc\ne\n", true, []string{"e"}},
		{"move", transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpMove, Status: ok, Hunks: []transcripts.Hunk{{Lines: []string{" a", "+x"}}}}, "f", "g", "a\nx\nb\nc\ne\n", true, []string{"x"}},
		{"edit whose old text is not there", transcripts.Edit{Tool: "Edit", Op: transcripts.OpUpdate, OldText: "nope", NewText: "y", Status: ok}, "g", "", "", false, []string{"y"}},
		{"write after unknown counts every line", transcripts.Edit{Tool: "Write", Op: transcripts.OpWrite, NewText: "p\nq\n", Status: ok}, "g", "", "p\nq\n", true, []string{"p", "q"}},
		{"append to unknown content", transcripts.Edit{Tool: "shell_write", Op: transcripts.OpAppend, NewText: "r\n", Status: ok}, "k", "", "", false, []string{"r"}},
		{"delete", transcripts.Edit{Tool: "apply_patch", Op: transcripts.OpDelete, Status: ok}, "g", "", "", false, nil},
		{"create another", transcripts.Edit{Tool: "Write", Op: transcripts.OpCreate, NewText: "a\nb\n", Status: ok}, "n", "", "a\nb\n", true, []string{"a", "b"}},
		{"append adds at the end", transcripts.Edit{Tool: "shell_write", Op: transcripts.OpAppend, NewText: "a\nf\n", Status: ok}, "n", "", "a\nb\na\nf\n", true, []string{"a", "f"}},
		{"creation over tracked content is diffed", transcripts.Edit{Tool: "Write", Op: transcripts.OpCreate, NewText: "a\nb\na\nf\nz\n", Status: ok}, "n", "", "a\nb\na\nf\nz\n", true, []string{"z"}},
	}
	for _, s := range steps {
		entry, _ := tr.Entry(s.edit, "codex", "/r", s.path, s.moveTo)
		var got []string
		for _, l := range entry.Lines {
			got = append(got, l.Text)
		}
		if len(got) != len(s.written) {
			t.Errorf("%s: written %q, want %q", s.name, got, s.written)
		} else {
			for i := range got {
				if got[i] != s.written[i] {
					t.Errorf("%s: written %q, want %q", s.name, got, s.written)
					break
				}
			}
		}
		dest := s.path
		if s.moveTo != "" {
			dest = s.moveTo
			if _, ok := tr.Content("/r", s.path); ok {
				t.Errorf("%s: source still tracked", s.name)
			}
		}
		c, known := tr.Content("/r", dest)
		if known != s.known || c != s.want {
			t.Errorf("%s: content %q known %v, want %q %v", s.name, c, known, s.want, s.known)
		}
	}
	tr.Seed("/r", "h", "seeded\n")
	if c, ok := tr.Content("/r", "h"); !ok || c != "seeded\n" {
		t.Errorf("seed: %q %v", c, ok)
	}
}
