package accuracy

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/shared"
	"hansard/provenance"
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
	"hansard/transcripts/providertest"
)

// TestLedgerOnSamples turns every edit of the real sample transcripts into
// ledger entries and checks the invariants of introduced lines: each sits
// at its position in the edit's new text (or is a '+' line of its patch),
// positions increase, and keys and common-line flags agree with the text.
func TestLedgerOnSamples(t *testing.T) {
	root := shared.Dir(t, "samples")
	ctx := context.Background()
	total, lines := 0, 0
	for _, p := range []transcripts.Provider{claude.New(), codex.Provider{}} {
		var files []string
		filepath.WalkDir(filepath.Join(root, p.Name()), func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".jsonl") {
				files = append(files, path)
			}
			return nil
		})
		for _, path := range files {
			var col providertest.Collector
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = p.Parse(ctx, transcripts.Source{Provider: p.Name(), Path: path, Class: transcripts.ClassMain}, f, transcripts.Checkpoint{}, col.Sink())
			f.Close()
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, e := range col.Edits() {
				e.Status = transcripts.EditOK
				entry, _ := provenance.NewEntry(e, p.Name(), "/repo", "f", nil)
				total++
				lines += len(entry.Lines)
				checkEntry(t, path, e, entry)
			}
		}
	}
	if total == 0 {
		t.Fatal("no edits in the samples")
	}
	t.Logf("%d edits, %d introduced lines", total, lines)
}

func checkEntry(t *testing.T, path string, e transcripts.Edit, entry provenance.LedgerEntry) {
	t.Helper()
	plus := 0
	for _, h := range e.Hunks {
		for _, l := range h.Lines {
			if strings.HasPrefix(l, "+") {
				plus++
			}
		}
	}
	if len(e.Hunks) > 0 && len(entry.Lines) != plus {
		t.Errorf("%s %s: %d lines from %d '+' lines", path, e.ToolCallID, len(entry.Lines), plus)
	}
	newLines := strings.Split(e.NewText, "\n")
	prev := -1
	for _, l := range entry.Lines {
		if l.Pos <= prev {
			t.Errorf("%s %s: positions not increasing at %d", path, e.ToolCallID, l.Pos)
		}
		prev = l.Pos
		if l.Key != provenance.NormalizeKey(l.Text) || l.Trivial != provenance.IsTrivial(l.Text) {
			t.Errorf("%s %s: key or flag of %q", path, e.ToolCallID, l.Text)
		}
		if len(e.Hunks) == 0 && (l.Pos >= len(newLines) || strings.TrimSuffix(newLines[l.Pos], "\r") != l.Text) {
			t.Errorf("%s %s: line %q is not at %d of the new text", path, e.ToolCallID, l.Text, l.Pos)
		}
	}
}
