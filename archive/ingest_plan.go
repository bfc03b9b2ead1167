package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"hansard/transcripts"
)

// planKind is how a changed source is read.
type planKind int

const (
	planAppend  planKind = iota + 1 // from the stored checkpoint (the worker falls back to planFull)
	planFull                        // the whole original, replacing its rows
	planRebuild                     // from the retained copy, then what the original gained
)

// sourceRow is a stored source.
type sourceRow struct {
	id           int64
	provider     string
	path         string
	class        string
	size, mtime  int64
	headLen      int
	headHash     []byte
	tailLen      int
	tailHash     []byte
	cp           transcripts.Checkpoint
	retainedRaw  int64
	retainedSize int64
	deleted      bool
	reparse      bool
	generation   int
	retired      bool // an earlier generation (see retire)
	kind         transcripts.Kind
	// For a snapshot source: the SHA-256 of the generation last read and
	// the lengths of the generations its retained copy holds.
	contentHash  []byte
	snapshotLens []int64
}

// job is one source to read in this run.
type job struct {
	provider transcripts.Provider
	src      transcripts.Source
	row      sourceRow
	kind     planKind
	exists   bool // the original file is on disk
	fresh    bool // first seen in this run: nothing stored to replace
	size     int64
	mtime    int64
}

// storedPath is the path the job's source is stored under: the file's, or
// for an earlier generation the path of its kept row.
func (j *job) storedPath() string {
	if j.row.path != "" {
		return j.row.path
	}
	return j.src.Path
}

func (j *job) expectBytes() int64 {
	switch j.kind {
	case planAppend:
		return max(j.size-j.row.cp.Offset, 0)
	case planRebuild:
		return max(j.row.retainedRaw, j.size)
	}
	return j.size
}

// largestFirst orders jobs by the bytes they are expected to read, most
// first, so that the largest file does not start last.
func largestFirst(jobs []*job) {
	sort.SliceStable(jobs, func(i, j int) bool { return jobs[i].expectBytes() > jobs[j].expectBytes() })
}

const sourceColumns = `id, provider, path, class, size, mtime_ns, head_len, head_hash, offset, lines,
	next_index, state, retained_raw, retained_size, deleted, reparse, tail_len, tail_hash, generation, retired,
	kind, content_hash, snapshot_lens`

func scanSource(sc interface{ Scan(...any) error }) (sourceRow, error) {
	var r sourceRow
	var kind, lens string
	err := sc.Scan(&r.id, &r.provider, &r.path, &r.class, &r.size, &r.mtime, &r.headLen, &r.headHash,
		&r.cp.Offset, &r.cp.Line, &r.cp.NextIndex, &r.cp.State, &r.retainedRaw, &r.retainedSize,
		&r.deleted, &r.reparse, &r.tailLen, &r.tailHash, &r.generation, &r.retired, &kind, &r.contentHash, &lens)
	if err == nil {
		r.kind = transcripts.KindNamed(kind)
		err = json.Unmarshal([]byte(lens), &r.snapshotLens)
	}
	return r, err
}

type sourceKey struct{ provider, path string }

// storedSource is what discovery compares a file with: enough to tell an
// unchanged file, read from the covering index sources_stat without
// touching the checkpoints (their provider state can be large).
type storedSource struct {
	id               int64
	size, mtime      int64
	deleted, reparse bool
}

