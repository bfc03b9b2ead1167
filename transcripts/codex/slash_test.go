package codex

import (
	"testing"

	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// TestSlashCommandTitles: a session whose first prompt is /model takes its
// title from the next prompt, one whose first prompt is /goal from the
// goal, one that only ran /model from the command, and one with no prompt
// from its first assistant text: never untitled while it holds text.
func TestSlashCommandTitles(t *testing.T) {
	t.Parallel()
	providertest.CheckTitles(t, Provider{}, "testdata/slash", func(name string) transcripts.Source {
		return transcripts.Source{Provider: transcripts.ProviderCodex, Path: "/h/.codex/sessions/2026/04/30/" + name, Class: transcripts.ClassMain}
	}, map[string]string{
		"rollout-2026-04-30T08-00-00-0190aaaa-0000-7000-8000-0000000000c1.jsonl": "Fix the upload test",
		"rollout-2026-04-30T09-00-00-0190aaaa-0000-7000-8000-0000000000c2.jsonl": "ship the upload fix",
		"rollout-2026-04-30T10-00-00-0190aaaa-0000-7000-8000-0000000000c3.jsonl": "/model",
		"rollout-2026-04-30T11-00-00-0190aaaa-0000-7000-8000-0000000000c4.jsonl": "The upload test fails on a timeout.",
	})
}
