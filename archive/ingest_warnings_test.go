package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/transcripts"
)

// Trouble with a folder or a file is warned about once, not on every
// refresh while it lasts, and again when it changes: an unreadable folder,
// a skipped link (also listed in status), a file that cannot be read.
func TestTroubleWarnedOnce(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("ok/s1.jsonl", sessionLines("s1", "/w")...)
	locked := filepath.Join(e.root, "locked")
	e.write("locked/s2.jsonl", sessionLines("s2", "/w")...)
	e.prov.denied = map[string]bool{locked: true}
	outside := filepath.Join(t.TempDir(), "passwd")
	if err := os.WriteFile(outside, []byte("root:x:0:0::/root:/bin/sh\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(e.root, "ok", "passwd.jsonl")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	// bad is a file when discovery stats it and a folder when it is read.
	bad := e.write("ok/bad.jsonl", sessionLines("s3", "/w")...)
	e.prov.discovered = func(path string) {
		if path == bad {
			os.Remove(bad)
			os.Mkdir(bad, 0o700)
		}
	}
	restore := func() {
		os.Remove(bad)
		e.write("ok/bad.jsonl", sessionLines("s3", "/w")...)
	}

	e.refresh(a, RefreshOptions{})
	if len(e.warnings) != 3 {
		t.Fatalf("first refresh warned %q, want the folder, the link and the file", e.warnings)
	}
	for _, w := range e.warnings {
		if !strings.HasPrefix(w, locked) && !strings.HasPrefix(w, link+": skipped") && !strings.HasPrefix(w, bad) {
			t.Errorf("warning %q", w)
		}
	}
	st, err := a.Status(context.Background(), []transcripts.Provider{e.prov}, e.env)
	if err != nil || len(st.SkippedFiles) != 1 || st.SkippedFiles[0].Path != link || len(st.UnreadableFolders) != 1 {
		t.Fatalf("status: skipped %+v, unreadable %+v, %v", st.SkippedFiles, st.UnreadableFolders, err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages WHERE text LIKE 'root:%'`); n != 0 {
		t.Errorf("the link's target was read")
	}

	for range 2 {
		restore()
		e.warnings = nil
		e.refresh(a, RefreshOptions{})
		if len(e.warnings) != 0 {
			t.Fatalf("warned again: %q", e.warnings)
		}
	}

	// A change is warned about: the link now leads to a folder.
	os.Remove(link)
	if err := os.Symlink(t.TempDir(), link); err != nil {
		t.Fatal(err)
	}
	restore()
	e.warnings = nil
	e.refresh(a, RefreshOptions{})
	if len(e.warnings) != 1 || !strings.HasPrefix(e.warnings[0], link) {
		t.Fatalf("after the change: %q", e.warnings)
	}
}
