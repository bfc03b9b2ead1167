package gitrepo

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

// revisionRepo builds a history with a merge, a side branch, annotated and
// lightweight tags, a remote branch, packed and loose refs and objects.
func revisionRepo(t *testing.T) *gittest.Repo {
	t.Helper()
	g := gittest.New(t)
	g.Write("a.txt", "1\n")
	g.Commit("one")
	g.Write("a.txt", "2\n")
	g.Commit("two")
	g.Git("tag", "-a", "-m", "release one", "v1")
	g.Git("tag", "-a", "-m", "about the release", "v1-note", "v1")
	g.Git("checkout", "-q", "-b", "side", "HEAD~1")
	g.Write("b.txt", "side\n")
	g.Commit("side work")
	g.Git("checkout", "-q", "main")
	g.Write("a.txt", "3\n")
	g.Commit("three")
	g.Git("merge", "-q", "--no-ff", "-m", "merge side", "side")
	g.Git("update-ref", "refs/remotes/origin/main", "HEAD~1")
	g.Git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	g.Git("pack-refs", "--all")
	g.Git("repack", "-a", "-d", "-q")
	g.Write("a.txt", "4\n")
	g.Commit("four")
	g.Git("tag", "lt", "HEAD~1")
	return g
}

func TestResolveCommitAgreesWithGit(t *testing.T) {
	t.Parallel()
	g := revisionRepo(t)
	r := openRepo(t, g)
	head := g.Git("rev-parse", "HEAD")
	revs := []string{
		"HEAD", "main", "side", "v1", "v1-note", "lt", "origin/main", "origin",
		"refs/heads/side", "heads/side", "tags/v1", "refs/remotes/origin/HEAD", "ORIG_HEAD",
		"HEAD~1", "HEAD~2", "HEAD~", "HEAD~~", "HEAD^", "HEAD^^", "HEAD^0", "HEAD~1^2",
		"HEAD~1^1", "main~1^2~1", "v1~1", "v1-note^0",
		head, strings.ToUpper(head), head[:7], head[:9],
		// Forms the git executable resolves.
		"HEAD@{0}", "main@{1}", "@", "@~1", "HEAD^{/two}", ":/side work", "v1^{}", "v1^{commit}",
	}
	for _, rev := range revs {
		arg := rev + "^{commit}"
		if strings.HasPrefix(rev, ":/") {
			arg = rev
		}
		want, err := gitRevParse(g, arg)
		if err != nil {
			t.Fatalf("git rev-parse %s: %v", rev, err)
		}
		c, err := r.ResolveCommit(rev)
		if err != nil || c.Hash != want {
			t.Errorf("ResolveCommit(%q) = %s, %v; git says %s", rev, c.Hash, err, want)
		}
	}
}

func TestResolveCommitBadRevisions(t *testing.T) {
	t.Parallel()
	g := revisionRepo(t)
	r := openRepo(t, g)
	tree := g.Git("rev-parse", "HEAD^{tree}")
	blob := g.Git("rev-parse", "HEAD:a.txt")
	bad := []string{
		"nope", "HEAD~9", "HEAD^3", "side^2", "HEAD~x", "HEAD~1~z", tree, blob, blob[:10],
		"HEAD:a.txt", "main..side", "-x", "--all", "refs/heads/../../config", "../config",
		"HEAD@{99}", "HEAD^{/no commit says this}", "0000000000000000000000000000000000000000", "abc",
	}
	for _, rev := range bad {
		if c, err := r.ResolveCommit(rev); !errors.Is(err, ErrBadRevision) {
			t.Errorf("ResolveCommit(%q) = %s, %v; want ErrBadRevision", rev, c.Hash, err)
		}
	}
}

func TestResolveCommitAbbreviated(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	ids := g.EmptyCommits(1500)
	p := ambiguousPrefix(t, ids)
	r := openRepo(t, g)
	if c, err := r.ResolveCommit(p); !errors.Is(err, ErrBadRevision) || !strings.Contains(err.Error(), "commits") {
		t.Errorf("ResolveCommit(%s) = %s, %v; want an ambiguous ErrBadRevision", p, c.Hash, err)
	}
	for _, id := range ids[:50] {
		c, err := r.ResolveCommit(id[:12])
		if err != nil || c.Hash != id {
			t.Fatalf("ResolveCommit(%s) = %s, %v", id[:12], c.Hash, err)
		}
	}
	// A branch named like a prefix wins over the prefix, as in git.
	g.Git("branch", p, ids[0])
	if c, err := r.ResolveCommit(p); err != nil || c.Hash != ids[0] {
		t.Errorf("branch %s = %s, %v; want %s", p, c.Hash, err, ids[0])
	}
}