// loadStored returns every stored source by provider and path.
func (a *Archive) loadStored(ctx context.Context) (map[sourceKey]storedSource, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT provider, path, size, mtime_ns, deleted, reparse, id FROM sources`)
	if err != nil {
		return nil, fmt.Errorf("load sources: %w", err)
	}
	defer rows.Close()
	stored := make(map[sourceKey]storedSource)
	for rows.Next() {
		var k sourceKey
		var r storedSource
		if err := rows.Scan(&k.provider, &k.path, &r.size, &r.mtime, &r.deleted, &r.reparse, &r.id); err != nil {
			return nil, fmt.Errorf("load sources: %w", err)
		}
		stored[k] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("load sources: %w", err)
	}
	return stored, nil
}

// loadRows fills in the whole stored row (checkpoint included) of the jobs
// that have one.
func (a *Archive) loadRows(ctx context.Context, jobs []*job) error {
	if len(jobs) == 0 {
		return nil
	}
	st, err := a.db.PrepareContext(ctx, `SELECT `+sourceColumns+` FROM sources WHERE id = ?`)
	if err != nil {
		return fmt.Errorf("load sources: %w", err)
	}
	defer st.Close()
	for _, j := range jobs {
		if j.fresh {
			continue
		}
		row, err := scanSource(st.QueryRowContext(ctx, j.row.id))
		if err != nil {
			return fmt.Errorf("load source %s: %w", j.src.Path, err)
		}
		j.row = row
		if j.src.Kind == transcripts.KindAppend {
			j.src.Kind = row.kind // a job planned from the refresh snapshot, or of a file that is gone
		}
	}
	return nil
}

// plan discovers every provider's files and decides what to read. It
// records new sources, sources that are gone and sources that came back in
// one transaction, and returns the jobs largest first and the number of
// files and folders discovery could not read. An unchanged file costs a
// stat: its stored checkpoint is not read.
func (a *Archive) plan(ctx context.Context, providers []transcripts.Provider, env transcripts.Env, warn func(string), res *RefreshResult) ([]*job, int, error) {
	stored, err := a.loadStored(ctx)
	if err != nil {
		return nil, 0, err
	}
	warnedScan, warnedSkipped, err := a.loadWarned(ctx)
	if err != nil {
		return nil, 0, err
	}

	var (
		jobs       []*job
		fresh      []*job // not stored yet
		back       []int64
		gone       []int64
		scanErrors = make(map[string]string)
		skipped    = make(map[string]string)
		seen       = make(map[sourceKey]bool)
	)
	once := warnOnce(warn, warnedScan, warnedSkipped, scanErrors, skipped)
	for _, p := range providers {
		discoverWarn := func(path string, err error) {
			once(path, err, errors.As(err, new(*transcripts.SkippedError)))
		}
		err := p.Discover(ctx, p.Roots(env), discoverWarn, func(src transcripts.Source) error {
			k := sourceKey{p.Name(), src.Path}
			if seen[k] {
				return nil
			}
			seen[k] = true
			res.Sources++
			size, mtime, err := statFile(src.Path)
			if err != nil {
				if !errors.Is(err, os.ErrNotExist) {
					discoverWarn(src.Path, err)
				}
				delete(seen, k) // treat as not found
				return nil
			}
			row, ok := stored[k]
			j := &job{provider: p, src: src, row: sourceRow{id: row.id}, exists: true, size: size, mtime: mtime}
			switch {
			case !ok:
				j.kind, j.fresh = planFull, true
				fresh = append(fresh, j)
			case row.reparse:
				j.kind = planRebuild
			case size == row.size && mtime == row.mtime:
				res.Unchanged++
				if row.deleted {
					back = append(back, row.id)
				}
				return nil
			default:
				j.kind = planAppend
			}
			if ok && row.deleted {
				back = append(back, row.id)
			}
			jobs = append(jobs, j)
			return nil
		})
		if err != nil {
			return nil, 0, fmt.Errorf("discover %s transcripts: %w", p.Name(), err)
		}
	}
	byName := providersByName(providers)
	for k, row := range stored {
		p, ok := byName[k.provider]
		if !ok || seen[k] {
			continue
		}
		if !row.deleted {
			gone = append(gone, row.id)
			res.Deleted++
		}
		if row.reparse {
			jobs = append(jobs, goneRebuild(p, k, row.id))
		}
	}
	if err := a.loadGoneRows(ctx, jobs); err != nil {
		return nil, 0, err
	}
	if err := a.recordPlan(ctx, fresh, back, gone, scanErrors); err != nil {
		return nil, 0, err
	}
	if err := a.recordSkipped(ctx, warnedSkipped, skipped); err != nil {
		return nil, 0, err
	}
	largestFirst(jobs)
	return jobs, len(scanErrors), nil
}

// goneRebuild is the job that re-parses a source whose file is gone from
// its retained copy.
func goneRebuild(p transcripts.Provider, k sourceKey, id int64) *job {
	src := transcripts.Source{Provider: k.provider, Path: k.path}
	return &job{provider: p, src: src, row: sourceRow{id: id}, kind: planRebuild}
}

// loadGoneRows loads the jobs' stored rows (see loadRows) and gives the
// jobs of sources that are gone the class and path they were read with.
func (a *Archive) loadGoneRows(ctx context.Context, jobs []*job) error {
	if err := a.loadRows(ctx, jobs); err != nil {
		return err
	}
	for _, j := range jobs {
		if !j.exists {
			j.src.Class = j.row.class // the class recorded when the file was read
			j.src.Path = j.row.originalPath()
		}
	}
	return nil
}

// keptRebuilds returns the jobs that rebuild the earlier generations kept
// by a rebuild that found their files rewritten (see parseJob).
func (a *Archive) keptRebuilds(ctx context.Context, providers []transcripts.Provider) ([]*job, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, provider, path FROM sources WHERE retired AND reparse`)
	if err != nil {
		return nil, fmt.Errorf("load sources: %w", err)
	}
	defer rows.Close()
	byName := providersByName(providers)
	var jobs []*job
	for rows.Next() {
		var id int64
		var k sourceKey
		if err := rows.Scan(&id, &k.provider, &k.path); err != nil {
			return nil, fmt.Errorf("load sources: %w", err)
		}
		if p, ok := byName[k.provider]; ok {
			jobs = append(jobs, goneRebuild(p, k, id))
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("load sources: %w", err)
	}
	rows.Close()
	if err := a.loadGoneRows(ctx, jobs); err != nil {
		return nil, err
	}
	largestFirst(jobs)
	return jobs, nil
}

