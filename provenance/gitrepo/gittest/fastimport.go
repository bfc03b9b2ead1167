package gittest

import (
	"bufio"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// Snapshot is one commit for FastImport: the full content of the files it
// changes (a nil content deletes the file).
type Snapshot struct {
	Time    time.Time
	Message string
	Files   map[string]*string
}

// FastImport appends commits to branch main with `git fast-import`, which
// writes thousands of commits in seconds, and checks the result out.
func (r *Repo) FastImport(commits []Snapshot) {
	r.T.Helper()
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
		if i > 0 {
			fmt.Fprintf(w, "from :%d\n", i)
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
