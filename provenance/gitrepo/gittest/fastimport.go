package gittest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"hansard/fixtures/githead"
)

// Snapshot is one commit for FastImport: the full content of the files it
// changes (a nil content deletes the file).
type Snapshot struct {
	Time    time.Time
	Message string
	Files   map[string]*string
}

// FastImport appends commits to branch main (checked out, or not made
// yet) with `git fast-import`, which writes thousands of commits in
// seconds, and checks the result out: the first one's parent is the
// commit HEAD names, if any. A message is
// stored as given: end it with a newline to make the commit `git commit
// -m` makes of it.
func (r *Repo) FastImport(commits []Snapshot) {
	r.T.Helper()
	parent, hasParent := githead.ID(r.Dir)
	if _, err := os.Stat(filepath.Join(r.Dir, ".git", "packed-refs")); !hasParent && err == nil {
		cmd := exec.Command("git", "rev-parse", "-q", "--verify", "HEAD^{commit}")
		cmd.Dir, cmd.Env = r.Dir, r.Env(r.Now)
		if id, err := cmd.Output(); err == nil {
			parent, hasParent = strings.TrimSpace(string(id)), true
		}
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir = r.Dir
	cmd.Env = r.Env(r.Now)
	in, err := cmd.StdinPipe()
	if err != nil {
		r.T.Fatal(err)
	}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		r.T.Fatal(err)
	}
	w := bufio.NewWriter(in)
	for i, c := range commits {
		ts := fmt.Sprintf("%d +0000", c.Time.Unix())
		fmt.Fprintf(w, "commit refs/heads/main\nmark :%d\nauthor Ada <ada@example.com> %s\ncommitter Ada <ada@example.com> %s\ndata %d\n%s\n",
			i+1, ts, ts, len(c.Message), c.Message)
		switch {
		case i > 0:
			fmt.Fprintf(w, "from :%d\n", i)
		case hasParent:
			fmt.Fprintf(w, "from %s\n", parent)
		}
		for path, content := range c.Files {
			if content == nil {
				fmt.Fprintf(w, "D %s\n", path)
				continue
			}
			fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n", path, len(*content), *content)
		}
	}
	if err := w.Flush(); err != nil {
		r.T.Fatal(err)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		r.T.Fatalf("git fast-import: %v\n%s", err, out.String())
	}
	r.Git("checkout", "-q", "-f", "main")
}
