package gitrepo

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

// openRepo opens the test repository g.
func openRepo(t *testing.T, g *gittest.Repo) *Repo {
	t.Helper()
	r, err := Open(g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestOpenFromSubfolderAndMissingFile(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("pkg/a.go", "package pkg\n")
	g.Commit("add a")
	for _, dir := range []string{g.Dir, filepath.Join(g.Dir, "pkg"), filepath.Join(g.Dir, "pkg", "gone", "deeper.go"), filepath.Join(g.Dir, "pkg", "a.go")} {
		r, err := Open(dir)
		if err != nil {
			t.Fatalf("Open(%s): %v", dir, err)
		}
		if r.Root != g.Dir || r.WorkTree != g.Dir || r.IsLinkedWorktree() {
			t.Errorf("Open(%s) = root %q worktree %q linked %v", dir, r.Root, r.WorkTree, r.IsLinkedWorktree())
		}
	}
}

func TestOpenNotRepository(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := Open(dir)
	if !errors.Is(err, ErrNotRepository) {
		t.Fatalf("err = %v, want ErrNotRepository", err)
	}
	if _, err := NewResolver().Resolve(context.Background(), dir); !errors.Is(err, ErrNotRepository) {
		t.Fatalf("Resolve err = %v, want ErrNotRepository", err)
	}
}

func TestWorktreeResolvesToMainRepository(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "one\n")
	g.Commit("first")
	g.Git("remote", "add", "origin", "https://example.com/acme/app.git")
	wt := filepath.Join(filepath.Dir(g.Dir), filepath.Base(g.Dir)+"-wt")
	t.Cleanup(func() { os.RemoveAll(wt) })
	g.Git("worktree", "add", "-q", "-b", "feature", wt)
	wt, _ = filepath.EvalSymlinks(wt)

	r, err := Open(filepath.Join(wt, "a.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Root != g.Dir || r.WorkTree != wt || !r.IsLinkedWorktree() {
		t.Fatalf("root %q worktree %q linked %v", r.Root, r.WorkTree, r.IsLinkedWorktree())
	}
	if r.CommonDir != filepath.Join(g.Dir, ".git") {
		t.Errorf("common dir %q", r.CommonDir)
	}
	h, err := r.Head()
	if err != nil || h.Branch != "feature" || h.Detached {
		t.Errorf("head = %+v, %v", h, err)
	}
	url, err := r.RemoteURL("origin")
	if err != nil || url != "https://example.com/acme/app.git" {
		t.Errorf("origin = %q, %v", url, err)
	}
	res := NewResolver()
	got, err := res.Resolve(context.Background(), filepath.Join(wt, "not", "there"))
	if err != nil || got.Root != g.Dir || got.RemoteURL != "https://example.com/acme/app.git" {
		t.Errorf("Resolve = %+v, %v", got, err)
	}
	// Blame in the worktree sees its own uncommitted line.
	if err := os.WriteFile(filepath.Join(wt, "a.txt"), []byte("one\ntwo\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	lines, err := r.Blame(context.Background(), "a.txt", BlameOptions{})
	if err != nil || len(lines) != 2 || !lines[1].Commit.Uncommitted() || lines[0].Commit.Uncommitted() {
		t.Fatalf("blame in worktree: %+v, %v", lines, err)
	}
}

func TestResolverCachesAnswers(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	res := NewResolver()
	sub := filepath.Join(g.Dir, "sub")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	first, err := res.Resolve(context.Background(), sub)
	if err != nil || first.Root != g.Dir || first.RemoteURL != "" {
		t.Fatalf("Resolve = %+v, %v", first, err)
	}
	// The cached answer survives the repository being moved away.
	if err := os.RemoveAll(filepath.Join(g.Dir, ".git")); err != nil {
		t.Fatal(err)
	}
	again, err := res.Resolve(context.Background(), sub)
	if err != nil || again != first {
		t.Fatalf("cached Resolve = %+v, %v", again, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := res.Resolve(ctx, sub); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Resolve err = %v", err)
	}
}

func TestHeadDetachedAndEmpty(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	r := openRepo(t, g)
	h, err := r.Head()
	if err != nil || h.Commit != "" || h.Branch != "main" {
		t.Fatalf("empty repo head = %+v, %v", h, err)
	}
	g.Write("a.txt", "1\n")
	c1 := g.Commit("one")
	g.Write("a.txt", "2\n")
	g.Commit("two")
	g.Git("checkout", "-q", "--detach", c1)
	h, err = r.Head()
	if err != nil || !h.Detached || h.Commit != c1 || h.Branch != "" {
		t.Fatalf("detached head = %+v, %v", h, err)
	}
}

func TestRelOutsideWorkTree(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	r := openRepo(t, g)
	if _, err := r.Rel(filepath.Dir(g.Dir)); !errors.Is(err, ErrNoSuchPath) {
		t.Errorf("Rel(parent) err = %v", err)
	}
	for _, p := range []string{"..", "../x.go", "a/../../x.go", filepath.Join(g.Dir, "..", "x.go")} {
		if got, err := r.Rel(p); !errors.Is(err, ErrNoSuchPath) {
			t.Errorf("Rel(%q) = %q, %v; want ErrNoSuchPath", p, got, err)
		}
	}
	// Through a symbolic link to the working tree, into a folder that is
	// not there.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(g.Dir, link); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{
		filepath.Join(g.Dir, "a", "b.go"): "a/b.go",
		filepath.Join(link, "a", "b.go"):  "a/b.go",
		filepath.Join(link, "top.go"):     "top.go",
		"a/./c/../b.go":                   "a/b.go",
		"a/..":                            ".",
	} {
		if got, err := r.Rel(p); err != nil || got != want {
			t.Errorf("Rel(%q) = %q, %v; want %q", p, got, err, want)
		}
	}
}

func TestOpenBareAndGitFolder(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "1\n")
	c1 := g.Commit("one")
	g.Git("remote", "add", "origin", "https://example.com/acme/app.git")
	// From inside the .git folder: the working tree's repository.
	r, err := Open(filepath.Join(g.Dir, ".git", "objects"))
	if err != nil || r.Root != g.Dir || r.WorkTree != g.Dir {
		t.Fatalf("Open(.git/objects) = %+v, %v", r, err)
	}
	bare := filepath.Join(t.TempDir(), "app.git")
	g.Git("clone", "-q", "--bare", g.Dir, bare)
	bare, _ = filepath.EvalSymlinks(bare)
	for _, dir := range []string{bare, filepath.Join(bare, "refs", "heads")} {
		r, err := Open(dir)
		if err != nil {
			t.Fatalf("Open(%s): %v", dir, err)
		}
		if r.Root != bare || r.GitDir != bare || r.WorkTree != "" || r.IsLinkedWorktree() {
			t.Errorf("Open(%s) = %+v", dir, r)
		}
		if h, err := r.Head(); err != nil || h.Commit != c1 || h.Branch != "main" {
			t.Errorf("bare head = %+v, %v", h, err)
		}
		if b, err := r.Blob("main", "a.txt"); err != nil || string(b) != "1\n" {
			t.Errorf("bare blob = %q, %v", b, err)
		}
		if url, err := r.RemoteURL("origin"); err != nil || url != g.Dir {
			t.Errorf("bare origin = %q, %v", url, err)
		}
		// No working tree to blame, even where the process runs; a
		// revision is blamed as git does.
		err = r.BlameIncremental(context.Background(), "repo.go", BlameOptions{}, func([]BlameLine) bool { return false })
		if !errors.Is(err, ErrNoSuchPath) {
			t.Errorf("bare working-tree blame: %v", err)
		}
		if lines, err := r.Blame(context.Background(), "a.txt", BlameOptions{Rev: "main"}); err != nil || len(lines) != 1 || lines[0].Commit.Hash != c1 || lines[0].Text != "1" {
			t.Errorf("bare blame at main = %+v, %v", lines, err)
		}
		if _, err := r.Rel(filepath.Join(bare, "a.txt")); !errors.Is(err, ErrNoSuchPath) {
			t.Errorf("bare Rel of an absolute path: %v", err)
		}
	}
}

func TestOpenBrokenGitFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".git"), []byte("not a gitdir line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil {
		t.Error("Open with a .git file without a gitdir line succeeded")
	}
	if err := os.WriteFile(filepath.Join(dir, ".git"), []byte("gitdir: missing\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); !errors.Is(err, ErrNotRepository) {
		t.Errorf("Open with a .git file naming no folder: %v", err)
	}
}

// TestOpenBadHead: a git folder without HEAD is no repository; a HEAD
// that names no commit is an error of Head, not the zero commit.
func TestOpenBadHead(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "1\n")
	id := g.Commit("one")
	head := filepath.Join(g.Dir, ".git", "HEAD")
	for _, content := range []string{"garbage\n", "", "ref: \n", "ref: HEAD\n"} {
		if err := os.WriteFile(head, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		r := openRepo(t, g)
		if h, err := r.Head(); err == nil {
			t.Errorf("Head with HEAD %q = %+v", content, h)
		}
		if c, err := r.ResolveCommit("HEAD"); err == nil {
			t.Errorf("ResolveCommit(HEAD) with HEAD %q = %s", content, c.Hash)
		}
	}
	if err := os.WriteFile(head, []byte(id+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if h, err := openRepo(t, g).Head(); err != nil || h.Commit != id || !h.Detached {
		t.Errorf("detached Head = %+v, %v", h, err)
	}
	// A branch whose ref file holds no commit id.
	if err := os.WriteFile(head, []byte("ref: refs/heads/main\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := openRepo(t, g)
	if err := os.WriteFile(filepath.Join(g.Dir, ".git", "refs", "heads", "main"), []byte("garbage\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if h, err := r.Head(); err == nil {
		t.Errorf("Head of a broken branch = %+v", h)
	}
	if err := os.Remove(head); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(g.Dir); !errors.Is(err, ErrNotRepository) {
		t.Errorf("Open without HEAD: %v", err)
	}
}

// TestOpenPassesOverEmptyGitFolder: a .git folder without HEAD inside a
// repository is passed over, as git does.
func TestOpenPassesOverEmptyGitFolder(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	sub := filepath.Join(g.Dir, "sub")
	if err := os.MkdirAll(filepath.Join(sub, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	r, err := Open(filepath.Join(sub, "a.go"))
	if err != nil || r.Root != g.Dir || r.WorkTree != g.Dir {
		t.Fatalf("Open(sub) = %+v, %v", r, err)
	}
	if top := g.GitIn(sub, "rev-parse", "--show-toplevel"); top != g.Dir {
		t.Errorf("git says the top is %s", top)
	}
	alone := t.TempDir()
	if err := os.Mkdir(filepath.Join(alone, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(alone); !errors.Is(err, ErrNotRepository) {
		t.Errorf("Open of an empty .git folder alone: %v", err)
	}
}

// TestRemoteURLWithoutUserinfo checks that a remote whose URL carries a
// user name and password or token is given without them.
func TestRemoteURLWithoutUserinfo(t *testing.T) {
	t.Parallel()
	g := gittest.New(t)
	g.Write("a.txt", "one\n")
	g.Commit("first")
	token := "gh" + "p_" + "R8kq2Lm9Vx4Tz7Nw1Pb6Yc3Hd5Jf0Gs8Ue2A"
	g.Git("remote", "add", "origin", "https://ci:"+token+"@github.com/acme/app.git")
	r, err := Open(g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if url, err := r.RemoteURL("origin"); err != nil || url != "https://github.com/acme/app.git" {
		t.Errorf("origin = %q, %v", url, err)
	}
	got, err := NewResolver().Resolve(context.Background(), g.Dir)
	if err != nil || got.RemoteURL != "https://github.com/acme/app.git" {
		t.Errorf("Resolve = %+v, %v", got, err)
	}
}
