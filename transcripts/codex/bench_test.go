package codex

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"hansard/fixtures/gen"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// generated writes a synthetic rollout of about size bytes with long
// outputs and returns its bytes and what the generator wrote.
func generated(tb testing.TB, size int64) ([]byte, gen.Stats) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "rollout-2026-01-05T09-00-00-0190aaaa-0000-7000-8000-0000000000c0.jsonl")
	st, err := gen.WriteOne(path, gen.Codex, size)
	if err != nil {
		tb.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b, st
}

// TestGenerated cross-checks the parser with the synthetic generator's own
// counts.
func TestGenerated(t *testing.T) {
	t.Parallel()
	data, st := generated(t, 2<<20)
	c := &providertest.Collector{}
	src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: "/x/rollout.jsonl"}
	cp, err := (Provider{}).Parse(context.Background(), src, bytes.NewReader(data), transcripts.Checkpoint{}, c.Sink())
	if err != nil {
		t.Fatal(err)
	}
	if len(cp.State) > 32<<10 {
		t.Errorf("checkpoint state of %d bytes after a finished session", len(cp.State))
	}
	if len(c.Problems) != 0 {
		t.Errorf("problems %+v", c.Problems[:min(3, len(c.Problems))])
	}
	applied := map[string]bool{} // the generator counts applied patches only
	for k, e := range c.EditsByKey {
		switch e.Status {
		case transcripts.EditOK:
			applied[k.ToolCallID] = true
		case transcripts.EditFailed:
		default:
			t.Errorf("edit %v left %s", k, e.Status)
		}
	}
	if len(applied) != st.Edits {
		t.Errorf("%d applied edit calls, generator wrote %d", len(applied), st.Edits)
	}
	if n := len(c.CommandsByKey); n != st.Commands {
		t.Errorf("%d commands, generator wrote %d", n, st.Commands)
	}
}

// BenchmarkParse measures parse throughput on a ~50 MB synthetic rollout
// with long tool outputs: go test -run XXX -bench Parse ./transcripts/codex
func BenchmarkParse(b *testing.B) {
	data, _ := generated(b, 50<<20)
	src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: "/x/rollout.jsonl"}
	sink := func(transcripts.Record) error { return nil }
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := (Provider{}).Parse(context.Background(), src, bytes.NewReader(data), transcripts.Checkpoint{}, sink); err != nil {
			b.Fatal(err)
		}
	}
}
