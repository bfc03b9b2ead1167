package provenance_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"hansard/archive"
	"hansard/fixtures/truth"
	"hansard/provenance"
	"hansard/provenance/accuracy"
	"hansard/provenance/gitrepo"
	"hansard/transcripts"
	"hansard/transcripts/claude"
)

// ledgerFixture builds a few ground-truth scenarios (failed edits, a Codex
// move and a rename, several sessions on one file).
func ledgerFixture(t *testing.T) *truth.Result {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a fixture repository")
	}
	var scs []truth.Scenario
	for _, n := range []string{"agent-commits", "failed-edits", "rename-move"} {
		sc, ok := truth.ScenarioByName(n)
		if !ok {
			t.Fatalf("no scenario %s", n)
		}
		scs = append(scs, sc)
	}
	res, err := truth.Build(context.Background(), t.TempDir(), 1, scs...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// answers asks Why about every file of the fixture and renders the
// answers as JSON.
func answers(t *testing.T, res *truth.Result, a *archive.Archive) string {
	t.Helper()
	repo, err := gitrepo.Open(res.Repo)
	if err != nil {
		t.Fatal(err)
	}
	at := provenance.NewArchiveAdapters(a).Attributor()
	var all []provenance.Attribution
	for _, f := range res.Truth.Files {
		q := provenance.Query{Path: f.Path}
		if _, err := os.Stat(filepath.Join(res.Repo, f.Path)); err != nil {
			q.Rev = "HEAD"
		}
		out, err := at.Why(context.Background(), repo, q)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, out...)
	}
	b, _ := json.Marshal(all)
	return string(b)
}

