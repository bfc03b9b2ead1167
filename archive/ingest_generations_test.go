package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"hansard/transcripts"
)

func TestShrunkOrRewrittenFileKeepsEarlierGenerations(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	path := e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	first := messageTexts(t, a, "s1")

	// A new head: the file was rewritten.
	lines := reworded(sessionLines("s1", "/w"))
	e.write("s1.jsonl", lines...)
	if res := e.refresh(a, RefreshOptions{}); res.Reread != 1 || res.Generations != 1 {
		t.Fatalf("rewrite: %+v", res)
	}
	// Cut to its first two lines, then grown back the same way: nothing is
	// new, and the archive keeps the longer text meanwhile.
	e.write("s1.jsonl", lines[:2]...)
	if res := e.refresh(a, RefreshOptions{}); res.Appended != 1 || res.Generations != 0 {
		t.Fatalf("cut: %+v", res)
	}
	if got := messageTexts(t, a, "s1~2"); len(got) != 2 {
		t.Fatalf("after the cut: %q", got)
	}
	st, err := a.Status(context.Background(), []transcripts.Provider{e.prov}, e.env)
	if err != nil || len(st.ShorterFiles) != 1 || st.ShorterFiles[0].Path != path ||
		st.ShorterFiles[0].Archived <= st.ShorterFiles[0].Size {
		t.Fatalf("status of the cut file: %+v %v", st.ShorterFiles, err)
	}
	e.write("s1.jsonl", lines...)
	if res := e.refresh(a, RefreshOptions{}); res.Appended != 1 || res.Generations != 0 {
		t.Fatalf("grown back: %+v", res)
	}
	// Shrunk to two other lines.
	lines[1] = strings.Replace(lines[1], "kindly fix", "gently fix", 1)
	e.write("s1.jsonl", lines[:2]...)
	if res := e.refresh(a, RefreshOptions{}); res.Reread != 1 || res.Generations != 1 {
		t.Fatalf("shrink: %+v", res)
	}

	if got := messageTexts(t, a, "s1"); strings.Join(got, "\n") != strings.Join(first, "\n") {
		t.Fatalf("first generation: %q, was %q", got, first)
	}
	if got := messageTexts(t, a, "s1~2"); len(got) != 2 || !strings.HasPrefix(got[0], "kindly fix") {
		t.Fatalf("second generation: %q", got)
	}
	if got := messageTexts(t, a, "s1~3"); len(got) != 1 || !strings.HasPrefix(got[0], "gently fix") {
		t.Fatalf("third generation: %q", got)
	}
	if n := count(t, a.db, `SELECT count(*) FROM edits`); n != 2 {
		t.Fatalf("edits = %d", n)
	}
	for id, evidence := range map[string]string{"s1~2": path + "#1", "s1~3": path + "#1"} {
		si, err := a.GetSession(context.Background(), id)
		if err != nil || si.ParentID != "s1" || si.Relation != "continued_from" || si.LinkEvidence != "same session id as "+evidence {
			t.Fatalf("%s: %+v %v", id, si.Session, err)
		}
	}
	si, err := a.GetSession(context.Background(), "s1")
	if err != nil || !si.SourceDeleted || si.SourcePath != path+"#1" {
		t.Fatalf("first generation's session: %+v %v", si, err)
	}
	assertRetained(t, a, path)

	// Status says what is kept, and under which ids.
	st, err = a.Status(context.Background(), []transcripts.Provider{e.prov}, e.env)
	if err != nil {
		t.Fatal(err)
	}
	wantGens := []KeptGeneration{{"lines", path, 1, 1, 2}, {"lines", path, 2, 1, 2}}
	wantNames := []RenamedSession{{"s1", "s1~2", path}, {"s1", "s1~3", path}}
	if !reflect.DeepEqual(st.EarlierGenerations, wantGens) || !reflect.DeepEqual(st.RenamedSessions, wantNames) {
		t.Fatalf("status: %+v %+v", st.EarlierGenerations, st.RenamedSessions)
	}
	if p := st.Providers[0]; p.Sources != 1 || p.DeletedSources != 0 || p.EarlierGenerations != 2 || p.Sessions != 3 {
		t.Fatalf("provider status: %+v", p)
	}

	// Every generation is rebuilt from its retained copy.
	before := dump(t, a)
	os.Remove(path)
	e.refresh(a, RefreshOptions{})
	if res := e.refresh(a, RefreshOptions{Rebuild: true}); res.Rebuilt != 3 || res.Failed != 0 {
		t.Fatalf("rebuild: %+v %q", res, e.warnings)
	}
	if after := dump(t, a); !sameExceptDeleted(before, after) {
		t.Fatalf("rebuild changed content:\n%s\n---\n%s", before, after)
	}
}

