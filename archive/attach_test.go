package archive

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/transcripts"
)

// dotGitResolver finds repositories by walking up to a folder holding a
// .git folder, and reads the origin URL from .git/config. It stands in for
// the git package at the Resolver seam.
type dotGitResolver struct{ calls int }

func (r *dotGitResolver) Resolve(ctx context.Context, dir string) (Repo, error) {
	r.calls++
	for d := dir; ; d = filepath.Dir(d) {
		if fi, err := os.Stat(filepath.Join(d, ".git")); err == nil && fi.IsDir() {
			return Repo{Root: d, RemoteURL: originURL(filepath.Join(d, ".git", "config"))}, nil
		}
		// A linked worktree: .git is a file naming <main>/.git/worktrees/<name>.
		if data, err := os.ReadFile(filepath.Join(d, ".git")); err == nil {
			gitdir := strings.TrimSpace(strings.TrimPrefix(string(data), "gitdir:"))
			main := filepath.Dir(filepath.Dir(filepath.Dir(gitdir)))
			return Repo{Root: main, WorkTree: d, RemoteURL: originURL(filepath.Join(main, ".git", "config"))}, nil
		}
		if filepath.Dir(d) == d {
			return Repo{}, fmt.Errorf("%s: %w", dir, ErrNotRepo)
		}
	}
}

