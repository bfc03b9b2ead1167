package provenance_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"hansard/archive"
	"hansard/provenance"
	"hansard/provenance/accuracy"
	"hansard/transcripts"
	"hansard/transcripts/claude"
)

// TestCopiedTranscriptsKeepAnswers copies every Claude Code project folder
// of the fixture beside itself, as a backup or a synced folder does: the
// copies are archived as sessions of their own, and every answer stays
// the same (a copied edit is not a second writer).
func TestCopiedTranscriptsKeepAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	res := ledgerFixture(t)
	a := indexFixture(t, res, claude.New())
	want := answers(t, res, a)

	projects := filepath.Join(res.Home, ".claude", "projects")
	entries, err := os.ReadDir(projects)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.CopyFS(filepath.Join(projects, e.Name()+"-copy"), os.DirFS(filepath.Join(projects, e.Name()))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Refresh(ctx, []transcripts.Provider{claude.New()}, accuracy.Env(res), archive.RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := provenance.UpdateLedger(ctx, a); err != nil {
		t.Fatal(err)
	}
	st, err := a.Status(ctx, []transcripts.Provider{claude.New()}, accuracy.Env(res))
	if err != nil || len(st.RenamedSessions) == 0 {
		t.Fatalf("no session of a copy stored apart: %+v %v", st.RenamedSessions, err)
	}
	if got := answers(t, res, a); got != want {
		t.Errorf("answers changed by the copies:\n%s\nwant\n%s", got, want)
	}
}
