package provenance

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hansard/provenance/gitrepo"
	"hansard/transcripts"
)

// BenchmarkAttributeRewrites is a worst case for the engine: every one of
// 200 sessions rewrote the whole 3,000-line file with a Write of unknown
// prior content, so every line has 200 candidates that explain all of its
// context.
func BenchmarkAttributeRewrites(b *testing.B) {
	const lines, sessions = 3000, 200
	var text string
	for i := 0; i < lines; i++ {
		text += fmt.Sprintf("\tvalue%d := compute(%d)\n", i, i%7)
	}
	store := NewMemStore()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for s := 0; s < sessions; s++ {
		e := transcripts.Edit{SessionID: fmt.Sprintf("s%d", s), ToolCallID: "c", Tool: "Write", Op: transcripts.OpWrite,
			NewText: text, Status: transcripts.EditOK, Timestamp: at.Add(time.Duration(s) * time.Minute)}
		entry, _ := NewEntry(e, "claude", "/r", "f.go", nil)
		store.Add(entry)
	}
	c := &gitrepo.BlameCommit{Hash: "1111111111111111111111111111111111111111", CommitTime: at.Add(time.Hour), AuthorTime: at.Add(time.Hour)}
	var bl []gitrepo.BlameLine
	for i, l := range splitLines(text) {
		bl = append(bl, gitrepo.BlameLine{FinalLine: i + 1, OrigLine: i + 1, Commit: c, OrigPath: "f.go", Text: l})
	}
	a := &Attributor{Ledger: store, Shell: store}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := a.Attribute(context.Background(), FileBlame{Repo: "/r", Path: "f.go", Lines: bl})
		if err != nil {
			b.Fatal(err)
		}
		if out[0].Status != StatusConflicting {
			b.Fatalf("status %s", out[0].Status)
		}
	}
}
