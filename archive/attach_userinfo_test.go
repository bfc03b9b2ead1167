package archive

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryURLsWithoutUserinfo checks that neither a remote URL nor
// a URL an agent recorded keeps its user name and password, in the repos
// table or in Status, whether redaction is on or off.
func TestRepositoryURLsWithoutUserinfo(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	repo := filepath.Join(t.TempDir(), "webapp")
	makeRepo(t, repo, "https://deploy:"+testPassword+"@git.example.com/team/webapp.git")
	a := e.open(Options{Resolver: &dotGitResolver{}})
	e.write("s.jsonl",
		`{"t":"session","id":"s","cwd":"`+repo+`","repo_url":"https://`+testGitHubToken+`@github.com/team/webapp"}`,
		`{"t":"msg","role":"user","text":"go"}`)
	e.refresh(a, RefreshOptions{})
	st, err := a.Status(context.Background(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Repositories) != 1 {
		t.Fatalf("repositories: %+v", st.Repositories)
	}
	r := st.Repositories[0]
	if r.RemoteURL != "https://git.example.com/team/webapp.git" || strings.Join(r.RecordedURLs, ",") != "https://github.com/team/webapp" {
		t.Errorf("status: %+v", r)
	}
	for _, secret := range []string{testPassword, testGitHubToken} {
		if n := count(t, a.db, `SELECT count(*) FROM repos WHERE remote_url LIKE ? OR recorded_urls LIKE ?`, "%"+secret+"%", "%"+secret+"%"); n != 0 {
			t.Errorf("repos keeps %s", secret[:4])
		}
	}
}
