package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo/gittest"
)

func TestBlameRenameAndUncommitted(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("old.go", "package a\n\nfunc A() int {\n\treturn 1\n}\n")
	c1 := g.Commit("add A")
	g.Git("mv", "old.go", "new.go")
	g.Commit("rename")
	g.Write("new.go", "package a\n\nfunc A() int {\n\treturn 2\n}\n")
	c3 := g.Commit("two")
	g.Write("new.go", "package a\n\nfunc A() int {\n\treturn 2\n}\n\n// B is new.\n")

	r := openRepo(t, g)
	ctx := context.Background()
	lines, err := r.Blame(ctx, "new.go", BlameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 7 {
		t.Fatalf("got %d lines", len(lines))
	}
	if l := lines[0]; l.Commit.Hash != c1 || l.OrigPath != "old.go" || l.FinalLine != 1 || l.OrigLine != 1 || l.Text != "package a" || l.Commit.Author != "Ada" || l.Commit.Summary != "add A" {
		t.Errorf("line 1 = %+v %+v", l, *l.Commit)
	}
	if l := lines[3]; l.Commit.Hash != c3 || l.OrigPath != "new.go" || l.Text != "\treturn 2" {
		t.Errorf("line 4 = %+v", l)
	}
	if l := lines[6]; !l.Commit.Uncommitted() || l.Text != "// B is new." || l.FinalLine != 7 {
		t.Errorf("line 7 = %+v", l)
	}
	if lines[0].Commit != lines[1].Commit {
		t.Error("lines of one commit do not share commit info")
	}

	// At a revision, with a range, absolute path.
	lines, err = r.Blame(ctx, g.Dir+"/new.go", BlameOptions{Rev: "HEAD~1", Start: 4, End: 4})
	if err != nil || len(lines) != 1 || lines[0].Commit.Hash != c1 || lines[0].Text != "\treturn 1" || lines[0].FinalLine != 4 {
		t.Fatalf("blame -L at HEAD~1 = %+v, %v", lines, err)
	}
}

func TestBlameCopiedBlock(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	block := "func Long() {\n\tfirst := compute(1)\n\tsecond := compute(first)\n\tthird := compute(second)\n\tfourth := compute(third)\n\tprintln(fourth)\n}\n"
	g.Write("a.go", "package a\n\n"+block)
	c1 := g.Commit("a")
	g.Write("a.go", "package a\n")
	g.Write("b.go", "package a\n\n"+block)
	c2 := g.Commit("move Long to b.go")
	r := openRepo(t, g)
	ctx := context.Background()
	lines, err := r.Blame(ctx, "b.go", BlameOptions{Moves: true})
	if err != nil {
		t.Fatal(err)
	}
	if l := lines[3]; l.Commit.Hash != c1 || l.OrigPath != "a.go" {
		t.Errorf("moved line = %+v (commit %s)", l, l.Commit.Hash)
	}
	// Plain blame names the commit that put the block in b.go.
	if lines, err = r.Blame(ctx, "b.go", BlameOptions{}); err != nil {
		t.Fatal(err)
	}
	if l := lines[3]; l.Commit.Hash != c2 || l.OrigPath != "b.go" {
		t.Errorf("plain blame of the moved line = %+v (commit %s)", l, l.Commit.Hash)
	}
	// Some ranges only (git looks for copies of the lines blamed).
	if lines, err = r.Blame(ctx, "b.go", BlameOptions{Moves: true, Ranges: []LineRange{{1, 1}, {3, 9}}}); err != nil {
		t.Fatal(err)
	}
	if len(lines) != 8 || lines[0].FinalLine != 1 || lines[0].Commit.Hash != c2 || lines[1].FinalLine != 3 || lines[2].Commit.Hash != c1 || lines[7].FinalLine != 9 {
		t.Errorf("ranges 1 and 3-9 = %+v", lines)
	}
}

func TestBlameErrors(t *testing.T) {
	g := gittest.New(t)
	g.Write("a.txt", "x\n")
	g.Commit("a")
	r := openRepo(t, g)
	ctx := context.Background()
	if _, err := r.Blame(ctx, "missing.txt", BlameOptions{}); !errors.Is(err, ErrNoSuchPath) {
		t.Errorf("missing path err = %v", err)
	}
	if _, err := r.Blame(ctx, "a.txt", BlameOptions{Rev: "nope"}); !errors.Is(err, ErrBadRevision) {
		t.Errorf("bad rev err = %v", err)
	}
	if _, err := r.Blame(ctx, "a.txt", BlameOptions{Rev: "--reverse"}); !errors.Is(err, ErrBadRevision) {
		t.Errorf("option as rev err = %v", err)
	}
	_, err := r.Blame(ctx, "a.txt", BlameOptions{Start: 5, End: 6})
	var ge *Error
	if !errors.As(err, &ge) || ge.ExitCode == 0 || !errors.Is(err, ErrLineRange) {
		t.Errorf("range past end err = %v", err)
	}
	if ge != nil && !strings.HasPrefix(ge.Error(), "git -c core.quotePath=false blame --porcelain -L 5,6") {
		t.Errorf("error text = %q", ge.Error())
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := r.Blame(cctx, "a.txt", BlameOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled err = %v", err)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := r.Blame(ctx, "a.txt", BlameOptions{}); !errors.Is(err, ErrGitMissing) {
		t.Errorf("no git err = %v", err)
	}
}

func TestParseBlameBadInput(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"content first": "\tline\n",
		"bad header":    "zzz 1 2 3\n",
		"short header":  "0123456789012345678901234567890123456789 1\n",
		"torn entry":    "0123456789012345678901234567890123456789 1 1 1\nauthor A\n",
	}
	for name, in := range cases {
		if _, err := ParseBlame(bufio.NewReader(strings.NewReader(in))); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	crlf := "0123456789012345678901234567890123456789 1 1 1\nfilename a.txt\n\tdos line\r\n"
	out, err := ParseBlame(bufio.NewReader(strings.NewReader(crlf)))
	if err != nil || len(out) != 1 || out[0].Text != "dos line" || out[0].OrigPath != "a.txt" {
		t.Errorf("crlf: %+v %v", out, err)
	}
	out, err = ParseBlame(bufio.NewReader(strings.NewReader("")))
	if err != nil || len(out) != 0 {
		t.Errorf("empty: %v %v", out, err)
	}
}

func TestBlameUntrackedFileIsUncommitted(t *testing.T) {
	t.Parallel()
	for _, withCommit := range []bool{false, true} {
		g := gittest.New(t)
		if withCommit {
			g.Write("a.txt", "x\n")
			g.Commit("a")
		}
		g.Write("new.txt", "fresh\nlines\r\n")
		r := openRepo(t, g)
		lines, err := r.Blame(context.Background(), "new.txt", BlameOptions{})
		if err != nil || len(lines) != 2 || !lines[0].Commit.Uncommitted() || lines[1].Text != "lines" || lines[1].FinalLine != 2 || lines[1].OrigPath != "new.txt" {
			t.Fatalf("untracked (commits: %v) = %+v, %v", withCommit, lines, err)
		}
		lines, err = r.Blame(context.Background(), "new.txt", BlameOptions{Start: 2, End: 2})
		if err != nil || len(lines) != 1 || lines[0].Text != "lines" {
			t.Fatalf("untracked range = %+v, %v", lines, err)
		}
		if _, err := r.Blame(context.Background(), "missing.txt", BlameOptions{}); !errors.Is(err, ErrNoSuchPath) {
			t.Errorf("missing path err = %v", err)
		}
		if _, err := r.Blame(context.Background(), "new.txt", BlameOptions{Rev: "HEAD"}); err == nil {
			t.Error("untracked file blamed at HEAD")
		}
	}
}

func TestBlameSince(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "one\n")
	g.Commit("old")
	g.Now = g.Now.Add(24 * time.Hour)
	g.Write("a.txt", "one\ntwo\n")
	recent := g.Commit("recent")
	r := openRepo(t, g)
	lines, err := r.Blame(context.Background(), "a.txt", BlameOptions{Since: g.Now.Add(-time.Hour)})
	if err != nil || len(lines) != 2 {
		t.Fatalf("blame since = %+v, %v", lines, err)
	}
	if c := lines[0].Commit; !c.Boundary || !c.CommitTime.Before(g.Now.Add(-time.Hour)) {
		t.Errorf("old line = %+v, want a boundary commit older than since", *c)
	}
	if c := lines[1].Commit; c.Hash != recent || c.Boundary {
		t.Errorf("recent line = %+v, want %s", *c, recent)
	}
}
