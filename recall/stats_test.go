package recall

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

// testStats checks stats over the history world against why's answers for
// the same lines: the shares are why's, summed.
func testStats(t *testing.T, hw *historyWorld) {
	ctx := context.Background()
	stats := func(t *testing.T, path string) StatsResponse {
		t.Helper()
		r, err := hw.host.Stats(ctx, StatsRequest{Path: path}, Scope{Dir: hw.repo.Dir})
		if err != nil {
			t.Fatalf("Stats(%q): %v", path, err)
		}
		return r
	}
	// byWhy tallies why's own answers for the files.
	byWhy := func(t *testing.T, files ...string) (lines int, bySession map[string]int, none int) {
		t.Helper()
		bySession = map[string]int{}
		for _, f := range files {
			w, err := hw.host.Why(ctx, WhyRequest{Location: filepath.Join(hw.repo.Dir, f), Bare: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range w.Answers {
				lines++
				switch {
				case a.Status == "none":
					none++
				case a.Edit != nil && a.Status != "conflicting":
					bySession[a.Edit.SessionID]++
				}
			}
		}
		return lines, bySession, none
	}

	t.Run("file", func(t *testing.T) {
		r := stats(t, "lib/math.go")
		lines, bySession, none := byWhy(t, "lib/math.go")
		if r.Folder || r.Files != 1 || r.Lines != lines || r.Path != "lib/math.go" || r.Nobody.Lines != none {
			t.Fatalf("stats = %+v, want %d lines (%d none) as why answers\n%s", r, lines, none, r.Text())
		}
		if len(r.Sessions) != len(bySession) {
			t.Fatalf("sessions = %+v, want why's %v", r.Sessions, bySession)
		}
		for _, s := range r.Sessions {
			if s.Lines != bySession[s.SessionID] || s.Files != 1 || s.Provider != "claude" || s.Title == "" {
				t.Errorf("session %+v, want %d lines as why says", s, bySession[s.SessionID])
			}
		}
		if bySession[hw.s1.id] < 5 || bySession[hw.s5.id] < 3 || none < 3 {
			t.Errorf("why: s1 %d, s5 %d, none %d: want Add by s1, Neg by s5, Times by a person", bySession[hw.s1.id], bySession[hw.s5.id], none)
		}
		if len(r.Providers) != 1 || r.Providers[0].Name != "claude" {
			t.Errorf("providers = %+v", r.Providers)
		}
		total := r.Nobody.Share + r.Conflicting.Share
		for _, p := range r.Providers {
			total += p.Share
		}
		counted := 0
		for _, s := range r.Statuses {
			counted += s.Count
		}
		if total < 0.999 || total > 1.001 || counted != r.Lines {
			t.Errorf("shares add up to %.3f, statuses to %d of %d lines", total, counted, r.Lines)
		}
		text := r.Text()
		for _, want := range []string{"lib/math.go (file: 1 file, ", "providers\n└─ claude", hw.s1.id, "nobody archived: "} {
			if !strings.Contains(text, want) {
				t.Errorf("text lacks %q:\n%s", want, text)
			}
		}
	})

	t.Run("repository", func(t *testing.T) {
		r := stats(t, "")
		lines, bySession, _ := byWhy(t, "go.mod", "lib/math.go", "main.go")
		if !r.Folder || r.Path != "." || r.Files != 3 || r.Lines != lines || len(r.Sessions) != len(bySession) {
			t.Fatalf("stats = %+v, want the 3 tracked files, %d lines\n%s", r, lines, r.Text())
		}
		from, err := hw.host.Stats(ctx, StatsRequest{}, Scope{Dir: filepath.Join(hw.repo.Dir, "lib")})
		if err != nil || from.Path != "." || from.Files != 3 {
			t.Errorf("from lib/, no path: %+v, %v; want the whole repository", from, err)
		}
		lib := stats(t, "lib")
		if lib.Path != "lib" || lib.Files != 1 {
			t.Errorf("lib: %+v, want its one tracked file", lib)
		}
	})

	t.Run("skipped", func(t *testing.T) {
		r := gittest.New(t)
		r.Write("a.txt", "one line\n")
		r.Write("logo.png", "\x89PNG\r\n\x1a\n\x00\x00\x00")
		r.Write("huge.txt", strings.Repeat("a line of text\n", StatsMaxBytes/15+1))
		r.Write("gone.txt", "deleted from the working tree\n")
		r.Commit("files")
		if err := os.Remove(filepath.Join(r.Dir, "gone.txt")); err != nil { // tracked, missing from the tree
			t.Fatal(err)
		}
		got, err := hw.host.Stats(ctx, StatsRequest{Path: r.Dir}, Scope{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{SkipBinary: 1, SkipTooLarge: 1, SkipMissing: 1}
		if got.Files != 1 || got.Lines != 1 || got.Nobody.Lines != 1 || len(got.Skipped) != 3 {
			t.Fatalf("stats = %+v, want a.txt alone, by nobody, and three files skipped", got)
		}
		for _, s := range got.Skipped {
			if want[s.Kind] != s.Count {
				t.Errorf("skipped %s: %d, want %d", s.Kind, s.Count, want[s.Kind])
			}
		}
		if !strings.Contains(got.Text(), "skipped 1 binary, 1 too large, 1 missing") {
			t.Errorf("text:\n%s", got.Text())
		}
	})

	t.Run("errors", func(t *testing.T) {
		for _, c := range []struct{ path, dir, want string }{
			{"no/such/file.go", hw.repo.Dir, "no such file or folder"},
			{t.TempDir(), "", "is not inside a git repository"},
		} {
			_, err := hw.host.Stats(ctx, StatsRequest{Path: c.path}, Scope{Dir: c.dir})
			if ErrorCode(err) != CodeInvalidArgument || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Stats(%q) = %v, want invalid_argument %q", c.path, err, c.want)
			}
		}
	})
}
