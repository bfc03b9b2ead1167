package main

import (
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
)

// providers is the registry of transcript providers: every agent whose
// files hansard reads, in the order their sources are discovered and
// shown. A new provider is added here and nowhere else; tests build
// their own lists.
func providers() []transcripts.Provider {
	return []transcripts.Provider{claude.New(), codex.Provider{}}
}