// indexFixture indexes the fixture's transcripts (those the providers
// read, all of them when none are named) into an archive that closes
// with the test.
func indexFixture(t *testing.T, res *truth.Result, providers ...transcripts.Provider) *archive.Archive {
	t.Helper()
	a, err := accuracy.IndexFixture(context.Background(), res, t.TempDir(), providers...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// TestUpdateLedgerIncremental builds the ledger from the Claude sessions,
// then adds the Codex ones: only the files they edited are replayed, a
// second update does nothing, and the result equals a rebuild from scratch
// (which a change of LedgerVersion causes).
func TestUpdateLedgerIncremental(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	res := ledgerFixture(t)
	a := indexFixture(t, res, claude.New())
	if st, _ := a.LedgerState(ctx); st.Dirty || st.Version != provenance.LedgerVersion {
		t.Fatalf("after the first update: %+v", st)
	}
	if r, err := provenance.UpdateLedger(ctx, a); err != nil || r != (provenance.LedgerResult{}) {
		t.Fatalf("nothing changed, yet the update did %+v (%v)", r, err)
	}

	if _, err := a.Refresh(ctx, accuracy.Providers(), accuracy.Env(res), archive.RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	codexFiles := map[string]bool{}
	err := a.ForEachEdit(ctx, archive.EditFilter{RepoRoot: res.Repo}, func(e archive.RepoEdit) error {
		if e.Provider == "codex" {
			codexFiles[e.Path] = true
			if e.MoveToPath != "" {
				codexFiles[e.MoveToPath] = true
			}
		}
		return nil
	})
	if err != nil || len(codexFiles) == 0 {
		t.Fatalf("no Codex edits in the fixture (%v)", err)
	}
	r, err := provenance.UpdateLedger(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rebuilt || r.Files == 0 || r.Files > len(codexFiles) {
		t.Errorf("update after the Codex sessions: %+v, want only their %d files replayed", r, len(codexFiles))
	}
	incremental := answers(t, res, a)

	if err := a.ResetLedger(ctx, provenance.LedgerVersion+1); err != nil { // as if the rules had changed
		t.Fatal(err)
	}
	if r, err := provenance.UpdateLedger(ctx, a); err != nil || !r.Rebuilt {
		t.Fatalf("another ledger version: %+v (%v), want a rebuild", r, err)
	}
	if rebuilt := answers(t, res, a); rebuilt != incremental {
		t.Errorf("incremental ledger answers differently from a rebuilt one")
	}
}

// TestUpdateLedgerSkipsFailedEdits checks that no failed edit becomes a
// ledger entry, while its text stays in the archive.
func TestUpdateLedgerSkipsFailedEdits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	res := ledgerFixture(t)
	a := indexFixture(t, res)
	store := provenance.NewArchiveLedger(a)
	failed := 0
	err := a.ForEachEdit(ctx, archive.EditFilter{RepoRoot: res.Repo}, func(e archive.RepoEdit) error {
		if e.Succeeded() {
			return nil
		}
		failed++
		e.Status = transcripts.EditOK
		keys := (provenance.LedgerEntry{Lines: provenance.Introduced(e.Edit, nil)}).Keys()
		got, err := store.Candidates(ctx, res.Repo, keys)
		if err != nil {
			return err
		}
		for _, c := range got {
			if c.SessionID == e.SessionID && c.ToolCallID == e.ToolCallID {
				t.Errorf("failed edit %s/%s is in the ledger", e.SessionID, e.ToolCallID)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if failed == 0 {
		t.Fatal("the fixture has no failed edit")
	}
}

// TestUpdateLedgerAfterReattach indexes sessions recorded in another
// checkout without the path map (their edits are in no repository here),
// then attaches them with it: the ledger follows and their lines are
// attributed.
func TestUpdateLedgerAfterReattach(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a fixture repository")
	}
	ctx := context.Background()
	sc, _ := truth.ScenarioByName("other-checkout")
	res, err := truth.Build(ctx, t.TempDir(), 1, sc)
	if err != nil {
		t.Fatal(err)
	}
	maps := res.Truth.Maps
	res.Truth.Maps = nil
	a := indexFixture(t, res)
	recall := func() float64 {
		at := provenance.NewArchiveAdapters(a).Attributor()
		repo, _ := gitrepo.Open(res.Repo)
		var got []truth.Answer
		for _, f := range res.Truth.Files {
			out, err := at.Why(ctx, repo, provenance.Query{Path: f.Path})
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range out {
				ans := truth.Answer{Path: x.Path, Line: x.Line, Status: x.Status}
				if x.Edit != nil {
					ans.SessionID = x.Edit.SessionID
				}
				got = append(got, ans)
			}
		}
		return truth.Score(res.Truth, got).ByScenario["other-checkout"].Recall()
	}
	if r := recall(); r != 0 {
		t.Fatalf("recall %.2f before the sessions are attached", r)
	}
	var pm []archive.PathMap
	for _, m := range maps {
		pm = append(pm, archive.PathMap{From: m.From, To: m.To})
	}
	if err := a.Reattach(ctx, pm); err != nil {
		t.Fatal(err)
	}
	if r, err := provenance.UpdateLedger(ctx, a); err != nil || r.Files == 0 {
		t.Fatalf("update after attaching: %+v (%v)", r, err)
	}
	if r := recall(); r < 0.95 {
		t.Errorf("recall %.2f after attaching the sessions", r)
	}
}

// TestUpdateLedgerBusy leaves a current ledger as it is while another
// writer holds the archive, and catches up once it is done.
func TestUpdateLedgerBusy(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	res := ledgerFixture(t)
	a := indexFixture(t, res, claude.New())
	if _, err := a.Refresh(ctx, accuracy.Providers(), accuracy.Env(res), archive.RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	unlock, err := a.LockLedger(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := provenance.UpdateLedger(ctx, a)
	unlock()
	if err != nil || !r.Busy || r.Files != 0 {
		t.Fatalf("while another writer holds the archive: %+v (%v)", r, err)
	}
	if r, err := provenance.UpdateLedger(ctx, a); err != nil || r.Busy || r.Files == 0 {
		t.Errorf("once it is done: %+v (%v)", r, err)
	}
}
