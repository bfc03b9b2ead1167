package recall

import (
	"context"
	"path/filepath"
	"testing"

	"hansard/archive"
	"hansard/fixtures/fakeagents"
	"hansard/transcripts"
)

type recordFirstIndex struct{ progress, done int }

func (r *recordFirstIndex) Progress(archive.Progress) { r.progress++ }
func (r *recordFirstIndex) Done()                     { r.done++ }

// TestFirstIndexIsReported: the refresh that builds a new archive reports
// its progress; later refreshes do not.
func TestFirstIndexIsReported(t *testing.T) {
	t.Parallel()
	ctx, home := context.Background(), t.TempDir()
	if _, err := fakeagents.Lay(home, ".fake-upsert/u.jsonl"); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "HANSARD_HOME": filepath.Join(t.TempDir(), "archive")}
	rec := &recordFirstIndex{}
	h := NewHost(HostOptions{Getenv: func(k string) string { return env[k] },
		Providers: []transcripts.Provider{fakeagents.NewUpsert()}, FirstIndex: rec})
	t.Cleanup(func() { h.Close() })
	if _, err := h.Search(ctx, SearchRequest{}, Scope{All: true}); err != nil {
		t.Fatal(err)
	}
	if rec.progress == 0 || rec.done != 1 {
		t.Fatalf("first refresh: %+v, want progress and one done", *rec)
	}
	*rec = recordFirstIndex{}
	resp, err := h.Search(ctx, SearchRequest{}, Scope{All: true})
	if err != nil {
		t.Fatal(err)
	}
	if rec.progress != 0 || rec.done != 0 {
		t.Errorf("a later refresh reported as the first: %+v", *rec)
	}
	if resp.IndexBuiltAt == "" || h.HalfBuilt() {
		t.Errorf("index_built_at %q, half built %v", resp.IndexBuiltAt, h.HalfBuilt())
	}
}
