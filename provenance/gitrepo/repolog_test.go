package gitrepo

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

// body is a file's text long enough for git to find it again when moved.
func body(name string, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(name + " line " + strings.Repeat("x", i%7) + "\n")
	}
	return b.String()
}

func TestCommitLogWholeAndRange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	g.Write("a.go", body("a", 20))
	g.Write("b.go", body("b", 20))
	c1 := g.Commit("add")
	g.Git("mv", "a.go", "c.go")
	g.Write("b.go", body("b", 21))
	c2 := g.Commit("rename and edit")
	g.Git("checkout", "-q", "-b", "side")
	g.Write("d.go", body("d", 20))
	c3 := g.Commit("side")
	g.Git("checkout", "-q", "main")
	g.Write("b.go", body("b", 22))
	c4 := g.Commit("main")
	g.Git("merge", "-q", "--no-ff", "-m", "merge", "side")
	c5 := g.Git("rev-parse", "HEAD")

	r := openRepo(t, g)
	log, err := r.CommitLog(ctx, "", "")
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		commit  string
		status  byte
		path    string
		oldPath string
	}
	var got []row
	for _, c := range log {
		got = append(got, row{c.Commit, c.Status, c.Path, c.OldPath})
	}
	want := []row{
		{c5, 0, "", ""},
		{c4, 'M', "b.go", ""},
		{c3, 'A', "d.go", ""},
		{c2, 'D', "a.go", ""},
		{c2, 'M', "b.go", ""},
		{c2, 'A', "c.go", ""},
		{c1, 'A', "a.go", ""},
		{c1, 'A', "b.go", ""},
	}
	if len(got) != len(want) {
		t.Fatalf("log = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if log[0].CommitTime == 0 || log[0].AuthorTime == 0 {
		t.Errorf("times missing: %+v", log[0])
	}

	rng, err := r.CommitLog(ctx, c2, c5)
	if err != nil {
		t.Fatal(err)
	}
	if len(rng) != 3 || rng[0].Commit != c5 || rng[1].Commit != c4 || rng[2].Commit != c3 {
		t.Errorf("log %s..%s = %+v", c2, c5, rng)
	}
	if rng, err := r.CommitLog(ctx, c5, c5); err != nil || len(rng) != 0 {
		t.Errorf("empty range = %+v, %v", rng, err)
	}

	// The commits of c5 that neither c2 nor an unknown commit reaches.
	var except []string
	err = r.EachCommitExcept(ctx, c5, []string{c2, strings.Repeat("0f", 20)}, func(c []PathChange) error {
		except = append(except, c[0].Commit)
		return nil
	})
	if err != nil || !slices.Equal(except, []string{c5, c4, c3}) {
		t.Errorf("EachCommitExcept(%s, %s) = %v, %v", c5, c2, except, err)
	}
	for _, bad := range [][]string{{"-x"}, {""}} {
		if err := r.EachCommitExcept(ctx, c5, bad, func([]PathChange) error { return nil }); !errors.Is(err, ErrBadRevision) {
			t.Errorf("EachCommitExcept(%q) error = %v, want ErrBadRevision", bad, err)
		}
	}
	stop := errors.New("stop")
	if err := r.EachCommitExcept(ctx, c5, nil, func([]PathChange) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("an error of fn: %v", err)
	}

	// RevList walks as the log does, without the files.
	walk, err := r.RevList(ctx, c5)
	if err != nil || !slices.Equal(walk, []string{c5, c4, c3, c2, c1}) {
		t.Errorf("RevList(%s) = %v, %v", c5, walk, err)
	}
	if walk, err := r.RevList(ctx, "side"); err != nil || !slices.Equal(walk, []string{c3, c2, c1}) {
		t.Errorf("RevList(side) = %v, %v", walk, err)
	}
	for _, bad := range []string{"", "-x", "no-such-branch", strings.Repeat("0f", 20)} {
		if _, err := r.RevList(ctx, bad); !errors.Is(err, ErrBadRevision) {
			t.Errorf("RevList(%q) error = %v, want ErrBadRevision", bad, err)
		}
	}
}

func TestCommitLogBadInput(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	r := openRepo(t, g)
	if log, err := r.CommitLog(ctx, "", ""); err != nil || len(log) != 0 {
		t.Errorf("log of an empty repository = %+v, %v", log, err)
	}
	g.Write("a.go", "a\n")
	g.Commit("add")
	for _, tc := range [][2]string{{"", "--all"}, {"-x", "HEAD"}, {"HEAD~1..HEAD", ""}, {"", "no-such-branch"}} {
		if _, err := r.CommitLog(ctx, tc[0], tc[1]); !errors.Is(err, ErrBadRevision) {
			t.Errorf("CommitLog(%q, %q) error = %v, want ErrBadRevision", tc[0], tc[1], err)
		}
	}
}