func TestShorterFileAtADeletedPathKeepsTheDeletedOne(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	lines := sessionLines("s1", "/w")
	for i := range 40 {
		lines = append(lines, fmt.Sprintf(`{"t":"msg","role":"user","text":"message %d","uuid":"m%d"}`, i, i))
	}
	path := e.write("s1.jsonl", lines...)
	original := append([]string(nil), lines...)
	e.refresh(a, RefreshOptions{})
	os.Remove(path)
	if res := e.refresh(a, RefreshOptions{}); res.Deleted != 1 {
		t.Fatalf("delete: %+v", res)
	}
	kept := messageTexts(t, a, "s1")

	// Its own first lines come back (an older copy): nothing is new.
	e.write("s1.jsonl", lines[:3]...)
	if res := e.refresh(a, RefreshOptions{}); res.Generations != 0 || res.Appended != 1 {
		t.Fatalf("older copy: %+v", res)
	}
	if got := messageTexts(t, a, "s1"); len(got) != 42 {
		t.Fatalf("the deleted file's session after its older copy came back: %d messages", len(got))
	}
	if res := e.refresh(a, RefreshOptions{Rebuild: true}); res.Rebuilt != 1 || res.Generations != 0 {
		t.Fatalf("rebuild beside the older copy: %+v", res)
	}
	if got := messageTexts(t, a, "s1"); len(got) != 42 {
		t.Fatalf("rebuilt beside its older copy: %d messages", len(got))
	}
	// Another, shorter file.
	lines = reworded(lines)
	e.write("s1.jsonl", lines[:3]...)
	if res := e.refresh(a, RefreshOptions{}); res.Generations != 1 {
		t.Fatalf("shorter file: %+v", res)
	}
	if got := messageTexts(t, a, "s1"); len(got) != 42 || strings.Join(got, "\n") != strings.Join(kept, "\n") {
		t.Fatalf("the deleted file's session: %d messages", len(got))
	}
	if got := messageTexts(t, a, "s1~2"); len(got) != 2 {
		t.Fatalf("the new file's session: %q", got)
	}
	// The kept copy is the deleted file, whole.
	rc, err := openRetained(a.RetainedPath("lines", path+"#1"), int64(count(t, a.db,
		`SELECT retained_size FROM sources WHERE path = ?`, path+"#1")))
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if got := string(readAll(t, rc)); got != strings.Join(original, "\n")+"\n" {
		t.Fatalf("kept copy holds %d bytes", len(got))
	}
	assertRetained(t, a, path)
}

// longSession is a session whose first line fills the fingerprinted head,
// so that its later lines lie beyond it.
func longSession(id string) []string {
	lines := sessionLines(id, "/w")
	lines[0] = fmt.Sprintf(`{"t":"session","id":%q,"cwd":"/w","title":%q}`, id, strings.Repeat("t", 2*headBytes))
	return lines
}

