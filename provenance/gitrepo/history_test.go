package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

func TestPathHistoryFollowsRenames(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("first.go", "package a\n\nfunc A() {\n\tprintln(\"a long enough line\")\n}\n")
	c1 := g.Commit("add")
	g.Write("other.txt", "unrelated\n")
	g.Commit("other")
	g.Git("mv", "first.go", "second.go")
	c3 := g.Commit("rename")
	g.Write("second.go", "package a\n\nfunc A() {\n\tprintln(\"a long enough line\")\n\tprintln(\"more\")\n}\n")
	c4 := g.Commit("change")

	r := openRepo(t, g)
	h, err := r.PathHistory(context.Background(), "", "second.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 3 || h[0].Commit != c4 || h[1].Commit != c3 || h[2].Commit != c1 {
		t.Fatalf("history = %+v", h)
	}
	if h[1].Status != 'R' || h[1].OldPath != "first.go" || h[1].Path != "second.go" || h[2].Status != 'A' || h[2].Path != "first.go" {
		t.Errorf("rename entries = %+v", h[1:])
	}
	if h[0].AuthorTime == 0 || h[0].CommitTime < h[2].CommitTime {
		t.Errorf("times = %+v", h)
	}
	if got := Paths(h); !reflect.DeepEqual(got, []string{"second.go", "first.go"}) {
		t.Errorf("Paths = %v", got)
	}
	h, err = r.PathHistory(context.Background(), c3, "second.go")
	if err != nil || len(h) != 2 {
		t.Errorf("history at c3 = %+v, %v", h, err)
	}
}

func TestPathHistoryEmptyRepository(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	r := openRepo(t, g)
	h, err := r.PathHistory(context.Background(), "", "a.go")
	if err != nil || len(h) != 0 {
		t.Fatalf("history = %+v, %v", h, err)
	}
}

// parseLog reads a name-status log whole.
func parseLog(in string) ([]PathChange, error) {
	return collect(func(fn func([]PathChange) error) error {
		return eachLogCommit(bufio.NewReader(strings.NewReader(in)), fn)
	})
}

func TestParseNameStatusLog(t *testing.T) {
	t.Parallel()
	in := "\x00aaa 10 11\n\nM\tx.go\n\x00bbb 5 6\n\nR087\t\"w\\303\\251ird.go\"\tx.go\n"
	got, err := parseLog(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []PathChange{
		{Commit: "aaa", AuthorTime: 10, CommitTime: 11, Status: 'M', Path: "x.go"},
		{Commit: "bbb", AuthorTime: 5, CommitTime: 6, Status: 'R', Path: "x.go", OldPath: "wéird.go"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
	for _, bad := range []string{"\x00zzz notanumber\n", "\x00aaa 1\n", "\x00aaa 1 x\n", "\x00aaa 1 2 3\n", "\x00\n"} {
		if got, err := parseLog(bad); err == nil {
			t.Errorf("bad header %q accepted: %+v", bad, got)
		}
	}
}

func TestPathHistoryErrors(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.go", "package a\n")
	g.Commit("a")
	r := openRepo(t, g)
	ctx := context.Background()
	if _, err := r.PathHistory(ctx, "nope", "a.go"); !errors.Is(err, ErrBadRevision) {
		t.Errorf("bad rev err = %v", err)
	}
	if _, err := r.PathHistory(ctx, "--all", "a.go"); !errors.Is(err, ErrBadRevision) {
		t.Errorf("option as rev err = %v", err)
	}
	if h, err := r.PathHistory(ctx, "", "never.go"); err != nil || len(h) != 0 {
		t.Errorf("history of a path git never had = %+v, %v", h, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := r.PathHistory(cctx, "", "a.go"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled err = %v", err)
	}
}
