package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

// added flattens additions to "path:line:text" strings.
func added(files []FileAdditions) []string {
	var out []string
	for _, f := range files {
		for _, l := range f.Lines {
			out = append(out, fmt.Sprintf("%s:%d:%s", f.Path, l.Line, l.Text))
		}
	}
	return out
}

func TestAddedLines(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	g.Write("a.go", "package a\n\nfunc A() {}\n")
	g.Write("logo.bin", "\x00\x01\x02binary\x00")
	g.Write("with space.go", "x := 1\n")
	root := g.Commit("root")
	g.Write("a.go", "package a\n\nfunc A() {\n\tprintln(\"one\")\n}\n\nfunc B() {}\n")
	g.Write("logo.bin", "\x00\x01\x03binary\x00")
	g.Git("rm", "-q", "with space.go")
	second := g.Commit("second")
	g.Git("mv", "a.go", "b.go")
	g.Write("b.go", "package a\n\nfunc A() {\n\tprintln(\"one\")\n}\n\nfunc B() {}\n\nfunc C() {}\n")
	third := g.Commit("rename")
	g.Write("b.go", "package a\n\nfunc A() {\n}\n\nfunc B() {}\n\nfunc C() {}\n")
	removal := g.Commit("only removes")

	r := openRepo(t, g)
	cases := []struct {
		rev  string
		want []string
	}{
		{root, []string{"a.go:1:package a", "a.go:2:", "a.go:3:func A() {}", "with space.go:1:x := 1"}},
		{second, []string{"a.go:3:func A() {", "a.go:4:\tprintln(\"one\")", "a.go:5:}", "a.go:6:", "a.go:7:func B() {}"}},
		{third[:7], []string{"b.go:8:", "b.go:9:func C() {}"}},
		{removal, nil},
	}
	for _, c := range cases {
		files, err := r.AddedLines(ctx, c.rev)
		if err != nil {
			t.Fatalf("%s: %v", c.rev, err)
		}
		if got := added(files); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: added = %q, want %q", c.rev, got, c.want)
		}
	}
	if _, err := r.AddedLines(ctx, "ffffffffff"); !errors.Is(err, ErrBadRevision) {
		t.Errorf("unknown commit: %v", err)
	}
}

func TestAddedLinesMerge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	g.Write("a.go", "one\n")
	g.Commit("root")
	g.Git("checkout", "-q", "-b", "side")
	g.Write("b.go", "side line\n")
	g.Commit("side")
	g.Git("checkout", "-q", "main")
	g.Write("a.go", "one\ntwo\n")
	g.Commit("main")
	g.Git("merge", "-q", "--no-edit", "side")
	merge := g.Git("rev-parse", "HEAD")
	r := openRepo(t, g)
	files, err := r.AddedLines(ctx, merge)
	if err != nil {
		t.Fatal(err)
	}
	// Compared with the first parent: the side branch's lines.
	if got := added(files); !reflect.DeepEqual(got, []string{"b.go:1:side line"}) {
		t.Errorf("merge added = %q", got)
	}
}

func TestParseAddedLinesSubmoduleAndBadInput(t *testing.T) {
	t.Parallel()
	sub := "diff --git a/sub b/sub\nnew file mode 160000\nindex 0000000..1234567\n--- /dev/null\n+++ b/sub\n@@ -0,0 +1 @@\n+Subproject commit 1234567\n" +
		"diff --git \"a/q\\tx.go\" \"b/q\\tx.go\"\n--- \"a/q\\tx.go\"\n+++ \"b/q\\tx.go\"\n@@ -1 +1,2 @@\n-old\n+new\n+++ plus\n\\ No newline at end of file\n"
	files, err := ParseAddedLines(bufio.NewReader(strings.NewReader(sub)))
	if err != nil {
		t.Fatal(err)
	}
	if got := added(files); !reflect.DeepEqual(got, []string{"q\tx.go:1:new", "q\tx.go:2:++ plus"}) {
		t.Errorf("added = %q", got)
	}
	for _, bad := range []string{
		"diff --git a/x b/x\n+++ b/x\n@@ -1 +1,2 @@\n+only one\n",
		"diff --git a/x b/x\n+++ b/x\n@@ -1 +x @@\n",
		"diff --git a/x b/x\n+++ b/x\n@@ nonsense\n",
		"diff --git a/x b/x\n+++ b/x\n@@ -0,0 +1 @@\n context\n",
		"diff --git a/x b/x\n+++ b/x\n@@ -0,0 +1 @@\n+a\nstray\n",
	} {
		if _, err := ParseAddedLines(bufio.NewReader(strings.NewReader(bad))); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}

func TestCommitsByPrefix(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	g.Write("a.go", "one\n")
	c := g.Commit("root")
	r := openRepo(t, g)
	for _, p := range []string{c, c[:7], strings.ToUpper(c[:10])} {
		got, err := r.CommitsByPrefix(ctx, p)
		if err != nil || !reflect.DeepEqual(got, []string{c}) {
			t.Errorf("%s: %v, %v", p, got, err)
		}
	}
	blob := g.Git("rev-parse", "HEAD:a.go")
	if got, err := r.CommitsByPrefix(ctx, blob[:8]); err != nil || len(got) != 0 {
		t.Errorf("a blob's id: %v, %v", got, err)
	}
	if got, err := r.CommitsByPrefix(ctx, "0000000"); err != nil || len(got) != 0 {
		t.Errorf("unknown: %v, %v", got, err)
	}
	for _, bad := range []string{"", "abc", "xyz1234", "-all", strings.Repeat("a", 65)} {
		if _, err := r.CommitsByPrefix(ctx, bad); !errors.Is(err, ErrBadRevision) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// ambiguousPrefix returns a 4-digit prefix two of ids share.
func ambiguousPrefix(t *testing.T, ids []string) string {
	t.Helper()
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id[:4]] {
			return id[:4]
		}
		seen[id[:4]] = true
	}
	t.Fatal("no two commits share a prefix")
	return ""
}

func TestCommitsByPrefixAmbiguous(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	ids := g.EmptyCommits(1500)
	p := ambiguousPrefix(t, ids)
	r := openRepo(t, g)
	got, err := r.CommitsByPrefix(context.Background(), p)
	if err != nil || len(got) < 2 {
		t.Fatalf("%s: %v, %v", p, got, err)
	}
	for _, id := range got {
		if !strings.HasPrefix(id, p) {
			t.Errorf("%s names %s", p, id)
		}
	}
}
