package gitrepo

import (
	"context"
	"errors"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"hansard/provenance/gitrepo/gittest"
)

func TestResolveCommitAndBlob(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "one\n")
	at := g.Now
	c1 := g.Commit("Add a\n\nBody text.\n\nSigned-off-by: Ada <ada@example.com>\nCo-authored-by: Bob <bob@example.com>")
	r := openRepo(t, g)
	c, err := r.ResolveCommit(c1[:8])
	if err != nil {
		t.Fatal(err)
	}
	if c.Hash != c1 || c.Summary != "Add a" || c.Author != "Ada" || !c.AuthorTime.Equal(at) || !c.CommitTime.Equal(at) || len(c.Parents) != 0 {
		t.Errorf("commit = %+v", c)
	}
	want := []Trailer{{"Signed-off-by", "Ada <ada@example.com>"}, {"Co-authored-by", "Bob <bob@example.com>"}}
	if !reflect.DeepEqual(c.Trailers, want) {
		t.Errorf("trailers = %+v", c.Trailers)
	}
	b, err := r.Blob("HEAD", "a.txt")
	if err != nil || string(b) != "one\n" {
		t.Errorf("blob = %q, %v", b, err)
	}
	if _, err := r.Blob("HEAD", "nope.txt"); !errors.Is(err, ErrNoSuchPath) {
		t.Errorf("missing blob err = %v", err)
	}
	if _, err := r.ResolveCommit("no-such-branch"); !errors.Is(err, ErrBadRevision) {
		t.Errorf("bad rev err = %v", err)
	}
	if _, err := r.Blob("no-such-branch", "a.txt"); !errors.Is(err, ErrBadRevision) {
		t.Errorf("bad rev blob err = %v", err)
	}
	full, err := r.RevParse(context.Background(), "HEAD")
	if err != nil || full != c1 {
		t.Errorf("RevParse = %q, %v", full, err)
	}
	if _, err := r.RevParse(context.Background(), "nope~3"); !errors.Is(err, ErrBadRevision) {
		t.Errorf("RevParse bad err = %v", err)
	}
	if _, err := r.RevParse(context.Background(), "--all"); !errors.Is(err, ErrBadRevision) {
		t.Errorf("RevParse option err = %v", err)
	}
}

func TestParseTrailers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		msg  string
		want []Trailer
	}{
		{"subject only", nil},
		{"Subject: with colon", nil},
		{"subj\n\nbody line\n", nil},
		{"subj\n\nKey: v\n", []Trailer{{"Key", "v"}}},
		{"subj\n\nbody\n\nA: 1\nB-c: two\n  continued\n", []Trailer{{"A", "1"}, {"B-c", "two continued"}}},
		{"subj\n\nbody\n\nA: 1\nnot a trailer\n", nil},
		{"subj\r\n\r\nX-Y: z\r\n", []Trailer{{"X-Y", "z"}}},
	}
	for _, c := range cases {
		if got := ParseTrailers(c.msg); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseTrailers(%q) = %+v, want %+v", c.msg, got, c.want)
		}
	}
}

func TestCommitBefore(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "1\n")
	first := g.Now
	c1 := g.Commit("one")
	g.Write("a.txt", "2\n")
	c2 := g.Commit("two")
	r := openRepo(t, g)
	ctx := context.Background()
	cases := []struct {
		at   time.Time
		want string
	}{
		{first.Add(-time.Hour), ""},
		{first, c1},
		{first.Add(30 * time.Second), c1},
		{first.Add(time.Hour), c2},
	}
	for _, c := range cases {
		if got, err := r.CommitBefore(ctx, "", c.at); err != nil || got != c.want {
			t.Errorf("CommitBefore(%s) = %q, %v; want %q", c.at, got, err, c.want)
		}
	}
	if _, err := r.CommitBefore(ctx, "nope", first); !errors.Is(err, ErrBadRevision) {
		t.Errorf("bad rev err = %v", err)
	}
}

