package codex

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// TestSlashCommandTitles parses the fixtures of testdata/slash: a session
// whose first prompt is /model takes its title from the next prompt, one
// whose first prompt is /goal from the goal.
func TestSlashCommandTitles(t *testing.T) {
	want := map[string]string{
		"rollout-2026-04-30T08-00-00-0190aaaa-0000-7000-8000-0000000000c1.jsonl": "Fix the upload test",
		"rollout-2026-04-30T09-00-00-0190aaaa-0000-7000-8000-0000000000c2.jsonl": "ship the upload fix",
	}
	for name, title := range want {
		data, err := os.ReadFile(filepath.Join("testdata", "slash", name))
		if err != nil {
			t.Fatal(err)
		}
		src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: "/h/.codex/sessions/2026/04/30/" + name, Class: transcripts.ClassMain}
		c, _ := providertest.ParseFrom(t, Provider{}, src, data, transcripts.Checkpoint{})
		ss := c.Sessions()
		if len(ss) != 1 || ss[0].Title != title {
			t.Errorf("%s: sessions %+v, want the title %q", name, ss, title)
		}
	}
}
