package archive

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
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

// racyMargin: a folder whose ctime is this close to the start of the
// discovery that listed it may change again within one tick of the
// filesystem's clock without its times moving; it is not trusted.
const racyMargin = 2 * time.Second

// quickCheck is what comparing the disk with the snapshot found.
type quickCheck struct {
	unchanged bool      // nothing to read: the refresh is done
	files     int       // sources on disk (when unchanged)
	dirs      []snapDir // the folders, unchanged since the snapshot (nil when not)
}

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
	if token, err := a.getMeta(ctx, metaSnapshot); err != nil || token != s.token {
		return q
	}
	for _, f := range s.files {
		if !fileUnchanged(f) {
			return q
		}
	}
	q.unchanged, q.files = true, len(s.files)
	return q
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
		if err != nil || stored != v.ParserVersion() {
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
	now := snapRoots(providers, env)
	if len(now) != len(stored) {
		return false
	}
	for i := range now {
		if now[i] != stored[i] {
			return false
		}
	}
	return true
}

func dirUnchanged(want snapDir) bool {
	got, err := statDir(want.path, want.followsLink)
	return err == nil && got == want
}

// walkRoots records every folder under the roots, or returns false when
// one cannot be read or changed too recently to be trusted (see
// racyMargin) since since.
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

// saveSnapshot records what a successful refresh leaves: dirs are the
// folders verified unchanged before its discovery began, or nil to list
// them now (trusting only those older than scanStart by racyMargin). No
// snapshot is written while sources wait to be re-parsed.
func (a *Archive) saveSnapshot(ctx context.Context, providers []transcripts.Provider, env transcripts.Env, scanStart time.Time, dirs []snapDir) error {
	s := &snapshot{roots: snapRoots(providers, env), dirs: dirs}
	if s.dirs == nil {
		var ok bool
		if s.dirs, ok = walkRoots(s.roots, scanStart); !ok {
			return nil
		}
	}
	names := make(map[string]bool, len(providers))
	for _, p := range providers {
		names[p.Name()] = true
	}
	rows, err := a.db.QueryContext(ctx, `SELECT provider, path, size, mtime_ns, deleted, reparse FROM sources INDEXED BY sources_stat`)
	if err != nil {
		return fmt.Errorf("refresh snapshot: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var prov string
		var f snapFile
		var deleted, reparse bool
		if err := rows.Scan(&prov, &f.path, &f.size, &f.mtime, &deleted, &reparse); err != nil {
			return fmt.Errorf("refresh snapshot: %w", err)
		}
		if reparse {
			return nil
		}
		if names[prov] && !deleted {
			s.files = append(s.files, f)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("refresh snapshot: %w", err)
	}
	s.token = strconv.FormatUint(rand.Uint64(), 36)
	// Not durable: a token lost to a power loss only costs the shortcut.
	if err := setMetaTx(ctx, a.db, metaSnapshot, s.token); err != nil {
		return err
	}
	return a.writeSnapshot(s)
}
