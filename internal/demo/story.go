package demo

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"
)

// story holds the repository's versions (repo/vN/<file>.txt: the files a
// commit changed, with .txt added so that the go tool leaves them alone)
// and the transcripts (claude/, codex/), in which {{REPO}} stands for the
// repository's path and {{HEAD}} for the commit checked out when the Codex
// session started.
//
//go:embed story
var story embed.FS

// The person of the story: author and committer of every commit.
const (
	personName  = "Dana Reyes"
	personEmail = "dana@example.com"
)

// commitSpec is one commit of the story: the version folder whose files it
// writes, its message and its time.
type commitSpec struct {
	version string
	message string
	when    time.Time
}

var commits = []commitSpec{
	{"v1", "Add the catalog fetch client\n", utc(2026, 3, 2, 16, 20, 0)},
	{"v2", "Retry server errors with exponential backoff\n", utc(2026, 3, 3, 9, 31, 0)},
	{"v3", "Allow five attempts: the catalog API takes a second to restart\n", utc(2026, 3, 3, 14, 5, 0)},
	{"v4", "Add Client.GetJSON\n", utc(2026, 3, 4, 10, 20, 0)},
}

// transcriptSpec is one embedded transcript and where it goes under the
// home folder; dir may use {{PROJECT}}, Claude Code's name for the
// repository's folder. modTime is the time of its last line.
type transcriptSpec struct {
	embedded string
	dir      string
	modTime  time.Time
}

// codexStartCommit is the index in commits of the commit checked out when
// the Codex session started ({{HEAD}} in its session_meta).
const codexStartCommit = 2

var transcriptFiles = []transcriptSpec{
	{"story/claude/7b3f2c1e-9a4d-4e8b-b5c6-2d1e0f9a8c74.jsonl", ".claude/projects/{{PROJECT}}", utc(2026, 3, 3, 9, 16, 5)},
	{"story/codex/rollout-2026-03-04T10-02-11-019cb84c-41e8-7c3e-9d58-6a0b2e71c4f3.jsonl", ".codex/sessions/2026/03/04", utc(2026, 3, 4, 10, 3, 30)},
}

// Session ids and titles of the story, for tests and explanations.
const (
	ClaudeSession = "7b3f2c1e-9a4d-4e8b-b5c6-2d1e0f9a8c74"
	ClaudeTitle   = "Retry flaky catalog requests with backoff"
	CodexSession  = "019cb84c-41e8-7c3e-9d58-6a0b2e71c4f3"
)

func utc(year int, month time.Month, day, hour, min, sec int) time.Time {
	return time.Date(year, month, day, hour, min, sec, 0, time.UTC)
}

// versionFiles returns the files a version writes, by repo-relative name.
func versionFiles(version string) (map[string]string, error) {
	dir := path.Join("story", "repo", version)
	entries, err := fs.ReadDir(story, dir)
	if err != nil {
		return nil, fmt.Errorf("story version %s: %w", version, err)
	}
	out := map[string]string{}
	for _, e := range entries {
		b, err := fs.ReadFile(story, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("story version %s: %w", version, err)
		}
		out[strings.TrimSuffix(e.Name(), ".txt")] = string(b)
	}
	return out, nil
}

// finalFiles returns the repository's files after the last commit.
func finalFiles() (map[string]string, error) {
	out := map[string]string{}
	for _, c := range commits {
		files, err := versionFiles(c.version)
		if err != nil {
			return nil, err
		}
		for name, content := range files {
			out[name] = content
		}
	}
	return out, nil
}

// lineOf returns the 1-based number of the only line of content that
// contains text.
func lineOf(content, text string) (int, error) {
	found := 0
	for i, l := range strings.Split(content, "\n") {
		if strings.Contains(l, text) {
			if found != 0 {
				return 0, fmt.Errorf("story: %q is on more than one line", text)
			}
			found = i + 1
		}
	}
	if found == 0 {
		return 0, fmt.Errorf("story: no line holds %q", text)
	}
	return found, nil
}