func TestSplitRevision(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rev   string
		base  string
		steps []revStep
		ok    bool
	}{
		{"HEAD", "HEAD", nil, true},
		{"main~3^2", "main", []revStep{{false, 3}, {true, 2}}, true},
		{"v1^^~", "v1", []revStep{{true, 1}, {true, 1}, {false, 1}}, true},
		{"x^0", "x", []revStep{{true, 0}}, true},
		{"~1", "", nil, false},
		{"HEAD@{1}", "", nil, false},
		{"@", "", nil, false},
		{"HEAD^{tree}", "", nil, false},
		{"HEAD:a.txt", "", nil, false},
		{"HEAD~1x", "", nil, false},
		{"HEAD~99999999999999999999", "", nil, false},
	}
	for _, c := range cases {
		base, steps, ok := splitRevision(c.rev)
		if base != c.base || ok != c.ok || len(steps) != len(c.steps) {
			t.Errorf("splitRevision(%q) = %q %v %v", c.rev, base, steps, ok)
			continue
		}
		for i := range steps {
			if steps[i] != c.steps[i] {
				t.Errorf("splitRevision(%q) steps = %v", c.rev, steps)
			}
		}
	}
}

func gitRevParse(g *gittest.Repo, rev string) (string, error) {
	cmd := exec.Command("git", "rev-parse", "--verify", "--quiet", rev)
	cmd.Dir = g.Dir
	cmd.Env = g.Env(g.Now)
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// TestResolveCommitInSharedClone reads a clone whose objects all live in
// the repository it was cloned from (git clone --shared: an alternate
// object folder).
func TestResolveCommitInSharedClone(t *testing.T) {
	t.Parallel()
	g := revisionRepo(t)
	head := g.Git("rev-parse", "HEAD")
	clone := filepath.Join(t.TempDir(), "clone")
	g.Git("clone", "-q", "--shared", g.Dir, clone)
	r, err := Open(clone)
	if err != nil {
		t.Fatal(err)
	}
	for _, rev := range []string{"HEAD", "origin/side", head, head[:10], "HEAD~1^2"} {
		if _, err := r.ResolveCommit(rev); err != nil {
			t.Errorf("ResolveCommit(%q) in a shared clone: %v", rev, err)
		}
	}
	if b, err := r.Blob("HEAD", "a.txt"); err != nil || string(b) != "4\n" {
		t.Errorf("Blob in a shared clone = %q, %v", b, err)
	}
}

// TestResolveCommitCorruptObject: a commit whose stored object cannot be
// read is an error of its own, not an unknown revision.
func TestResolveCommitCorruptObject(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "1\n")
	id := g.Commit("one")
	p := filepath.Join(g.Dir, ".git", "objects", id[:2], id[2:])
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("not zlib"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := openRepo(t, g)
	for _, rev := range []string{"HEAD", id, id[:8]} {
		if c, err := r.ResolveCommit(rev); err == nil || errors.Is(err, ErrBadRevision) {
			t.Errorf("ResolveCommit(%q) of a corrupt object = %s, %v", rev, c.Hash, err)
		}
	}
	if _, err := r.Blob("HEAD", "a.txt"); err == nil || errors.Is(err, ErrNoSuchPath) {
		t.Errorf("Blob of a corrupt commit: %v", err)
	}
	// A tag whose object line names no id.
	cmd := exec.Command("git", "hash-object", "-t", "tag", "--literally", "-w", "--stdin")
	cmd.Dir = g.Dir
	cmd.Stdin = strings.NewReader("object " + strings.Repeat("z", 40) + "\ntype commit\ntag bad\n\nbad\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	tag := strings.TrimSpace(string(out))
	if c, err := r.ResolveCommit(tag); err == nil || !strings.Contains(err.Error(), "names no object") {
		t.Errorf("ResolveCommit of a tag naming no id = %s, %v", c.Hash, err)
	}
}
