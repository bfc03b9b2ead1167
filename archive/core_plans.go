package archive

import (
	"sync"

	"modernc.org/sqlite"

	"hansard/archive/bm25"
)

// Each connection plans a statement once, whatever is later bound to it:
// SQLite's query planner stability guarantee (bm25.SetStablePlans).
//
// Without it, a statement whose plan SQLite may tailor to a bound value (a
// range on an index beside an ORDER BY or max(), for one) is parsed and
// planned again each time a new value is bound to it. FTS5 looks up the
// page of a term in each segment with such a statement ("... WHERE segid=?
// AND term<=? ORDER BY term DESC LIMIT 1"), so a keyword search of an index
// of many segments spent about a third of its time re-preparing it. The
// archive's own queries gain nothing from values at planning: it keeps no
// statistics of values (no ANALYZE) and matches text with instr and FTS5,
// not LIKE or GLOB.

var registerPlansHook sync.Once

// registerStablePlans adds the connection hook that turns the guarantee on
// for each connection the driver opens; call it before opening the
// database. A connection whose handle cannot be reached plans as SQLite's
// default does.
func registerStablePlans() {
	registerPlansHook.Do(func() {
		sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, _ string) error {
			db, ok := bm25.ConnHandle(conn)
			if !ok {
				return nil
			}
			return bm25.SetStablePlans(db)
		})
	})
}
