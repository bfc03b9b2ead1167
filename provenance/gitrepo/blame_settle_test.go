package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo/gittest"
)

// twoCommitsAndChanges makes a.go in two commits (the second's id is
// returned), then changes two of its lines in the working tree.
func twoCommitsAndChanges(t *testing.T) (*gittest.Repo, string) {
	g := gittest.New(t)
	g.Write("a.go", "package a\n\nfunc A() int {\n\treturn 1\n}\n")
	g.Commit("add A")
	g.Write("a.go", "package a\n\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 2\n}\n")
	c2 := g.Commit("add B")
	g.Write("a.go", "package a\n\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 3\n}\n// uncommitted\n")
	return g, c2
}

func TestBlameSettled(t *testing.T) {
	t.Parallel()
	g, c2 := twoCommitsAndChanges(t)
	r := openRepo(t, g)
	ctx := context.Background()
	whole, err := r.Blame(ctx, "a.go", BlameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		opt      BlameOptions
		from, to int
	}{
		{BlameOptions{Start: 1, End: 10}, 7, 7},
		{BlameOptions{Start: 5, End: 10}, 8, 8},
		{BlameOptions{Start: 9, End: 10}, 10, 10},
		{BlameOptions{Start: 1, End: 10}, 1, 10},
		{BlameOptions{Rev: c2, Start: 1, End: 9}, 8, 8},
	} {
		got, err := r.BlameSettled(ctx, "a.go", c.opt, c.from, c.to)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		want := whole
		if c.opt.Rev != "" {
			if want, err = r.Blame(ctx, "a.go", c.opt); err != nil {
				t.Fatal(err)
			}
		}
		byLine := map[int]BlameLine{}
		for _, l := range want {
			byLine[l.FinalLine] = l
		}
		seen := map[int]bool{}
		for i, l := range got {
			if i > 0 && got[i-1].FinalLine >= l.FinalLine {
				t.Errorf("%+v: lines out of order", c)
			}
			w := byLine[l.FinalLine]
			if l.Text != w.Text || l.OrigLine != w.OrigLine || l.OrigPath != w.OrigPath || !reflect.DeepEqual(stamped(*l.Commit), stamped(*w.Commit)) {
				t.Errorf("%+v: line %d = %+v %+v, want %+v %+v", c, l.FinalLine, l, *l.Commit, w, *w.Commit)
			}
			seen[l.FinalLine] = true
		}
		for n := c.from; n <= c.to; n++ {
			if !seen[n] {
				t.Errorf("%+v: line %d not settled", c, n)
			}
		}
	}
	if _, err := r.BlameSettled(ctx, "a.go", BlameOptions{Rev: "-x", Start: 1, End: 2}, 1, 1); !errors.Is(err, ErrBadRevision) {
		t.Errorf("bad revision: %v", err)
	}
	if _, err := r.BlameSettled(ctx, "nope.go", BlameOptions{Start: 1, End: 2}, 1, 1); !errors.Is(err, ErrNoSuchPath) {
		t.Errorf("missing file: %v", err)
	}
}

func TestParseSettledBadInput(t *testing.T) {
	t.Parallel()
	h := strings.Repeat("a", 40)
	for _, in := range []string{
		"not a header\n",
		h + " 1 1\nfilename a.go\n",
		h + " 1 1 x\nfilename a.go\n",
		h + " 1 1 1\nauthor A\n",
	} {
		if _, err := parseSettled(bufio.NewReader(strings.NewReader(in)), 1, 1); err == nil || errors.Is(err, errSettled) {
			t.Errorf("%q: err = %v", in, err)
		}
	}
	in := h + " 1 1 1\nfilename a.go\n" + strings.Repeat("b", 40) + " 2 2 1\nfilename a.go\n"
	got, err := parseSettled(bufio.NewReader(strings.NewReader(in)), 1, 1)
	if !errors.Is(err, errSettled) || len(got) != 1 || got[0].FinalLine != 1 || got[0].OrigPath != "a.go" {
		t.Errorf("settled = %+v, %v", got, err)
	}
}

// stamped returns c with the times of a working-tree line cleared: git
// stamps them with the time it runs, which differs between two runs.
func stamped(c BlameCommit) BlameCommit {
	if c.Uncommitted() {
		c.AuthorTime, c.CommitTime = time.Time{}, time.Time{}
	}
	return c
}

