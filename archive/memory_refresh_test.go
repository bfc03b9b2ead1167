package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefreshMemories stores a memory file redacted, with a version per
// content, skips a link and a file given again unchanged, stores the
// text again when the redaction changes, and finds sections by words.
func TestRefreshMemories(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newTestEnv(t)
	hide := func(s string) string { return strings.ReplaceAll(s, "hunter2", "[REDACTED]") }
	a := e.open(Options{Redact: hide, RedactVersion: "1"})
	dir := t.TempDir()
	path := filepath.Join(dir, "CLAUDE.md")
	write := func(text string) {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("# Rules\n\nThe password is hunter2.\n\n## Deploy\n\nShip on Fridays.\n")
	link := filepath.Join(dir, "linked.md")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	files := []MemoryFile{
		{Path: path, Provider: "claude", Kind: "instructions", Scope: "project", Repo: dir},
		{Path: link, Provider: "claude", Kind: "instructions", Scope: "project", Repo: dir},
	}
	refresh := func(a *Archive) MemoryRefreshResult {
		t.Helper()
		res, err := a.RefreshMemories(ctx, files, func(s string) { t.Log(s) })
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := refresh(a); res.Read != 1 || res.Versions != 1 {
		t.Fatalf("first refresh %+v", res)
	}
	hits, err := a.SearchMemories(ctx, MemoryQuery{Match: `"fridays"`})
	if err != nil || len(hits) != 1 {
		t.Fatalf("hits %+v %v", hits, err)
	}
	h := hits[0]
	if h.Heading != "Deploy" || h.LineStart != 5 || h.LineEnd != 7 || h.Title != "Rules" || h.Path != path || h.Repo != dir {
		t.Errorf("hit %+v", h)
	}
	m, err := a.Memory(ctx, h.ID, 0)
	if err != nil || strings.Contains(m.Content, "hunter2") || !strings.Contains(m.Content, "[REDACTED]") {
		t.Errorf("stored %+v %v", m, err)
	}
	if res := refresh(a); res.Read != 0 || res.Unchanged != 1 {
		t.Errorf("unchanged refresh %+v", res)
	}
	write("# Rules\n\nShip on Mondays.\n")
	if res := refresh(a); res.Versions != 1 {
		t.Errorf("after an edit %+v", res)
	}
	if m, _ := a.Memory(ctx, h.ID, 0); m.Version != 2 || m.Versions != 2 || !strings.Contains(m.Content, "Mondays") {
		t.Errorf("current %+v", m)
	}
	if m, _ := a.Memory(ctx, h.ID, 1); !strings.Contains(m.Content, "Fridays") {
		t.Errorf("first version %+v", m)
	}
	if _, err := a.Memory(ctx, h.ID+1, 0); err == nil {
		t.Error("an unknown memory is found")
	}
	a.Close()

	// Redaction off: the same bytes are read again and stored as they are.
	write("# Rules\n\nhunter2 on Mondays.\n")
	plain := e.open(Options{})
	refresh(plain)
	if res := refresh(plain); res.Read != 0 {
		t.Errorf("second refresh without redaction %+v", res)
	}
	if m, _ := plain.Memory(ctx, h.ID, 0); !strings.Contains(m.Content, "hunter2") {
		t.Errorf("without redaction %+v", m)
	}
	plain.Close()
	again := e.open(Options{Redact: hide, RedactVersion: "1"})
	if res := refresh(again); res.Read != 1 || res.Versions != 0 {
		t.Errorf("redaction back on %+v", res)
	}
	if m, _ := again.Memory(ctx, h.ID, 0); strings.Contains(m.Content, "hunter2") {
		t.Errorf("redaction back on: %+v", m)
	}
	again.Close()

	// A file gone while redaction was off is redacted as stored.
	plain = e.open(Options{})
	write("# Rules\n\nhunter2 again.\n")
	refresh(plain)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if res := refresh(plain); res.Gone != 1 {
		t.Errorf("after a delete %+v", res)
	}
	plain.Close()
	last := e.open(Options{Redact: hide, RedactVersion: "1"})
	refresh(last)
	for v := 1; v <= 4; v++ {
		if m, err := last.Memory(ctx, h.ID, v); err != nil || strings.Contains(m.Content, "hunter2") || !m.Gone {
			t.Errorf("version %d of a gone file: %+v %v", v, m, err)
		}
	}
	if hits, _ := last.SearchMemories(ctx, MemoryQuery{Match: `"hunter2"`}); len(hits) != 0 {
		t.Errorf("the index keeps a redacted word: %+v", hits)
	}
}
