package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"hansard/transcripts"
)

// A refresh that finds nothing new runs before every query command. The
// long way lists every folder under the providers' roots, stats every
// file and reads every stored source. The shortcut: a refresh that
// succeeds writes a snapshot of what it saw (every folder under the roots
// with its inode and times, every source with the size and mtime stored
// for it, and a token also written to the archive). The next refresh
// stats those folders and files and reads the token; when all agree,
// nothing was added, removed, replaced or grown, and it is done.
//
// This holds because providers discover their files from the folder tree
// under their roots alone (the names and types of entries), and any change
// to a folder's entries moves its ctime. The token ties the snapshot to
// the archive it was taken from: it is committed after every row the
// snapshot describes, so an archive that lost them to a power loss has
// lost the token too (a WAL keeps no transaction without the ones before).
// Marking a rebuild clears it: sources waiting to be re-parsed are work
// the snapshot does not show.

// racyMargin: a folder whose ctime is this close to the start of the
// discovery that listed it may change again within one tick of the
// filesystem's clock without its times moving; it is not trusted.
const racyMargin = 2 * time.Second

// quickCheck is what comparing the disk with the snapshot found.
type quickCheck struct {
	dirs []snapDir // the folders, unchanged since the snapshot (nil when not)
	// snap is set when the folders, the parsers and the token agree with
	// the snapshot and every file is still there; changed lists the files
	// (indexes into snap.files) that grew, shrank or were rewritten in
	// place: discovery would find the same files, and the changed ones are
	// all there is to read (see planChanged).
	snap    *snapshot
	changed []int
}

// unchanged reports whether there is nothing to read: the refresh is done.
func (q quickCheck) unchanged() bool { return q.snap != nil && len(q.changed) == 0 }

// quickUnchanged compares the disk and the archive with the snapshot. Any
// trouble (no snapshot, a stat or a query failing) means "not known to be
// unchanged": the caller refreshes the long way, which reports it.
func (a *Archive) quickUnchanged(ctx context.Context, providers []transcripts.Provider, env transcripts.Env) quickCheck {
	var q quickCheck
	s, err := a.readSnapshot()
	if err != nil || !sameRoots(s.roots, providers, env) {
		return q
	}
	// One goroutine: a query runs this beside git, and stats spread over
	// several goroutines finish later on a busy machine, not sooner.
	for _, d := range s.dirs {
		if !dirUnchanged(d) {
			return q
		}
	}
	q.dirs = s.dirs
	if ok, err := a.parsersRecorded(ctx, providers); err != nil || !ok {
		return q
	}
	if ok, err := a.redactionRecorded(ctx); err != nil || !ok {
		return q
	}
	if token, err := a.getMeta(ctx, metaSnapshot); err != nil || token != s.token {
		return q
	}
	var changed []int
	for i, f := range s.files {
		switch same, err := fileUnchanged(f); {
		case err != nil:
			return q // gone or no longer a file: discovery tells
		case !same:
			changed = append(changed, i)
		}
	}
	q.snap, q.changed = s, changed
	return q
}

// planChanged plans a refresh from the snapshot when quickUnchanged found
// only files changed: the jobs are those files, read from their stored
// checkpoints (plan's planAppend). It reports false, to plan the long way,
// when the archive is no longer the one the snapshot describes (another
// refresh ran since the check) or a file is gone.
func (a *Archive) planChanged(ctx context.Context, q quickCheck, providers []transcripts.Provider, res *RefreshResult) ([]*job, bool, error) {
	if q.snap == nil {
		return nil, false, nil
	}
	if token, err := a.getMeta(ctx, metaSnapshot); err != nil || token != q.snap.token {
		return nil, false, err
	}
	byName := providersByName(providers)
	jobs := make([]*job, 0, len(q.changed))
	for _, i := range q.changed {
		f := q.snap.files[i]
		p, ok := byName[f.provider]
		if !ok {
			return nil, false, nil
		}
		size, mtime, err := statFile(f.path)
		if err != nil {
			return nil, false, nil
		}
		jobs = append(jobs, &job{provider: p, src: transcripts.Source{Provider: f.provider, Path: f.path},
			row: sourceRow{id: f.id}, kind: planAppend, exists: true, size: size, mtime: mtime})
	}
	if err := a.loadRows(ctx, jobs); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, false, nil
		}
		return nil, false, err
	}
	kept := jobs[:0]
	for _, j := range jobs {
		if j.row.provider != j.src.Provider || j.row.path != j.src.Path || j.row.deleted || j.row.reparse {
			return nil, false, nil
		}
		j.src.Class = j.row.class
		if j.size != j.row.size || j.mtime != j.row.mtime {
			kept = append(kept, j)
		}
	}
	res.Sources = len(q.snap.files)
	res.Unchanged = res.Sources - len(kept)
	largestFirst(kept)
	return kept, true, nil
}

// parsersRecorded reports whether every versioned provider's parser is
// the one recorded (upgradedProviders would find nothing to do).
func (a *Archive) parsersRecorded(ctx context.Context, providers []transcripts.Provider) (bool, error) {
	for _, p := range providers {
		v, ok := p.(Versioned)
		if !ok {
			continue
		}
		stored, err := a.getMeta(ctx, metaParserPrefix+p.Name())
		if err != nil || stored != recordedVersion(v) {
			return false, err
		}
	}
	return true, nil
}

