package archive

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"
	"time"
)

// While another process upgrades the archive (it holds the write lock and
// the stored schema is older than this build's), Open waits for it instead
// of migrating a second time or failing on SQLite's busy timeout, and
// opens once the schema is current.
func TestOpenWaitsForAnotherUpgrade(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	a, err := Open(ctx, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	latest, err := latestVersion()
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", (&url.URL{Scheme: "file", Path: filepath.Join(dir, DBName), RawQuery: dsnPragmas}).String())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	setVersion := func(v int) {
		t.Helper()
		if _, err := raw.Exec(`UPDATE schema_version SET version = ?`, v); err != nil {
			t.Fatal(err)
		}
	}
	setVersion(latest - 1) // an upgrade is under way
	unlock, err := lockDir(ctx, dir, func() bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		b, err := Open(ctx, Options{Dir: dir})
		if err == nil {
			err = b.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("Open returned while another process held the upgrade: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	setVersion(latest) // the other process finished its migration
	unlock()
	if err := <-done; err != nil {
		t.Fatalf("Open after the other upgrade: %v", err)
	}
	var stored int
	if err := raw.QueryRow(`SELECT version FROM schema_version`).Scan(&stored); err != nil || stored != latest {
		t.Fatalf("schema version %d (%v), want %d", stored, err, latest)
	}
}
