package archive

import (
	"context"
	"path/filepath"
	"testing"
)

// TestRepoShellCommands checks that the commands of a session recorded in
// a subfolder of another checkout are found by the names of the files
// they rewrite, with their results and rewrites, and place the paths they
// name in the checkout here; that commits and folder rewrites are found
// whatever the names; and that CommandsMark moves when a command is
// added.
func TestRepoShellCommands(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	repo := filepath.Join(t.TempDir(), "webapp")
	makeRepo(t, repo, "git@example.com:team/webapp.git")
	a := e.open(Options{Resolver: &dotGitResolver{}, PathMaps: []PathMap{{From: "/home/bob/src/webapp", To: repo}}})
	lines := []string{
		`{"t":"session","id":"s1","cwd":"/home/bob/src/webapp/sub"}`,
		`{"t":"msg","role":"user","text":"rename it"}`,
		`{"t":"call","id":"c1","name":"Bash","input":{"command":"sed -i s/a/b/ ../main.go"}}`,
		`{"t":"cmd","call":"c1","command":"sed -i s/a/b/ ../main.go","exit":0}`,
		`{"t":"result","id":"c1","text":"done"}`,
	}
	e.write("s1.jsonl", lines...)
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	mark, err := a.CommandsMark(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := a.RepoShellCommands(ctx, repo, []string{"main.go", "other.go"})
	if err != nil || len(cmds) != 1 {
		t.Fatalf("commands %+v: %v", cmds, err)
	}
	c := cmds[0]
	if c.SessionID != "s1" || c.Result != "done" || c.Command.Command != "sed -i s/a/b/ ../main.go" || c.Commit ||
		len(c.Rewrites) != 1 || c.Rewrites[0].Path != "../main.go" || c.Rewrites[0].Tool != "sed -i" {
		t.Errorf("command %+v", c)
	}
	for p, want := range map[string]string{"../main.go": "main.go", "x.go": "sub/x.go", "/home/bob/src/webapp/y.go": "y.go", "/etc/passwd": ""} {
		got, ok := c.RepoPath(p)
		if got != want || ok != (want != "") {
			t.Errorf("RepoPath(%s) = %q, %v; want %q", p, got, ok, want)
		}
	}
	if none, _ := a.RepoShellCommands(ctx, repo, []string{"x.go"}); len(none) != 0 {
		t.Errorf("x.go found %+v", none)
	}
	e.write("s1.jsonl", append(lines,
		`{"t":"call","id":"c2","name":"Bash","input":{"command":"git commit -m x"}}`,
		`{"t":"cmd","call":"c2","command":"git commit -m x","exit":0}`,
		`{"t":"call","id":"c3","name":"Bash","input":{"command":"gofmt -w . && git commit -am y"}}`,
		`{"t":"cmd","call":"c3","command":"gofmt -w . && git commit -am y","exit":0}`)...)
	e.refresh(a, RefreshOptions{})
	if again, err := a.CommandsMark(ctx); err != nil || again == mark {
		t.Errorf("mark %q after a new command, was %q (%v)", again, mark, err)
	}
	cmds, err = a.RepoShellCommands(ctx, repo, nil)
	if err != nil || len(cmds) != 2 {
		t.Fatalf("commits and folders: %+v: %v", cmds, err)
	}
	if c := cmds[0]; c.ToolCallID != "c2" || !c.Commit || c.CommitMessage != "x" || len(c.Rewrites) != 0 {
		t.Errorf("commit %+v", c)
	}
	if c := cmds[1]; c.ToolCallID != "c3" || !c.Commit || c.CommitMessage != "y" || len(c.Rewrites) != 1 || !c.Rewrites[0].Tree {
		t.Errorf("gofmt and commit %+v", c)
	}
}
