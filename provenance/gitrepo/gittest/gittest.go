// Package gittest builds real git repositories in temporary folders for
// tests, with the git executable and fixed commit times.
package gittest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/fixtures/githead"
)

// Repo is a repository under construction.
type Repo struct {
	T   testing.TB
	Dir string // working tree root (symlinks resolved)
	// Now is the time given to the next commit; Commit advances it by a
	// minute.
	Now time.Time
}

// New initialises an empty repository (branch main) in a new temporary
// folder, as `git init` does (see initRepo).
func New(t testing.TB) *Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not on PATH")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := &Repo{T: t, Dir: dir, Now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	if err := r.initRepo(); err != nil {
		t.Fatal(err)
	}
	return r
}

// Env is the environment git runs with: no user or system configuration,
// and no automatic housekeeping after commits and merges (a process each).
func (r *Repo) Env(at time.Time) []string {
	stamp := at.UTC().Format(time.RFC3339)
	return append(os.Environ(),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull, "HOME="+r.Dir,
		"GIT_CONFIG_COUNT=2", "GIT_CONFIG_KEY_0=gc.auto", "GIT_CONFIG_VALUE_0=0",
		"GIT_CONFIG_KEY_1=maintenance.auto", "GIT_CONFIG_VALUE_1=false",
		"GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com",
		"GIT_AUTHOR_DATE="+stamp, "GIT_COMMITTER_DATE="+stamp,
	)
}

// Git runs git in the working tree and returns its trimmed output.
func (r *Repo) Git(args ...string) string {
	r.T.Helper()
	return r.GitIn(r.Dir, args...)
}

// GitIn runs git in another folder (a linked worktree) with the same setup.
func (r *Repo) GitIn(dir string, args ...string) string {
	r.T.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = r.Env(r.Now)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.T.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Write writes a file (creating folders) relative to the working tree root.
func (r *Repo) Write(path, content string) {
	r.T.Helper()
	p := filepath.Join(r.Dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		r.T.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		r.T.Fatal(err)
	}
}

// Commit stages everything and commits it at r.Now, then advances r.Now by
// a minute. It returns the new commit id.
func (r *Repo) Commit(msg string) string {
	r.T.Helper()
	return r.CommitIn(r.Dir, msg)
}

// CommitIn commits in another working tree (a linked worktree). It runs
// one git process where every file is tracked already (commit -a), else
// two, and reads the new commit's id from the files.
func (r *Repo) CommitIn(dir, msg string) string {
	r.T.Helper()
	if allTracked(dir) {
		r.GitIn(dir, "commit", "-q", "-a", "--allow-empty", "-m", msg)
	} else {
		r.GitIn(dir, "add", "-A")
		r.GitIn(dir, "commit", "-q", "--allow-empty", "-m", msg)
	}
	r.Now = r.Now.Add(time.Minute)
	if id, ok := githead.ID(dir); ok {
		return id
	}
	return r.GitIn(dir, "rev-parse", "HEAD")
}

// EmptyCommits adds n commits with no files on top of HEAD (or as the
// first commits) in one `git fast-import`, with fixed times so that their
// ids are the same on every run, and returns their ids, oldest first.
// With a few hundred, some share their first four hexadecimal digits.
func (r *Repo) EmptyCommits(n int) []string {
	r.T.Helper()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "commit refs/heads/many\nmark :%d\ncommitter Ada <ada@example.com> %d +0000\ndata <<END\nempty %d\nEND\n", i, r.Now.Unix()+int64(i), i)
		if i > 1 {
			fmt.Fprintf(&b, "from :%d\n", i-1)
		}
		b.WriteString("\n")
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir = r.Dir
	cmd.Env = r.Env(r.Now)
	cmd.Stdin = strings.NewReader(b.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		r.T.Fatalf("git fast-import: %v\n%s", err, out)
	}
	ids := strings.Fields(r.Git("rev-list", "--reverse", "refs/heads/many"))
	if len(ids) != n {
		r.T.Fatalf("git fast-import made %d commits, want %d", len(ids), n)
	}
	return ids
}