func snapRoots(providers []transcripts.Provider, env transcripts.Env) []snapRoot {
	var roots []snapRoot
	for _, p := range providers {
		for _, r := range p.Roots(env) {
			roots = append(roots, snapRoot{provider: p.Name(), path: r})
		}
	}
	return roots
}

func sameRoots(stored []snapRoot, providers []transcripts.Provider, env transcripts.Env) bool {
	return slices.Equal(stored, snapRoots(providers, env))
}

func dirUnchanged(want snapDir) bool {
	got, err := statDir(want.path, want.followsLink)
	return err == nil && got == want
}

// walkRoots records every folder under the roots, or returns false when
// one cannot be read or its ctime is within racyMargin of since (or
// later): it may have changed since then without its times moving.
func walkRoots(roots []snapRoot, since time.Time) ([]snapDir, bool) {
	limit := since.Add(-racyMargin).UnixNano()
	var dirs []snapDir
	var walk func(d snapDir) bool
	walk = func(d snapDir) bool {
		if d.ctimeNS >= limit {
			return false
		}
		dirs = append(dirs, d)
		entries, err := os.ReadDir(d.path)
		if err != nil {
			return false
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			sub, err := statDir(filepath.Join(d.path, e.Name()), false)
			if err != nil || !walk(sub) {
				return false
			}
		}
		return true
	}
	for _, r := range roots {
		d, err := statDir(r.path, true)
		switch {
		case err != nil:
			return nil, false
		case !d.exists:
			dirs = append(dirs, d)
		case !walk(d):
			return nil, false
		}
	}
	return dirs, true
}

// saveSnapshot records what a successful refresh leaves. The folders are
// those quickUnchanged verified before discovery began, or listed now
// (trusting only those older than scanStart by racyMargin). The files are
// the stored sources, read whole, or when the refresh was planned from the
// snapshot (planChanged), its files with the changed ones' rows read
// again. No snapshot is written while sources wait to be re-parsed.
func (a *Archive) saveSnapshot(ctx context.Context, providers []transcripts.Provider, env transcripts.Env, scanStart time.Time, q quickCheck, planned bool) error {
	s := &snapshot{roots: snapRoots(providers, env), dirs: q.dirs}
	if s.dirs == nil {
		var ok bool
		if s.dirs, ok = walkRoots(s.roots, scanStart); !ok {
			return nil
		}
	}
	var ok bool
	var err error
	if planned {
		s.files, ok, err = a.updatedFiles(ctx, q.snap.files, q.changed)
	} else {
		s.files, ok, err = a.storedFiles(ctx, providers)
	}
	if err != nil || !ok {
		return err
	}
	s.token = strconv.FormatUint(rand.Uint64(), 36)
	// Not durable: a token lost to a power loss only costs the shortcut.
	if err := setMetaTx(ctx, a.db, metaSnapshot, s.token); err != nil {
		return err
	}
	return a.writeSnapshot(s)
}

// storedFiles returns the stored sources of the providers that are on
// disk, or false when one waits to be re-parsed.
func (a *Archive) storedFiles(ctx context.Context, providers []transcripts.Provider) ([]snapFile, bool, error) {
	byName := providersByName(providers)
	rows, err := a.db.QueryContext(ctx, `SELECT id, provider, path, size, mtime_ns, deleted, reparse FROM sources INDEXED BY sources_stat`)
	if err != nil {
		return nil, false, fmt.Errorf("refresh snapshot: %w", err)
	}
	defer rows.Close()
	var files []snapFile
	for rows.Next() {
		var f snapFile
		var deleted, reparse bool
		if err := rows.Scan(&f.id, &f.provider, &f.path, &f.size, &f.mtime, &deleted, &reparse); err != nil {
			return nil, false, fmt.Errorf("refresh snapshot: %w", err)
		}
		if reparse {
			return nil, false, nil
		}
		if _, ok := byName[f.provider]; ok && !deleted {
			files = append(files, f)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("refresh snapshot: %w", err)
	}
	return files, true, nil
}

// updatedFiles returns base with the row, size and mtime now stored for
// the sources at changed (read or not: another refresh may have read one;
// one read as a new generation has a new row), or false when one is no
// longer a plain stored source.
func (a *Archive) updatedFiles(ctx context.Context, base []snapFile, changed []int) ([]snapFile, bool, error) {
	files := slices.Clone(base)
	st, err := a.db.PrepareContext(ctx, `SELECT id, size, mtime_ns, deleted, reparse FROM sources WHERE provider = ? AND path = ?`)
	if err != nil {
		return nil, false, fmt.Errorf("refresh snapshot: %w", err)
	}
	defer st.Close()
	for _, i := range changed {
		f := &files[i]
		var deleted, reparse bool
		if err := st.QueryRowContext(ctx, f.provider, f.path).Scan(&f.id, &f.size, &f.mtime, &deleted, &reparse); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return nil, false, nil
			}
			return nil, false, fmt.Errorf("refresh snapshot: %w", err)
		}
		if deleted || reparse {
			return nil, false, nil
		}
	}
	return files, true, nil
}
