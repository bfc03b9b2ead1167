package bm25

import (
	"fmt"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// SetStablePlans turns SQLite's query planner stability guarantee
// (SQLITE_DBCONFIG_ENABLE_QPSG) on for the connection db (see
// ConnHandle): with it, a statement keeps the plan it was prepared with,
// whatever values are bound to it later. The driver has no API for it.
func SetStablePlans(db uintptr) error {
	_, err := planConfig(db, 1)
	return err
}

// StablePlans reports whether the guarantee is on for the connection db.
func StablePlans(db uintptr) (bool, error) {
	v, err := planConfig(db, -1)
	return v == 1, err
}

// planConfig sets the guarantee to v (1 on, -1 leaves it) and returns
// the setting after.
func planConfig(db uintptr, v int32) (int32, error) {
	tls := libc.NewTLS()
	defer tls.Close()
	out := tls.Alloc(8)
	defer tls.Free(8)
	va := libc.NewVaList(v, out)
	defer libc.Xfree(tls, va)
	if rc := sqlite3.Xsqlite3_db_config(tls, db, sqlite3.SQLITE_DBCONFIG_ENABLE_QPSG, va); rc != sqlite3.SQLITE_OK {
		return 0, fmt.Errorf("query planner stability: SQLite error %d", rc)
	}
	return *(*int32)(cmem(out)), nil
}
