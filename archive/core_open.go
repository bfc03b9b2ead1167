package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"hansard/archive/bm25"
)

// DBName is the archive's SQLite file inside its folder.
const DBName = "hansard.db"

// dsnPragmas are applied by the driver to every pooled connection. Besides
// WAL with synchronous=NORMAL (a commit is durable at the next checkpoint,
// never corrupt): statement journals are kept in memory (temp_store; the
// writer's statements would otherwise write a temporary file), the page
// cache holds 16 MB, and the file is memory-mapped for reading (no read
// system call per page; pages shared with the OS cache). The writer of a
// refresh sets its own connection apart (see newWriter).
const dsnPragmas = "_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)" +
	"&_pragma=foreign_keys(1)&_pragma=journal_size_limit(67108864)&_pragma=temp_store(MEMORY)" +
	"&_pragma=cache_size(" + cacheSize + ")&_pragma=mmap_size(" + mmapSize + ")&_txlock=immediate"

// cacheSize (KiB, negated) and mmapSize (bytes) are a reading connection's
// page cache and mapping.
const (
	cacheSize = "-16384"
	mmapSize  = "17179869184"
)

// Options configure Open.
type Options struct {
	// Dir is the archive folder (see DefaultDir). It is created 0700; an
	// existing one must be the user's, writable by no one else.
	Dir string
	// Redact rewrites text before it is stored or indexed; nil stores text
	// as recorded.
	Redact func(string) string
	// RedactVersion names the rules of Redact. When it, or whether Redact
	// is set, differs from what the stored text was redacted with, the
	// next Refresh stores every text again (see ingest_redact_setting.go).
	RedactVersion string
	// Resolver finds the repository of a folder; nil attaches no session
	// to a repository.
	Resolver Resolver
	// PathMaps rewrite recorded paths before repositories are resolved.
	PathMaps []PathMap
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Archive is an open archive. It is safe for concurrent use; Refresh and
// Reattach serialize on a lock file so that only one process writes.
type Archive struct {
	dir      string
	db       *sql.DB
	redact   func(string) string
	redactV  string
	resolver Resolver
	now      func() time.Time

	mu   sync.Mutex // guards maps
	maps []PathMap

	kept    keptStatements // reads prepared once (see query)
	changes changeWatch    // the connection ChangeMark reads through

	durable   atomic.Bool // wrote what Close must checkpoint (see markDurable)
	closeOnce sync.Once
	closeErr  error
}

// DefaultDir returns the archive folder: $HANSARD_HOME, else
// $XDG_DATA_HOME/hansard, else ~/.local/share/hansard under $HOME.
func DefaultDir(getenv func(string) string) (string, error) {
	if d := getenv("HANSARD_HOME"); d != "" {
		return filepath.Abs(d)
	}
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Abs(filepath.Join(d, "hansard"))
	}
	home := getenv("HOME")
	if home == "" {
		return "", errors.New("archive folder: neither HANSARD_HOME, XDG_DATA_HOME nor HOME is set")
	}
	return filepath.Join(home, ".local", "share", "hansard"), nil
}

// Open opens (creating when needed) the archive in opts.Dir and applies
// pending migrations.
func Open(ctx context.Context, opts Options) (*Archive, error) {
	if opts.Dir == "" {
		return nil, errors.New("open archive: no folder given")
	}
	path := filepath.Join(opts.Dir, DBName)
	if err := ensurePrivate(opts.Dir, path); err != nil {
		return nil, err
	}
	// Turning a new database to WAL (the first connection's pragma) fails
	// at once, without waiting, when another connection is doing the same
	// (SQLITE_BUSY): an empty one is opened and migrated under the write
	// lock, or once another process has turned it.
	locked := false
	if isEmpty(path) {
		unlock, err := lockDir(ctx, opts.Dir, func() bool { return isEmpty(path) })
		if err == nil {
			locked = true
			defer unlock()
		} else if !errors.Is(err, errBusy) {
			return nil, fmt.Errorf("open archive %s: %w", path, err)
		}
	}
	bm25.Register()
	registerStablePlans()
	if err := registerFTSFunctions(); err != nil {
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	u := url.URL{Scheme: "file", Path: path, RawQuery: dsnPragmas}
	db, err := sql.Open("sqlite", u.String())
	if err != nil {
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(4)
	a := &Archive{
		dir:      opts.Dir,
		db:       db,
		redact:   opts.Redact,
		redactV:  opts.RedactVersion,
		resolver: opts.Resolver,
		now:      opts.Now,
		maps:     normalizeMaps(opts.PathMaps),
	}
	if a.now == nil {
		a.now = time.Now
	}
	if !locked && behind(ctx, db) {
		// A migration may rebuild an index for a while: one process
		// migrates under the write lock, the others wait for it rather
		// than for SQLite's busy timeout, then find the schema current.
		unlock, err := lockDir(ctx, opts.Dir, stillBehind(ctx, db))
		if err == nil {
			defer unlock()
		} else if !errors.Is(err, errBusy) {
			db.Close()
			return nil, fmt.Errorf("open archive %s: %w", path, err)
		}
	}
	migrated, err := migrate(ctx, db)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	if migrated {
		a.markDurable()
		// A migration may change what a refresh has to read.
		if err := a.dropSnapshot(); err != nil {
			db.Close()
			return nil, fmt.Errorf("open archive %s: %w", path, err)
		}
	}
	return a, nil
}

// stillBehind is what an opener that found the schema behind asks while
// another holds the write lock (migrating, most likely): whether the
// schema is behind still. It reads the database at most every
// behindRecheck rather than at each of lockDir's polls: the read makes
// the connection parse the schema again, and a crowd of waiting openers
// would take the CPU the migration needs. The opener takes the lock, and
// goes on, as soon as the migration releases it.
func stillBehind(ctx context.Context, db *sql.DB) func() bool {
	next := time.Now().Add(behindRecheck)
	return func() bool {
		if time.Now().Before(next) {
			return true
		}
		next = time.Now().Add(behindRecheck)
		return behind(ctx, db)
	}
}

// behindRecheck is how often stillBehind reads the schema version.
const behindRecheck = 250 * time.Millisecond

// isEmpty reports whether the file at path is there and empty: a
// database no connection has turned to WAL yet. It opens no descriptor
// (see ensurePrivate).
func isEmpty(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Size() == 0
}

// Dir returns the archive folder.
func (a *Archive) Dir() string { return a.dir }

// Path returns the SQLite file.
func (a *Archive) Path() string { return filepath.Join(a.dir, DBName) }

// Redaction returns the redaction the archive's text is stored under
// (Options.Redact; nil when text is kept as recorded), for what is derived
// from that text and kept or shown beside it.
func (a *Archive) Redaction() func(string) string { return a.redact }