// TestBlameIncremental checks that the entries handed one by one make the
// whole file's blame, newest commits first, and that stopping ends git.
func TestBlameIncremental(t *testing.T) {
	t.Parallel()
	g, _ := twoCommitsAndChanges(t)
	r := openRepo(t, g)
	ctx := context.Background()
	whole, err := r.Blame(ctx, "a.go", BlameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []BlameLine
	entries := 0
	last := time.Time{}
	err = r.BlameIncremental(ctx, "a.go", BlameOptions{}, func(entry []BlameLine) bool {
		entries++
		c := entry[0].Commit
		for _, l := range entry {
			if l.Commit != c {
				t.Errorf("an entry mixes commits: %+v", entry)
			}
		}
		if !last.IsZero() && c.CommitTime.After(last) {
			t.Errorf("entry of %s (%v) after an older one (%v)", c.Hash, c.CommitTime, last)
		}
		last = c.CommitTime
		got = append(got, entry...)
		return false
	})
	if err != nil || entries < 3 {
		t.Fatalf("BlameIncremental: %v, %d entries", err, entries)
	}
	got = sortLines(got)
	if len(got) != len(whole) {
		t.Fatalf("%d lines, want %d", len(got), len(whole))
	}
	for i := range got {
		w := whole[i]
		if got[i].FinalLine != w.FinalLine || got[i].Text != w.Text || got[i].OrigPath != w.OrigPath ||
			!reflect.DeepEqual(stamped(*got[i].Commit), stamped(*w.Commit)) {
			t.Errorf("line %d = %+v, want %+v", w.FinalLine, got[i], w)
		}
	}

	// Stopping at the first entry: uncommitted lines, newest of all.
	calls := 0
	err = r.BlameIncremental(ctx, "a.go", BlameOptions{}, func(entry []BlameLine) bool {
		calls++
		if !entry[0].Commit.Uncommitted() {
			t.Errorf("first entry = %+v", entry)
		}
		return true
	})
	if err != nil || calls != 1 {
		t.Errorf("stopped: %v after %d calls", err, calls)
	}

	// A file git does not track yet: one entry, every line uncommitted.
	g.Write("new.txt", "one\ntwo\n")
	calls = 0
	err = r.BlameIncremental(ctx, "new.txt", BlameOptions{}, func(entry []BlameLine) bool {
		calls++
		if len(entry) != 2 || !entry[0].Commit.Uncommitted() || entry[1].Text != "two" {
			t.Errorf("untracked entry = %+v", entry)
		}
		return false
	})
	if err != nil || calls != 1 {
		t.Errorf("untracked: %v after %d calls", err, calls)
	}
	if err := r.BlameIncremental(ctx, "missing.go", BlameOptions{}, func([]BlameLine) bool { return false }); !errors.Is(err, ErrNoSuchPath) {
		t.Errorf("missing file: %v", err)
	}
}

// TestBlameGivenText checks that lines take their text from the content
// the caller read, when given, rather than reading the file again.
func TestBlameGivenText(t *testing.T) {
	t.Parallel()
	g, _ := twoCommitsAndChanges(t)
	r := openRepo(t, g)
	ctx := context.Background()
	text := make([]string, 10)
	for i := range text {
		text[i] = fmt.Sprintf("as read %d", i+1)
	}
	settled, err := r.BlameSettled(ctx, "a.go", BlameOptions{Start: 1, End: 10, Text: text}, 8, 8)
	if err != nil || len(settled) == 0 {
		t.Fatalf("BlameSettled: %v, %d lines", err, len(settled))
	}
	var streamed []BlameLine
	err = r.BlameIncremental(ctx, "a.go", BlameOptions{Text: text}, func(e []BlameLine) bool {
		streamed = append(streamed, e...)
		return false
	})
	if err != nil || len(streamed) != 10 {
		t.Fatalf("BlameIncremental: %v, %d lines", err, len(streamed))
	}
	for _, l := range append(settled, streamed...) {
		if want := fmt.Sprintf("as read %d", l.FinalLine); l.Text != want {
			t.Errorf("line %d text %q, want %q", l.FinalLine, l.Text, want)
		}
	}
}