func TestCommitObjectHeaders(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("dir/sub/a.txt", "deep\n")
	g.Write("b.txt", "top\n")
	base := g.Commit("base")
	tree := g.Git("rev-parse", "HEAD^{tree}")
	// A signed merge-like commit with headers hansard skips, written by git.
	raw := "tree " + tree + "\nparent " + base + "\nparent " + base + "\n" +
		"author Ada Lovelace <ada@example.com> 1767225600 -0030\n" +
		"committer Bob <bob@example.com> 1767229200 +0530\n" +
		"encoding UTF-8\n" +
		"gpgsig -----BEGIN PGP SIGNATURE-----\n \n abc\n -----END PGP SIGNATURE-----\n" +
		"\nSigned subject\n\nBody.\n\nReviewed-by: Cy <cy@example.com>\n"
	cmd := exec.Command("git", "hash-object", "-t", "commit", "-w", "--stdin")
	cmd.Dir = g.Dir
	cmd.Stdin = strings.NewReader(raw)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimSpace(string(out))
	r := openRepo(t, g)
	c, err := r.ResolveCommit(id)
	if err != nil {
		t.Fatal(err)
	}
	if c.Author != "Ada Lovelace" || c.AuthorEmail != "ada@example.com" || c.Committer != "Bob" ||
		c.Summary != "Signed subject" || c.Message != "Signed subject\n\nBody.\n\nReviewed-by: Cy <cy@example.com>\n" ||
		len(c.Parents) != 2 || c.Parents[1] != base || len(c.Trailers) != 1 {
		t.Errorf("commit = %+v", c)
	}
	if got := c.AuthorTime.Format(time.RFC3339); got != "2025-12-31T23:30:00-00:30" {
		t.Errorf("author time = %s", got)
	}
	if got := c.CommitTime.Format(time.RFC3339); got != "2026-01-01T06:30:00+05:30" {
		t.Errorf("commit time = %s", got)
	}
	if b, err := r.Blob(id, "dir/sub/a.txt"); err != nil || string(b) != "deep\n" {
		t.Errorf("nested blob = %q, %v", b, err)
	}
	for _, p := range []string{"dir", "dir/sub", "b.txt/x", "dir/nope.txt", "dir/sub/a.txt/", "/b.txt", ""} {
		if b, err := r.Blob(id, p); !errors.Is(err, ErrNoSuchPath) {
			t.Errorf("Blob(%q) = %q, %v; want ErrNoSuchPath", p, b, err)
		}
	}
}

func TestDecodeSignature(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, name, email, when string
	}{
		{"Ada <ada@example.com> 1767225600 +0100", "Ada", "ada@example.com", "2026-01-01T01:00:00+01:00"},
		{"  Ada  <a@b> 0 -0000", "Ada", "a@b", "1970-01-01T00:00:00Z"},
		{"Ada <a@b>", "Ada", "a@b", "0001-01-01T00:00:00Z"},
		{"Ada <a@b> notatime +0100", "Ada", "a@b", "0001-01-01T00:00:00Z"},
		{"Ada <a@b> 1767225600 +01", "Ada", "a@b", "2026-01-01T00:00:00Z"},
		{"no brackets 1767225600", "", "", "0001-01-01T00:00:00Z"},
		{"Ada >a@b< 1", "", "", "0001-01-01T00:00:00Z"},
	}
	for _, c := range cases {
		s := decodeSignature([]byte(c.in))
		if s.Name != c.name || s.Email != c.email || s.When.Format(time.RFC3339) != c.when {
			t.Errorf("decodeSignature(%q) = %q %q %s", c.in, s.Name, s.Email, s.When.Format(time.RFC3339))
		}
	}
	for _, bad := range []string{
		"author A <a@b> 1 +0000\n\nmsg",
		"tree nothex\n\nmsg",
		"tree " + strings.Repeat("a", 40) + "\nparent " + strings.Repeat("b", 20) + "\n\nmsg",
	} {
		if c, err := decodeCommit(plumbing.ZeroHash, []byte(bad)); err == nil {
			t.Errorf("decodeCommit(%q) = %+v", bad, c)
		}
	}
}
