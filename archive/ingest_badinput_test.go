package archive

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/transcripts"
)

func TestBadInputIsCountedAndSkipped(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	good := e.write("good.jsonl", sessionLines("good", "/w")...)
	e.refresh(a, RefreshOptions{})
	before := count(t, a.db, `SELECT count(*) FROM messages`)

	lines := sessionLines("bad", "/w")
	bad := e.write("bad.jsonl", append(lines[:2],
		`{"t":"msg","role":"user","text":`,  // malformed
		`{"t":"hologram","x":1}`,            // unknown type
		"\x00\x01\x02\xff\xfe garbage \x00", // binary
		lines[2])...)
	e.write("empty.jsonl")
	os.WriteFile(filepath.Join(e.root, "empty.jsonl"), nil, 0o600)
	e.warnings = nil
	res := e.refresh(a, RefreshOptions{})
	if res.Problems[transcripts.ProblemMalformed] != 2 || res.Problems[transcripts.ProblemUnknownType] != 1 {
		t.Fatalf("problems: %+v", res.Problems)
	}
	if len(e.warnings) != 1 || !strings.Contains(e.warnings[0], bad) || !strings.Contains(e.warnings[0], "3 lines skipped (2 malformed, 1 unknown_type)") {
		t.Fatalf("warnings: %q", e.warnings)
	}
	msgs, err := a.Messages(context.Background(), "bad", 0, 0)
	if err != nil || len(msgs) != 2 {
		t.Fatalf("bad file's good lines: %d %v", len(msgs), err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages`); n != before+2 {
		t.Fatalf("messages = %d, want %d", n, before+2)
	}
	st, err := a.Status(context.Background(), []transcripts.Provider{e.prov}, e.env)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.ProblemFiles) != 1 || st.ProblemFiles[0].Path != bad || st.ProblemFiles[0].Counts["malformed"] != 2 {
		t.Fatalf("status problem files: %+v", st.ProblemFiles)
	}
	// Refreshing again neither re-reads nor re-counts.
	e.warnings = nil
	res = e.refresh(a, RefreshOptions{})
	if res.ProblemLines() != 0 || len(e.warnings) != 0 || res.Unchanged != 3 {
		t.Fatalf("second refresh: %+v %q", res, e.warnings)
	}
	if _, err := a.GetSession(context.Background(), "good"); err != nil {
		t.Fatal(err)
	}
	_ = good
}

func TestOversizedLineIsSkipped(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	lines := sessionLines("big", "/w")
	var buf bytes.Buffer
	buf.WriteString(strings.Join(lines[:2], "\n") + "\n")
	// A line past MaxLineBytes by a little: only being past it counts.
	buf.WriteString(`{"t":"msg","role":"user","text":"`)
	buf.Write(bytes.Repeat([]byte("a"), transcripts.MaxLineBytes+1<<20))
	buf.WriteString("\"}\n")
	buf.WriteString(lines[2] + "\n")
	if err := os.WriteFile(filepath.Join(e.root, "big.jsonl"), buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	res := e.refresh(a, RefreshOptions{})
	if res.Problems[transcripts.ProblemOversized] != 1 {
		t.Fatalf("problems: %+v", res.Problems)
	}
	msgs, _ := a.Messages(context.Background(), "big", 0, 0)
	if len(msgs) != 2 || msgs[1].Text != "fixing parse_config now" {
		t.Fatalf("messages around the oversized line: %+v", msgs)
	}
}

func TestFileVanishingBeforeRead(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("keep.jsonl", sessionLines("keep", "/w")...)
	gone := e.write("gone.jsonl", sessionLines("gone", "/w")...)
	e.prov.discovered = func(path string) {
		if path == gone {
			os.Remove(path)
		}
	}
	res := e.refresh(a, RefreshOptions{})
	e.prov.discovered = nil
	if res.Failed+res.Reread != 2 || len(e.warnings) > 1 {
		t.Fatalf("refresh: %+v %q", res, e.warnings)
	}
	if _, err := a.GetSession(context.Background(), "keep"); err != nil {
		t.Fatal(err)
	}
	if res.Failed == 1 {
		st, _ := a.Status(context.Background(), []transcripts.Provider{e.prov}, e.env)
		if len(st.FailedFiles) != 1 || !strings.Contains(e.warnings[0], "vanished") {
			t.Fatalf("failed files: %+v %q", st.FailedFiles, e.warnings)
		}
	}
	e.refresh(a, RefreshOptions{}) // the gone file is simply absent now
}

func TestFileVanishingOrTruncatedMidRead(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	var long []string
	for range 800 { // 640 KB: more than twice the reader's buffer (256 KB)
		long = append(long, sessionLines("long", "/w")...)
	}
	e.write("keep.jsonl", sessionLines("keep", "/w")...)
	e.refresh(a, RefreshOptions{})
	path := e.write("long.jsonl", long...)
	e.prov.during = func(src transcripts.Source) {
		if src.Path == path {
			os.Truncate(path, 3000)
		}
	}
	e.refresh(a, RefreshOptions{})
	e.prov.during = func(src transcripts.Source) {
		if src.Path == path {
			os.Remove(path)
		}
	}
	e.write("long.jsonl", long...)
	e.refresh(a, RefreshOptions{})
	e.prov.during = nil
	if res := e.refresh(a, RefreshOptions{}); res.Deleted != 1 {
		t.Fatalf("refresh after the file vanished: %+v", res)
	}
	si, err := a.GetSession(context.Background(), "long")
	if err != nil || !si.SourceDeleted || si.Messages == 0 {
		t.Fatalf("vanished session: %+v %v", si, err)
	}
	if _, err := a.GetSession(context.Background(), "keep"); err != nil {
		t.Fatal(err)
	}
	dump(t, a)
}

func TestUnreadableFolderIsReported(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("ok/s1.jsonl", sessionLines("s1", "/w")...)
	locked := filepath.Join(e.root, "locked")
	e.write("locked/s2.jsonl", sessionLines("s2", "/w")...)
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o700) })
	if os.Getuid() == 0 {
		e.prov.denied = map[string]bool{locked: true}
	}
	res := e.refresh(a, RefreshOptions{})
	if res.Sessions != 1 || len(e.warnings) != 1 || !strings.Contains(e.warnings[0], locked) {
		t.Fatalf("refresh: %+v %q", res, e.warnings)
	}
	st, err := a.Status(context.Background(), []transcripts.Provider{e.prov}, e.env)
	if err != nil || len(st.UnreadableFolders) != 1 || st.UnreadableFolders[0].Path != locked {
		t.Fatalf("status: %+v %v", st.UnreadableFolders, err)
	}
}

func TestFileGrowingAfterItsLastReadIsReadNextTime(t *testing.T) {
	t.Parallel()
	// A line appended between the parser's last read and the stat that
	// follows it must not be taken as read.
	e := newTestEnv(t)
	a := e.open(Options{})
	path := e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.prov.after = func(src transcripts.Source) {
		if src.Path == path {
			e.prov.after = nil
			e.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"late line","uuid":"s1-late"}`+"\n")
		}
	}
	e.refresh(a, RefreshOptions{})
	if res := e.refresh(a, RefreshOptions{}); res.Appended != 1 {
		t.Fatalf("refresh after the late line: %+v", res)
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages WHERE text = 'late line'`); n != 1 {
		t.Fatalf("late line stored %d times", n)
	}
}
