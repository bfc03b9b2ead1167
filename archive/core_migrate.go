package archive

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// migration is one numbered file of migrations/ (NNNN_name.sql).
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		v, err := migrationVersion(e.Name())
		if err != nil {
			return nil, err
		}
		body, err := fs.ReadFile(migrationFS, "migrations/"+e.Name())
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, nil
}

// latestVersion is the number of the newest migration, read from the
// names of the embedded files alone (their bodies are only needed to
// migrate).
var latestVersion = sync.OnceValues(func() (int, error) {
	entries, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		return 0, err
	}
	latest := 0
	for _, e := range entries {
		v, err := migrationVersion(e.Name())
		if err != nil {
			return 0, err
		}
		latest = max(latest, v)
	}
	return latest, nil
})

// migrationVersion returns the number of a migration file NNNN_name.sql.
func migrationVersion(name string) (int, error) {
	num, _, ok := strings.Cut(name, "_")
	if !ok || !strings.HasSuffix(name, ".sql") {
		return 0, fmt.Errorf("migration %s: name must be NNNN_name.sql", name)
	}
	v, err := strconv.Atoi(num)
	if err != nil {
		return 0, fmt.Errorf("migration %s: %w", name, err)
	}
	return v, nil
}

// storedVersion reads the schema version without taking the write lock.
func storedVersion(ctx context.Context, db *sql.DB) (int, error) {
	var stored int
	err := db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&stored)
	return stored, err
}

// behind reports whether the stored schema is older than the newest
// migration. A database with no schema yet (no table) is behind too.
func behind(ctx context.Context, db *sql.DB) bool {
	latest, err := latestVersion()
	if err != nil {
		return false // migrate reports it
	}
	stored, err := storedVersion(ctx, db)
	return err != nil || stored < latest
}

// migrate applies the migrations newer than the stored schema version, all
// in one transaction, and reports whether it applied any. A new (empty)
// database gets freshSchema, every migration at once.
func migrate(ctx context.Context, db *sql.DB) (bool, error) {
	return migrateFrom(ctx, db, freshSchema)
}

// migrateFrom is migrate with fresh as the schema of a new database; with
// fresh "" a new database is migrated step by step like an old one (how
// the tests make the schema freshSchema must equal).
func migrateFrom(ctx context.Context, db *sql.DB, fresh string) (bool, error) {
	latestKnown, err := latestVersion()
	if err != nil {
		return false, fmt.Errorf("load migrations: %w", err)
	}
	// Most opens find the schema current: check without taking the write
	// lock, which a running refresh may hold.
	if stored, err := storedVersion(ctx, db); err == nil && stored >= latestKnown {
		return false, nil
	}
	ms, err := loadMigrations()
	if err != nil {
		return false, fmt.Errorf("load migrations: %w", err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	created := false
	if fresh != "" {
		var objects int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&objects); err != nil {
			return false, fmt.Errorf("migrate: %w", err)
		}
		if objects == 0 {
			if _, err := tx.ExecContext(ctx, fresh); err != nil {
				return false, fmt.Errorf("create schema: %w", err)
			}
			created = true
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	var current int
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&current); err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	latest := current
	for _, m := range ms {
		if m.version <= current {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return false, fmt.Errorf("migration %s: %w", m.name, err)
		}
		latest = m.version
	}
	if latest == current && !created {
		return false, nil
	}
	if latest != current {
		if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
			return false, fmt.Errorf("migrate: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, latest); err != nil {
			return false, fmt.Errorf("migrate: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	return true, nil
}