func originURL(config string) string {
	f, err := os.Open(config)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "="); ok && strings.TrimSpace(k) == "url" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func makeRepo(t *testing.T, root, url string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := "[remote \"origin\"]\n\turl = " + url + "\n"
	if err := os.WriteFile(filepath.Join(root, ".git", "config"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestSessionsAndEditsAttachToRepositories(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	repo := filepath.Join(t.TempDir(), "webapp")
	other := filepath.Join(t.TempDir(), "lib")
	makeRepo(t, repo, "git@example.com:team/webapp.git")
	makeRepo(t, other, "git@example.com:team/lib.git")
	a := e.open(Options{Resolver: &dotGitResolver{}})

	e.write("local.jsonl",
		`{"t":"session","id":"local","cwd":"`+repo+`/sub","repo_url":"https://example.com/team/webapp"}`,
		`{"t":"msg","role":"user","text":"go"}`,
		`{"t":"call","id":"c1","name":"Edit"}`,
		`{"t":"edit","call":"c1","file":"`+repo+`/sub/main.go","old":"a","new":"b","status":"ok"}`,
		`{"t":"edit","call":"c1","seq":1,"file":"`+other+`/lib.go","old":"a","new":"b","status":"ok"}`,
		`{"t":"edit","call":"c1","seq":2,"file":"/nowhere/x.go","old":"a","new":"b","status":"ok"}`,
	)
	// Recorded on another machine: attaches only through a path map.
	e.write("remote.jsonl",
		`{"t":"session","id":"remote","cwd":"/home/bob/src/webapp"}`,
		`{"t":"msg","role":"user","text":"go"}`,
		`{"t":"call","id":"c1","name":"Edit"}`,
		`{"t":"edit","call":"c1","file":"/home/bob/src/webapp/sub/util.go","old":"a","new":"b","status":"ok"}`,
	)
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()

	si, err := a.GetSession(ctx, "local")
	if err != nil || si.RepoRoot != repo || si.RepoCWD != "sub" {
		t.Fatalf("local session: %+v %v", si, err)
	}
	edits := repoEdits(t, a, "")
	want := []string{
		"local " + repo + " sub/main.go",
		"local " + other + " lib.go",
		"local  /nowhere/x.go",
		"remote  /home/bob/src/webapp/sub/util.go",
	}
	if strings.Join(edits, "\n") != strings.Join(want, "\n") {
		t.Fatalf("edits:\n%s\nwant:\n%s", strings.Join(edits, "\n"), strings.Join(want, "\n"))
	}
	st, err := a.Status(ctx, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Unattached.Sessions != 1 || st.Unattached.Examples[0] != "remote" || len(st.Repositories) != 1 ||
		st.Repositories[0].RemoteURL != "git@example.com:team/webapp.git" ||
		strings.Join(st.Repositories[0].RecordedURLs, ",") != "https://example.com/team/webapp" {
		t.Fatalf("status: %+v %+v", st.Repositories, st.Unattached)
	}

	parses := e.prov.parses.Load()
	maps := []PathMap{{From: "/home/bob", To: "/elsewhere"}, {From: "/home/bob/src/webapp", To: repo}}
	if err := a.Reattach(ctx, maps); err != nil {
		t.Fatal(err)
	}
	if e.prov.parses.Load() != parses {
		t.Fatal("Reattach read transcripts")
	}
	si, _ = a.GetSession(ctx, "remote")
	if si.RepoRoot != repo || si.RepoCWD != "" {
		t.Fatalf("remote session after map: %+v", si)
	}
	if got := repoEdits(t, a, repo); strings.Join(got, "\n") != "local "+repo+" sub/main.go\nremote "+repo+" sub/util.go" {
		t.Fatalf("edits of %s after map:\n%s", repo, strings.Join(got, "\n"))
	}
	stored, err := a.AttachedPathMaps(ctx)
	if err != nil || !SamePathMaps(stored, maps) {
		t.Fatalf("stored maps: %+v %v", stored, err)
	}

	// New sessions recorded under the mapped folder attach on ingest.
	e.write("remote2.jsonl", `{"t":"session","id":"remote2","cwd":"/home/bob/src/webapp/sub"}`)
	e.refresh(a, RefreshOptions{})
	if si, _ := a.GetSession(ctx, "remote2"); si.RepoRoot != repo || si.RepoCWD != "sub" {
		t.Fatalf("remote2: %+v", si)
	}
}

func TestWorktreeSessionsAttachToTheMainRepository(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	base := t.TempDir()
	main := filepath.Join(base, "webapp")
	wt := filepath.Join(base, "webapp-fix")
	makeRepo(t, main, "git@example.com:team/webapp.git")
	os.MkdirAll(filepath.Join(main, ".git", "worktrees", "fix"), 0o700)
	os.MkdirAll(filepath.Join(wt, "sub"), 0o700)
	os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: "+filepath.Join(main, ".git", "worktrees", "fix")+"\n"), 0o600)
	a := e.open(Options{Resolver: &dotGitResolver{}})
	e.write("wt.jsonl",
		`{"t":"session","id":"wt","cwd":"`+wt+`/sub"}`,
		`{"t":"msg","role":"user","text":"go"}`,
		`{"t":"call","id":"c1","name":"Edit"}`,
		`{"t":"edit","call":"c1","file":"`+wt+`/sub/export.go","old":"a","new":"b","status":"ok"}`,
		`{"t":"edit","call":"c1","seq":1,"file":"`+main+`/main.go","old":"a","new":"b","status":"ok"}`,
	)
	e.refresh(a, RefreshOptions{})
	si, err := a.GetSession(context.Background(), "wt")
	if err != nil || si.RepoRoot != main || si.RepoCWD != "sub" {
		t.Fatalf("worktree session: %+v %v", si, err)
	}
	got := strings.Join(repoEdits(t, a, main), "\n")
	if got != "wt "+main+" sub/export.go\nwt "+main+" main.go" {
		t.Fatalf("worktree edits:\n%s", got)
	}
}

func repoEdits(t *testing.T, a *Archive, root string) []string {
	t.Helper()
	var out []string
	err := a.ForEachEdit(context.Background(), EditFilter{RepoRoot: root}, func(e RepoEdit) error {
		out = append(out, e.SessionID+" "+e.RepoRoot+" "+e.Path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMapPathLongestPrefixWins(t *testing.T) {
	t.Parallel()
	maps := []PathMap{{From: "/a", To: "/x"}, {From: "/a/b/", To: "/y"}, {From: "/", To: "/root"}}
	cases := map[string]string{
		"/a/b/c.go": "/y/c.go",
		"/a/b":      "/y",
		"/a/bc/d":   "/x/bc/d",
		"/a":        "/x",
		"/q/r":      "/root/q/r",
		"":          "",
	}
	for in, want := range cases {
		if got := mapPath(normalizeMaps(maps), in); got != want {
			t.Errorf("mapPath(%q) = %q, want %q", in, got, want)
		}
	}
	if got := mapPath(normalizeMaps(nil), "/a/b"); got != "/a/b" {
		t.Errorf("no maps: %q", got)
	}
}

func TestLinksMergeFromBothSides(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("parent.jsonl",
		`{"t":"session","id":"parent","cwd":"/w"}`,
		`{"t":"link","parent":"parent","rel":"subagent","call":"toolu_1","evidence":"parent names child"}`,
	)
	// The link line names the child through its own session id; emulate
	// the parent side by a child-keyed link written from the parent file.
	e.write("child.jsonl",
		`{"t":"session","id":"child","cwd":"/w","parent":"parent","rel":"subagent"}`,
	)
	e.refresh(a, RefreshOptions{})
	d := dump(t, a)
	if !strings.Contains(d, "child|parent|subagent||") {
		t.Fatalf("child link missing:\n%s", d)
	}
	// A later, emptier copy of the link keeps what was known.
	e.write("child.jsonl",
		`{"t":"session","id":"child","cwd":"/w","parent":"parent","rel":"subagent"}`,
		`{"t":"link","parent":"parent","rel":"subagent","call":"toolu_9","evidence":"agentId matches"}`,
		`{"t":"link","parent":"parent","rel":"subagent"}`,
	)
	e.refresh(a, RefreshOptions{})
	if d := dump(t, a); !strings.Contains(d, "child|parent|subagent|toolu_9|agentId matches") {
		t.Fatalf("merged link:\n%s", d)
	}
	_ = transcripts.RelSubagent
}
