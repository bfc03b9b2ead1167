package provenance_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/provenance"
	"hansard/provenance/accuracy"
	"hansard/provenance/gitrepo"
	"hansard/provenance/gitrepo/gittest"
)

// claudeSession writes a Claude Code transcript of two messages at at,
// recorded in cwd, into home.
func claudeSession(t *testing.T, home, id, cwd string, at time.Time) {
	t.Helper()
	dir := filepath.Join(home, ".claude", "projects", "-p")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	line := func(typ, parent, uuid, content string, ts time.Time) string {
		p := "null"
		if parent != "" {
			p = fmt.Sprintf("%q", parent)
		}
		return fmt.Sprintf(`{"parentUuid":%s,"cwd":%q,"sessionId":%q,"version":"2.1.0","type":%q,"message":{"role":%q,"content":%q},"uuid":%q,"timestamp":%q}`+"\n",
			p, cwd, id, typ, typ, content, uuid, ts.UTC().Format(time.RFC3339Nano))
	}
	body := line("user", "", "u-1-"+id, "Add the app and commit it", at) +
		line("assistant", "u-1-"+id, "a-1-"+id, "Done: committed.", at.Add(2*time.Minute))
	if err := os.WriteFile(filepath.Join(dir, id+".jsonl"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestArchiveTrailers checks, over a real archive and repository, that
// the lines of a commit no edit wrote are possible for the archived
// session a trailer names (by its id, alone or inside a link), and that a
// trailer naming no archived session (a checkpoint id, a co-author)
// explains nothing.
func TestArchiveTrailers(t *testing.T) {
	ctx := context.Background()
	g := gittest.New(t)
	home := t.TempDir()
	const (
		first  = "0b5e3c1a-7d2f-4e8b-9a6c-1f2e3d4c5b6a"
		second = "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
	)
	claudeSession(t, home, first, g.Dir, g.Now.Add(-10*time.Minute))
	claudeSession(t, home, second, g.Dir, g.Now.Add(-5*time.Minute))
	g.Write("app.go", "package app\n\nfunc Name() string { return \"app\" }\n")
	g.Commit("Add the app\n\nSession-Id: " + first)
	g.Write("app.go", "package app\n\nfunc Name() string { return \"app\" }\n\nfunc Version() string { return \"1.0\" }\n")
	g.Commit("Add a version\n\nClaude-Session: https://example.com/s/" + second + "#top")
	g.Write("app.go", "package app\n\nfunc Name() string { return \"app\" }\n\nfunc Version() string { return \"1.0\" }\n\nfunc Help() string { return \"none\" }\n")
	g.Commit("Add help\n\nEntire-Checkpoint: b5a37dc3d0fe\nCo-Authored-By: Claude <noreply@anthropic.com>")

	a, err := accuracy.IndexHome(ctx, home, nil, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	repo, err := gitrepo.Open(g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	out, err := provenance.NewArchiveAdapters(a).Attributor().Why(ctx, repo, provenance.Query{Path: "app.go"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"func Name()": first, "func Version()": second, "func Help()": ""}
	for _, x := range out {
		for text, session := range want {
			if !strings.HasPrefix(x.Text, text) {
				continue
			}
			got := ""
			if x.Edit != nil {
				got = x.Edit.SessionID
			}
			switch {
			case got != session:
				t.Errorf("%q: session %q (%s %s), want %q", x.Text, got, x.Status, x.Reason, session)
			case session == "" && x.Status != provenance.StatusNone:
				t.Errorf("%q: %s, want none", x.Text, x.Status)
			case session != "" && (x.Status != provenance.StatusPossible || !strings.Contains(x.Reason, "trailer names this session") ||
				x.Edit.SessionTitle == "" || x.Edit.Provider != "claude"):
				t.Errorf("%q: %+v, want possible, by the trailer", x.Text, x)
			}
			delete(want, text)
		}
	}
	if len(want) > 0 {
		t.Errorf("lines not answered: %v", want)
	}
}
