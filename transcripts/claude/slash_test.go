package claude

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// TestSlashCommandTitles parses the fixtures of testdata/slash: a session
// started with /goal is titled by the goal, one started with /model by the
// first prompt after it.
func TestSlashCommandTitles(t *testing.T) {
	want := map[string]string{
		"aaaaaaaa-0000-4000-8000-000000000001": "make the retry tests pass on CI",
		"aaaaaaaa-0000-4000-8000-000000000002": "Rename the fetch package to catalog",
	}
	for id, title := range want {
		path := filepath.Join("testdata", "slash", id+".jsonl")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/h/.claude/projects/-w/" + id + ".jsonl", Class: transcripts.ClassMain}
		c, _ := providertest.ParseFrom(t, New(), src, data, transcripts.Checkpoint{})
		ss := c.Sessions()
		if len(ss) != 1 || ss[0].Title != title {
			t.Errorf("%s: sessions %+v, want the title %q", id, ss, title)
		}
	}
}
