package provenance

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"hansard/archive"
	"hansard/provenance/gitrepo"
	"hansard/transcripts"
)

// LedgerResult says what UpdateLedger did.
type LedgerResult struct {
	Rebuilt bool // the ledger was rebuilt whole (its version changed)
	Busy    bool // another process was writing the archive: nothing done
	Files   int  // files replayed
	Edits   int  // edits replayed
	Entries int  // ledger entries written
}

// maxMoveDepth bounds how far back a chain of moves into a file is
// followed when it is replayed.
const maxMoveDepth = 8

// UpdateLedger brings the archive's ledger up to date with its edits. When
// nothing changed since the last update it costs one query. Otherwise every
// file whose edits changed (all of them when LedgerVersion differs from the
// version the ledger was built with) is replayed: its successful edits, and
// those of files moved into it, in time order through a Tracker, so that a
// whole-file write is diffed against what earlier edits left (or, for a
// file no edit wrote before, against git's content at the time). Failed
// edits stay in the archive and never become ledger entries. When another
// process is writing the archive, a ledger of the current version is left
// as it is (Busy); one of another version is waited for.
func UpdateLedger(ctx context.Context, a *archive.Archive) (LedgerResult, error) {
	var res LedgerResult
	st, err := a.LedgerState(ctx)
	if err != nil {
		return res, err
	}
	if st.Version == LedgerVersion && !st.Dirty {
		return res, nil
	}
	// A ledger of another version is of no use: wait for the writer then.
	// Otherwise answer from the ledger as it is while another process
	// writes the archive.
	unlock, err := a.LockLedger(ctx, st.Version != LedgerVersion)
	if errors.Is(err, archive.ErrLedgerBusy) {
		res.Busy = true
		return res, nil
	}
	if err != nil {
		return res, err
	}
	defer unlock()
	if st, err = a.LedgerState(ctx); err != nil { // another process may have done it
		return res, err
	}
	if st.Version != LedgerVersion {
		if err := a.ResetLedger(ctx, LedgerVersion); err != nil {
			return res, err
		}
		res.Rebuilt = true
	}
	paths, mark, err := a.DirtyLedgerPaths(ctx)
	if err != nil {
		return res, err
	}
	byRepo := map[string][]string{}
	var repos []string
	for _, p := range paths {
		if byRepo[p.RepoRoot] == nil {
			repos = append(repos, p.RepoRoot)
		}
		byRepo[p.RepoRoot] = append(byRepo[p.RepoRoot], p.Path)
	}
	for _, repo := range repos {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		r := &replay{a: a, repo: repo}
		u, err := r.run(ctx, byRepo[repo])
		if err != nil {
			return res, fmt.Errorf("ledger of %s: %w", repo, err)
		}
		u.Mark, u.Version = mark, LedgerVersion
		if err := a.ReplaceLedger(ctx, u); err != nil {
			return res, err
		}
		res.Files += len(u.Paths)
		res.Edits += len(u.Edits)
		res.Entries += len(u.Entries)
	}
	return res, nil
}

// replay recomputes the ledger entries of some files of one repository.
type replay struct {
	a    *archive.Archive
	repo string
	git  *gitrepo.Repo
	// gitErr is set once opening the repository failed: no seeding.
	gitErr error
}

func (r *replay) run(ctx context.Context, dirty []string) (archive.LedgerUpdate, error) {
	u := archive.LedgerUpdate{}
	files, err := r.closure(ctx, dirty)
	if err != nil {
		return u, err
	}
	seen := map[archive.LedgerEdit]bool{}
	var edits []archive.RepoEdit
	for _, p := range files {
		err := r.a.ForEachEdit(ctx, archive.EditFilter{RepoRoot: r.repo, Path: p, SkipCopies: true}, func(e archive.RepoEdit) error {
			k := archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq}
			if !seen[k] {
				seen[k] = true
				edits = append(edits, e)
			}
			return nil
		})
		if err != nil {
			return u, err
		}
	}
	slices.SortStableFunc(edits, func(x, y archive.RepoEdit) int {
		return cmp.Or(x.Timestamp.Compare(y.Timestamp), cmp.Compare(x.SessionID, y.SessionID),
			cmp.Compare(x.MessageIndex, y.MessageIndex), cmp.Compare(x.Seq, y.Seq))
	})
	t := NewTracker()
	for _, e := range edits {
		u.Edits = append(u.Edits, archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq})
		moveTo := ""
		if e.Op == transcripts.OpMove {
			moveTo = e.MoveToPath
		}
		if e.Succeeded() && NeedsPrevious(e.Edit) {
			if _, known := t.Content(r.repo, e.Path); !known {
				r.seed(ctx, t, e)
			}
		}
		entry, ok := t.Entry(e.Edit, e.Provider, r.repo, e.Path, moveTo)
		if !ok {
			continue
		}
		u.Entries = append(u.Entries, ledgerRow(entry))
	}
	for _, p := range dirty {
		u.Paths = append(u.Paths, archive.LedgerPath{RepoRoot: r.repo, Path: p})
	}
	return u, nil
}

// closure returns the dirty files and, transitively, the files moved into
// them.
func (r *replay) closure(ctx context.Context, dirty []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	var visit func(p string, depth int) error
	visit = func(p string, depth int) error {
		if seen[p] || depth > maxMoveDepth {
			return nil
		}
		seen[p] = true
		out = append(out, p)
		srcs, err := r.a.MoveSources(ctx, r.repo, p)
		if err != nil {
			return err
		}
		for _, s := range srcs {
			if err := visit(s, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, p := range dirty {
		if err := visit(p, 0); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// seed gives the tracker the file's content in git at the time of the
// edit (the newest commit at or before it), when there is one.
func (r *replay) seed(ctx context.Context, t *Tracker, e archive.RepoEdit) {
	if e.Timestamp.IsZero() || r.gitErr != nil {
		return
	}
	if r.git == nil {
		if r.git, r.gitErr = gitrepo.Open(r.repo); r.gitErr != nil {
			return
		}
	}
	t.SeedFromGit(ctx, r.git, r.repo, e.Path, e.Timestamp)
}

// Add files ledger entries in the archive directly, replacing any of the
// same edits (for tools and tests that build entries themselves; the
// ledger of archived edits is kept by UpdateLedger).
func (al *ArchiveLedger) Add(ctx context.Context, entries ...LedgerEntry) error {
	u := archive.LedgerUpdate{Version: LedgerVersion}
	for _, e := range entries {
		u.Edits = append(u.Edits, archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq})
		u.Entries = append(u.Entries, ledgerRow(e))
	}
	return al.archive.ReplaceLedger(ctx, u)
}

func ledgerRow(e LedgerEntry) archive.LedgerRow {
	row := archive.LedgerRow{
		LedgerEdit:   archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq},
		RepoRoot:     e.Repo,
		Path:         e.Path,
		Provider:     e.Provider,
		MessageIndex: e.MessageIndex,
		Tool:         e.Tool,
		Time:         e.Time,
		ReplaceAll:   e.ReplaceAll,
		Lines:        make([]archive.LedgerLineRow, len(e.Lines)),
	}
	for i, l := range e.Lines {
		row.Lines[i] = archive.LedgerLineRow{Pos: l.Pos, Text: l.Text, KeyHash: KeyHash(l.Key), Trivial: l.Trivial}
	}
	return row
}