func TestFollowStepFindsCopyOfUnchangedFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	g.Write("a.go", body("a", 30))
	c1 := g.Commit("add")
	g.Write("b.go", body("a", 30))
	c2 := g.Commit("copy")
	g.Write("c.go", "new\n")
	c3 := g.Commit("new file")
	r := openRepo(t, g)

	// The whole log finds no source: a.go did not change in c2.
	log, err := r.CommitLog(ctx, c1, c2)
	if err != nil || len(log) != 1 || log[0].Status != 'A' {
		t.Fatalf("log of the copy = %+v, %v", log, err)
	}
	step, err := r.FollowStep(ctx, c2, "b.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(step) != 1 || step[0].Status != 'C' || step[0].OldPath != "a.go" || step[0].Path != "b.go" || step[0].Commit != c2 {
		t.Errorf("follow step = %+v", step)
	}
	if step, err := r.FollowStep(ctx, c3, "c.go"); err != nil || len(step) != 1 || step[0].Status != 'A' {
		t.Errorf("plain addition = %+v, %v", step, err)
	}
	if step, err := r.FollowStep(ctx, c3, "a.go"); err != nil || len(step) != 0 {
		t.Errorf("untouched file = %+v, %v", step, err)
	}
	for _, tc := range [][2]string{{"", "a.go"}, {"-p", "a.go"}, {c2, ""}} {
		if _, err := r.FollowStep(ctx, tc[0], tc[1]); err == nil {
			t.Errorf("FollowStep(%q, %q) gave no error", tc[0], tc[1])
		}
	}
}

func TestBoundary(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := gittest.New(t)
	g.Write("a.go", "a\n")
	c1 := g.Commit("one")
	g.Write("a.go", "b\n")
	c2 := g.Commit("two")
	g.Git("checkout", "-q", "-b", "side", c1)
	g.Write("b.go", "b\n")
	c3 := g.Commit("side")
	g.Git("checkout", "-q", "main")
	g.Git("merge", "-q", "--no-ff", "-m", "merge", "side")
	m := g.Git("rev-parse", "HEAD")
	r := openRepo(t, g)
	for _, tc := range []struct {
		from, to string
		want     []string
	}{
		{c1, c2, []string{c1}},    // on top of from
		{c2, m, []string{c2, c1}}, // a branch that left from's history earlier
		{c2, c1, nil},             // nothing new
		{c3, c2, []string{c1}},    // another line of history
	} {
		got, err := r.Boundary(ctx, tc.from, tc.to)
		slices.Sort(got)
		slices.Sort(tc.want)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Boundary(%.7s, %.7s) = %v, %v; want %v", tc.from, tc.to, got, err, tc.want)
		}
	}
	gone := strings.Repeat("ab", 20)
	if _, err := r.Boundary(ctx, gone, c2); !errors.Is(err, ErrBadRevision) {
		t.Errorf("unknown commit: error = %v", err)
	}
	for _, tc := range [][2]string{{"-v", c2}, {c1, ""}, {"", c2}} {
		if _, err := r.Boundary(ctx, tc[0], tc[1]); !errors.Is(err, ErrBadRevision) {
			t.Errorf("Boundary(%q, %q): error = %v", tc[0], tc[1], err)
		}
	}
}

func TestCommitLogTrailers(t *testing.T) {
	g := gittest.New(t)
	g.Write("a.go", body("a", 3))
	plain := g.Commit("add\n\nA body: not a trailer, being the only paragraph but the subject\nand more.")
	for _, f := range []string{"a.go", "b.go"} {
		g.Write(f, body(f, 4))
	}
	tagged := g.Commit("edit\n\nWhy.\n\nSession-Id: 7d3c1a52-9e4b-4c1f-8a2d-5b6e7f8a9b0c\nCo-authored-by: A Person\n <a@example.com>")

	log, err := openRepo(t, g).CommitLog(context.Background(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []Trailer{{"Session-Id", "7d3c1a52-9e4b-4c1f-8a2d-5b6e7f8a9b0c"}, {"Co-authored-by", "A Person <a@example.com>"}}
	n := 0
	for _, c := range log {
		switch c.Commit {
		case tagged:
			n++
			if !slices.Equal(c.Trailers, want) {
				t.Errorf("%s %s: trailers %q, want %q", c.Commit, c.Path, c.Trailers, want)
			}
		case plain:
			if len(c.Trailers) != 0 {
				t.Errorf("commit without trailers: got %q", c.Trailers)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d entries of the commit with trailers, want 2 (one per file)", n)
	}
}
