package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/redact"
)

// secretSessionLines is a session whose prompt, call input, result,
// command and edit carry secrets.
func secretSessionLines(cwd string) []string {
	return []string{
		`{"t":"session","id":"sec","cwd":"` + cwd + `"}`,
		`{"t":"msg","role":"user","text":"deploy with ` + testGitHubToken + ` now","uuid":"u1","ts":"2026-01-02T03:04:05Z"}`,
		`{"t":"msg","role":"assistant","text":"running the deploy","uuid":"u2","parent":"u1","ts":"2026-01-02T03:04:06Z"}`,
		`{"t":"call","id":"c1","name":"Bash","input":{"command":"set -e\ndeploy --password ` + testPassword + `"}}`,
		`{"t":"result","id":"c1","text":"deployed; password=` + testPassword + `"}`,
		`{"t":"cmd","call":"c1","command":"deploy --password ` + testPassword + `","exit":0}`,
		`{"t":"call","id":"c2","name":"Write","input":{"file_path":"` + cwd + `/key.pem","content":"` + strings.Join(testPrivateKey(), `\n`) + `"}}`,
		`{"t":"edit","call":"c2","file":"` + cwd + `/key.pem","old":"","new":"` + strings.Join(testPrivateKey(), `\n`) + `","status":"ok"}`,
	}
}

// archiveBytes returns the database file and its WAL.
func archiveBytes(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	for _, name := range []string{DBName, DBName + "-wal"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}

// TestTurningRedactionOnLeavesNoSecret indexes secrets with redaction off,
// then opens the archive with it on: the first refresh stores every text
// again, redacted, and no byte of a secret is left in the database file,
// its WAL or the full-text vocabulary. Turning it off again stores the
// text as recorded.
func TestTurningRedactionOnLeavesNoSecret(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	e.write("sec.jsonl", secretSessionLines("/w/app")...)
	secrets := append([]string{testGitHubToken, testPassword}, testKeyLines...)

	off := e.open(Options{})
	e.refresh(off, RefreshOptions{})
	if !strings.Contains(archiveBytes(t, e.dir), testPassword) && count(t, off.db, `SELECT count(*) FROM messages WHERE text LIKE ?`, "%"+testGitHubToken+"%") == 0 {
		t.Fatal("redaction off did not store the secrets")
	}
	off.Close()

	on := e.open(Options{Redact: redact.New().String, RedactVersion: "test"})
	res := e.refresh(on, RefreshOptions{})
	if res.Rebuilt != 1 {
		t.Errorf("rebuilt %d sources, want 1", res.Rebuilt)
	}
	if n := count(t, on.db, `SELECT count(*) FROM messages WHERE text LIKE '%[redacted:%'`); n == 0 {
		t.Error("no message text is redacted")
	}
	list, err := on.IndexTerms(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	terms := strings.Join(list, "\n")
	on.Close()
	raw := archiveBytes(t, e.dir)
	lower := strings.ToLower(raw) // the full-text index keeps terms in lower case
	for _, s := range secrets {
		if strings.Contains(raw, s) || strings.Contains(lower, strings.ToLower(s)) {
			t.Errorf("the database keeps %.12s…", s)
		}
		if strings.Contains(terms, strings.ToLower(s[2:len(s)-2])) {
			t.Errorf("the full-text vocabulary keeps %.12s…", s)
		}
	}

	// Unchanged setting: nothing is read again.
	again := e.open(Options{Redact: redact.New().String, RedactVersion: "test"})
	if res := e.refresh(again, RefreshOptions{}); res.Rebuilt != 0 {
		t.Errorf("the same setting rebuilt %d sources", res.Rebuilt)
	}
	again.Close()

	back := e.open(Options{})
	if res := e.refresh(back, RefreshOptions{}); res.Rebuilt != 1 {
		t.Errorf("turning redaction off rebuilt %d sources, want 1", res.Rebuilt)
	}
	if count(t, back.db, `SELECT count(*) FROM messages WHERE text LIKE ?`, "%"+testGitHubToken+"%") != 1 {
		t.Error("with redaction off the text is not stored as recorded")
	}
}
