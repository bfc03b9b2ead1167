package gitrepo

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"hansard/provenance/gitrepo/gittest"
)

func TestResolveCommitAndBlob(t *testing.T) {
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
	top, err := ShowToplevel(context.Background(), g.Dir)
	if err != nil || top != g.Dir {
		t.Errorf("ShowToplevel = %q, %v", top, err)
	}
}

func TestParseTrailers(t *testing.T) {
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