func TestRewriteBehindAnUnchangedHeadIsANewGeneration(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change func(e *testEnv, path string, lines []string)
	}{
		{"same size, new mtime", func(e *testEnv, path string, lines []string) {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			e.write("s1.jsonl", lines...)
			later := fi.ModTime().Add(time.Second)
			if err := os.Chtimes(path, later, later); err != nil {
				t.Fatal(err)
			}
		}},
		{"same size, mtime set back", func(e *testEnv, path string, lines []string) {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(10 * time.Millisecond) // the change time moves on
			e.write("s1.jsonl", lines...)
			if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"rewritten and grown", func(e *testEnv, path string, lines []string) {
			e.write("s1.jsonl", append(lines, `{"t":"msg","role":"user","text":"appended","uuid":"u9"}`)...)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newTestEnv(t)
			a := e.open(Options{})
			lines := longSession("s1")
			path := e.write("s1.jsonl", lines...)
			e.refresh(a, RefreshOptions{})

			// The same length, head and line count; one answer differs.
			rewritten := append([]string(nil), lines...)
			rewritten[2] = strings.Replace(rewritten[2], "fixing parse_config", "undone parse_config", 1)
			if len(strings.Join(rewritten, "\n")) != len(strings.Join(lines, "\n")) {
				t.Fatalf("rewrite changed the length")
			}
			tc.change(e, path, rewritten)
			if res := e.refresh(a, RefreshOptions{}); res.Generations != 1 {
				t.Fatalf("rewrite not noticed: %+v", res)
			}
			if got := messageTexts(t, a, "s1"); got[1] != "fixing parse_config now" {
				t.Fatalf("first generation: %q", got)
			}
			if got := messageTexts(t, a, "s1~2"); got[1] != "undone parse_config now" {
				t.Fatalf("second generation: %q", got)
			}
			assertRetained(t, a, path)
		})
	}
}

func TestRebuildMeetingARewrittenFileKeepsTheRetainedOne(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	first := messageTexts(t, a, "s1")
	lines := reworded(sessionLines("s1", "/w"))
	e.write("s1.jsonl", lines[:3]...)
	// The new file is read whole, and the earlier generation rebuilt from
	// its retained copy, in the same refresh.
	if res := e.refresh(a, RefreshOptions{Rebuild: true}); res.Generations != 1 || res.Reread != 1 || res.Rebuilt != 1 || res.Failed != 0 {
		t.Fatalf("rebuild: %+v %q", res, e.warnings)
	}
	if got := messageTexts(t, a, "s1"); strings.Join(got, "\n") != strings.Join(first, "\n") {
		t.Fatalf("earlier generation: %q", got)
	}
	if got := messageTexts(t, a, "s1~2"); len(got) != 2 || !strings.HasPrefix(got[0], "kindly fix") {
		t.Fatalf("new generation: %q", got)
	}
	if n := count(t, a.db, `SELECT count(*) FROM sources WHERE reparse`); n != 0 {
		t.Fatalf("%d sources still to rebuild", n)
	}
}

// TestInterruptedNewGenerationResumes interrupts the refreshes that read
// rewritten files as new generations, again and again, with part of a
// file's records applied: the archive ends as one read without
// interruption, and every earlier generation's copy is whole.
func TestInterruptedNewGenerationResumes(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	var files [][]string
	for i := range 8 {
		id := fmt.Sprintf("s%d", i)
		var lines []string
		for range 80 { // more records than a batch holds
			lines = append(lines, sessionLines(id, "/w")...)
		}
		files = append(files, lines)
		e.write(id+".jsonl", lines...)
	}
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	clean := newTestEnv(t)
	clean.root = e.root
	b := clean.open(Options{})
	clean.refresh(b, RefreshOptions{})
	for i, lines := range files {
		rewritten := reworded(lines)
		e.write(fmt.Sprintf("s%d.jsonl", i), rewritten[:len(rewritten)-5]...)
	}

	// Cancelled once a file is read: some of its records are applied.
	e.refreshInterrupted(a, &e.prov.after, func(attempt int) int { return 1 + attempt%3 }, 30, nil)
	clean.refresh(b, RefreshOptions{})
	if got, want := dump(t, a), dump(t, b); got != want {
		t.Fatalf("resumed archive differs from one read without interruption:\n%s\n---\n%s", got, want)
	}
	for i, lines := range files {
		path := filepath.Join(e.root, fmt.Sprintf("s%d.jsonl", i))
		assertRetained(t, a, path)
		rc, err := openRetained(a.RetainedPath("lines", path+"#1"), int64(count(t, a.db,
			`SELECT retained_size FROM sources WHERE path = ?`, path+"#1")))
		if err != nil {
			t.Fatal(err)
		}
		got := string(readAll(t, rc))
		rc.Close()
		if got != strings.Join(lines, "\n")+"\n" {
			t.Fatalf("kept copy of %s holds %d bytes", path, len(got))
		}
	}
}