func providersByName(providers []transcripts.Provider) map[string]transcripts.Provider {
	byName := make(map[string]transcripts.Provider, len(providers))
	for _, p := range providers {
		byName[p.Name()] = p
	}
	return byName
}

// recordPlan stores what discovery found, in one transaction and only when
// something changed.
func (a *Archive) recordPlan(ctx context.Context, fresh []*job, back, gone []int64, scanErrors map[string]string) error {
	var storedErrors int
	if err := a.db.QueryRowContext(ctx, `SELECT count(*) FROM scan_errors`).Scan(&storedErrors); err != nil {
		return fmt.Errorf("record sources: %w", err)
	}
	if len(fresh)+len(back)+len(gone)+len(scanErrors)+storedErrors == 0 {
		return nil
	}
	a.markDurable()
	return a.inTx(ctx, func(tx *sql.Tx) error {
		for _, j := range fresh {
			err := tx.QueryRowContext(ctx,
				`INSERT INTO sources (provider, path, class, kind) VALUES (?, ?, ?, ?) RETURNING id`,
				j.provider.Name(), j.src.Path, j.src.Class, j.src.Kind.String()).Scan(&j.row.id)
			if err != nil {
				return fmt.Errorf("record source %s: %w", j.src.Path, err)
			}
		}
		for _, id := range back {
			if err := setSourceDeleted(ctx, tx, id, false); err != nil {
				return err
			}
		}
		for _, id := range gone {
			if err := setSourceDeleted(ctx, tx, id, true); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM scan_errors`); err != nil {
			return fmt.Errorf("record scan errors: %w", err)
		}
		for path, msg := range scanErrors {
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO scan_errors (path, error) VALUES (?, ?)`, path, msg); err != nil {
				return fmt.Errorf("record scan errors: %w", err)
			}
		}
		return nil
	})
}

func setSourceDeleted(ctx context.Context, tx *sql.Tx, id int64, deleted bool) error {
	if _, err := tx.ExecContext(ctx, `UPDATE sources SET deleted = ? WHERE id = ?`, deleted, id); err != nil {
		return fmt.Errorf("mark source: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sessions SET source_deleted = ? WHERE source_id = ?`, deleted, id); err != nil {
		return fmt.Errorf("mark sessions: %w", err)
	}
	return nil
}

// markRebuild flags every source of the given providers for re-parsing
// from its retained copy. The flag is cleared source by source as each is
// re-parsed, so an interrupted rebuild continues on the next Refresh.
func (a *Archive) markRebuild(ctx context.Context, providers []transcripts.Provider) error {
	if len(providers) == 0 {
		return nil
	}
	if err := a.dropSnapshot(); err != nil { // it would hide the pending work
		return err
	}
	a.markDurable()
	// A refresh that checked the disk before this and waits for the lock
	// must not plan from its snapshot (see planChanged), even when this
	// rebuild stops before taking a new one.
	if err := setMetaTx(ctx, a.db, metaSnapshot, ""); err != nil {
		return err
	}
	names := make([]any, len(providers))
	for i, p := range providers {
		names[i] = p.Name()
	}
	q := `UPDATE sources SET reparse = 1 WHERE provider IN (?` + strings.Repeat(", ?", len(names)-1) + `)`
	if _, err := a.db.ExecContext(ctx, q, names...); err != nil {
		return fmt.Errorf("mark rebuild: %w", err)
	}
	return nil
}
