package provenance

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hansard/provenance/gitrepo"
)

// failingStore fails every call, to check errors are passed on.
type failingStore struct{ candidates, describe error }

func (s failingStore) Candidates(context.Context, string, []string) ([]LedgerEntry, error) {
	return nil, s.candidates
}

func (s failingStore) Describe(context.Context, []EditKey) (map[EditKey]EditDetail, error) {
	return nil, s.describe
}

func TestAttributeBadInput(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := &gitrepo.BlameCommit{Hash: strings.Repeat("1", 40)}
	lines := []gitrepo.BlameLine{{FinalLine: 1, Commit: c, Text: "value := compute(input)"}}
	boom := errors.New("boom")

	if _, err := (&Attributor{}).Attribute(ctx, FileBlame{Path: "a.go", Lines: lines}); err == nil {
		t.Error("no store accepted")
	}
	bad := []gitrepo.BlameLine{{FinalLine: 3, Text: "x"}}
	if _, err := (&Attributor{Ledger: NewMemStore()}).Attribute(ctx, FileBlame{Path: "a.go", Lines: bad}); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("line without commit: %v", err)
	}
	if _, err := (&Attributor{Ledger: failingStore{candidates: boom}}).Attribute(ctx, FileBlame{Path: "a.go", Lines: lines}); !errors.Is(err, boom) {
		t.Errorf("candidates error: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := (&Attributor{Ledger: NewMemStore()}).Attribute(cancelled, FileBlame{Path: "a.go", Lines: lines}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// Describe is only asked when an edit is named.
	store := NewMemStore()
	store.Add(LedgerEntry{Repo: "/r", Path: "a.go", SessionID: "s", Lines: []LedgerLine{NewLedgerLine("value := compute(input)", 0)}})
	a := &Attributor{Ledger: describeFails{store, boom}, Shell: describeFails{store, boom}}
	if _, err := a.Attribute(ctx, FileBlame{Repo: "/r", Path: "a.go", Lines: lines}); !errors.Is(err, boom) {
		t.Errorf("describe error: %v", err)
	}
	out, err := (&Attributor{Ledger: store, Shell: store}).Attribute(ctx, FileBlame{Repo: "/r", Path: "a.go", Lines: lines})
	if err != nil || len(out) != 1 || out[0].Status != StatusProven {
		t.Errorf("out = %+v, %v", out, err)
	}
	// No lines, no questions.
	out, err = (&Attributor{Ledger: failingStore{candidates: boom, describe: boom}}).Attribute(ctx, FileBlame{Path: "empty.go"})
	if err != nil || len(out) != 0 {
		t.Errorf("empty file = %+v, %v", out, err)
	}
}

type describeFails struct {
	*MemStore
	err error
}

func (d describeFails) Describe(context.Context, []EditKey) (map[EditKey]EditDetail, error) {
	return nil, d.err
}
