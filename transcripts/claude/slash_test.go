package claude

import (
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// TestSlashCommandTitles: a session started with /goal is titled by the
// goal, one started with /model by the first prompt after it, one that
// only ran /model by the command, and one with no prompt a person typed by
// its first assistant text: never untitled while it holds text.
func TestSlashCommandTitles(t *testing.T) {
	t.Parallel()
	providertest.CheckTitles(t, New(), "testdata/slash", func(name string) transcripts.Source {
		return transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/h/.claude/projects/-w/" + name, Class: transcripts.ClassMain}
	}, map[string]string{
		"aaaaaaaa-0000-4000-8000-000000000001.jsonl": "make the retry tests pass on CI",
		"aaaaaaaa-0000-4000-8000-000000000002.jsonl": "Rename the fetch package to catalog",
		"aaaaaaaa-0000-4000-8000-000000000003.jsonl": "/model",
		"aaaaaaaa-0000-4000-8000-000000000004.jsonl": "The upload test fails on a timeout.",
	})
}
