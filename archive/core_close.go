package archive

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"reflect"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// Closing the last connection to a WAL database checkpoints it: the WAL
// is synced, copied into the database and the database synced. A query
// command that wrote a few cached results would pay those syncs on its
// way out. What it wrote can wait in the WAL (a power loss may take it,
// never corrupt the database: SQLite recovers the WAL's intact prefix),
// so such a command closes without checkpointing and leaves the
// checkpoint to the next writer of transcripts, or to the first close
// that finds the WAL large.
//
// Transcripts, and the settings a user sets, are not left waiting: an
// archive that wrote them (see markDurable) checkpoints on close, even
// when another process still has the database open.

// walKeepLimit is the largest WAL a close leaves uncheckpointed: the next
// open reads it whole to rebuild its index (about 0.1 ms for 128 KiB),
// and every query command opens, while few write.
const walKeepLimit = 64 << 10

// markDurable records that this archive wrote something that must reach
// the disk when it is closed.
func (a *Archive) markDurable() { a.durable.Store(true) }

// Close closes the database, checkpointing the WAL when this archive
// wrote transcripts or settings or the WAL is large. Closing again does
// nothing.
func (a *Archive) Close() error {
	a.closeOnce.Do(func() { a.closeErr = a.close() })
	return a.closeErr
}

func (a *Archive) close() error {
	ctx := context.Background()
	a.kept.close()
	a.changes.close()
	switch {
	case a.durable.Load():
		// Another process may hold the database open, and the close
		// would then leave the WAL as it is.
		if _, err := a.db.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`); err != nil {
			a.db.Close()
			return translate(err, "checkpoint")
		}
	case a.walSize() <= walKeepLimit:
		a.skipCloseCheckpoint(ctx)
	}
	return a.db.Close()
}

// walSize is the size of the WAL file (0 when there is none).
func (a *Archive) walSize() int64 {
	fi, err := os.Stat(a.Path() + "-wal")
	if err != nil {
		return 0
	}
	return fi.Size()
}

// skipCloseCheckpoint asks every open connection not to checkpoint when
// it closes. When one is in use, or the driver's handle cannot be reached,
// the close checkpoints as usual.
func (a *Archive) skipCloseCheckpoint(ctx context.Context) {
	st := a.db.Stats()
	if st.InUse > 0 {
		return
	}
	conns := make([]*sql.Conn, 0, st.Idle)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range st.Idle {
		c, err := a.db.Conn(ctx)
		if err != nil {
			return
		}
		conns = append(conns, c)
		if err := c.Raw(noCheckpointOnClose); err != nil {
			return
		}
	}
}

var errNoHandle = errors.New("no SQLite handle in the driver connection")

// noCheckpointOnClose sets SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE on a
// connection of modernc.org/sqlite, whose handle is the field db of its
// connection type (not exported: read by reflection, and any other shape
// is errNoHandle).
func noCheckpointOnClose(driverConn any) error {
	v := reflect.ValueOf(driverConn)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return errNoHandle
	}
	f := v.Elem().FieldByName("db")
	if !f.IsValid() || f.Kind() != reflect.Uintptr || f.Uint() == 0 {
		return errNoHandle
	}
	tls := libc.NewTLS()
	defer tls.Close()
	// sqlite3_db_config(db, op, int onoff, int *pResult): varargs of one
	// 8-byte slot each.
	va := tls.Alloc(16)
	defer tls.Free(16)
	rc := sqlite3.Xsqlite3_db_config(tls, uintptr(f.Uint()), sqlite3.SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
		libc.VaList(va, int32(1), uintptr(0)))
	if rc != sqlite3.SQLITE_OK {
		return errNoHandle
	}
	return nil
}
