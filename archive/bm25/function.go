// Package bm25 ranks full-text matches as FTS5's bm25() does, keeping
// what bm25() computes anew for every query (see Expr). It holds the
// archive's other calls of SQLite's C interface too, which the driver has
// no API for: a connection's handle (ConnHandle) and its query planner
// stability guarantee (SetStablePlans).
package bm25

import (
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// A search ranks its matches with BM25. FTS5's own bm25() computes, once
// per query and per phrase, the inverse document frequency of the phrase by
// counting the rows that hold it: a walk of the phrase's whole doclist (for
// a common word, most of a search's time). hansard_bm25 is the same
// function, the same formula computed the same way, but for that count,
// which it keeps per FTS5 table, per state of the table's index and per
// match expression, so that a search asked again, or a tier or a page that
// repeats an expression, reuses it (and for each row's length, which it
// keeps too, rather than read it from the docsize table every time):
//
//	hansard_bm25(table, key, generation)
//
// key is the table's name and the match expression, split by a NUL, and
// generation the table's structure record (rankGeneration), which FTS5
// rewrites at every change of the index; the row and token counts, read
// anew by each query, are part of the state too. It is an FTS5 auxiliary
// function, which the driver has no API for: it is registered through
// SQLite's C interface (fts5_api), on each connection as the driver opens
// it. Should that be impossible (a driver whose connection no longer holds
// its handle as this one does), searches use bm25() (Expr).

// Name is the name of the ranking function.
const Name = "hansard_bm25"

var (
	// rankState: 0 before the first connection, rankOn once the function
	// is registered on connections, rankOff when it cannot be.
	rankState atomic.Int32

	registerRankHook sync.Once
)

const (
	rankOn  = 1
	rankOff = 2
)

// Registered reports whether the function is registered on the
// connections opened so far.
func Registered() bool { return rankState.Load() == rankOn }

// Expr returns the SQL expression of the BM25 rank of the current row of
// table, in a query of the FTS5 expression match, with its arguments:
// hansard_bm25 once Register has registered it, bm25() otherwise.
func Expr(table, match string) (string, []any) {
	if rankState.Load() != rankOn {
		return "bm25(" + table + ")", nil
	}
	return Name + "(" + table + ", ?, " + rankGeneration(table) + ")", []any{table + "\x00" + match}
}

// rankGeneration is the SQL of an FTS5 table's structure record: the list
// of its index's segments and a counter of the segments written, rewritten
// by every change of the index (id 10 is FTS5_STRUCTURE_ROWID).
func rankGeneration(table string) string {
	return "(SELECT block FROM " + table + "_data WHERE id = 10)"
}

// Register adds the connection hook that registers hansard_bm25 on each
// connection the driver opens; call it before opening the database.
func Register() {
	registerRankHook.Do(func() {
		sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, _ string) error {
			db, ok := ConnHandle(conn)
			if !ok {
				rankState.CompareAndSwap(0, rankOff)
				return nil
			}
			if rankState.Load() == rankOff {
				return nil
			}
			if err := createRankFunction(db); err != nil {
				return err
			}
			rankState.CompareAndSwap(0, rankOn)
			return nil
		})
	})
}

// ConnHandle returns the sqlite3 handle of a driver connection (its field
// db), for what the driver has no API for; false when the connection holds
// none so.
func ConnHandle(conn any) (uintptr, bool) {
	v := reflect.ValueOf(conn)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return 0, false
	}
	f := v.Elem().FieldByName("db")
	if !f.IsValid() || f.Kind() != reflect.Uintptr || f.Uint() == 0 {
		return 0, false
	}
	return uintptr(f.Uint()), true
}

// createRankFunction registers hansard_bm25 on the connection db: it asks
// FTS5 for its API ("SELECT fts5(?1)" with a pointer bound) and adds the
// function through it.
func createRankFunction(db uintptr) error {
	tls := libc.NewTLS()
	defer tls.Close()
	zSQL, err := libc.CString("SELECT fts5(?1)")
	if err != nil {
		return err
	}
	defer libc.Xfree(tls, zSQL)
	zType, err := libc.CString("fts5_api_ptr")
	if err != nil {
		return err
	}
	defer libc.Xfree(tls, zType)
	zName, err := libc.CString(Name)
	if err != nil {
		return err
	}
	defer libc.Xfree(tls, zName)
	bp := tls.Alloc(16)
	defer tls.Free(16)
	ppStmt, ppAPI := bp, bp+8
	*(*uintptr)(cmem(ppStmt)) = 0
	*(*uintptr)(cmem(ppAPI)) = 0
	if rc := sqlite3.Xsqlite3_prepare_v2(tls, db, zSQL, -1, ppStmt, 0); rc != sqlite3.SQLITE_OK {
		return errors.New("fts5 api: prepare failed")
	}
	stmt := *(*uintptr)(cmem(ppStmt))
	rc := sqlite3.Xsqlite3_bind_pointer(tls, stmt, 1, ppAPI, zType, 0)
	if rc == sqlite3.SQLITE_OK {
		if rc = sqlite3.Xsqlite3_step(tls, stmt); rc == sqlite3.SQLITE_ROW {
			rc = sqlite3.SQLITE_OK
		}
	}
	sqlite3.Xsqlite3_finalize(tls, stmt)
	pAPI := *(*uintptr)(cmem(ppAPI))
	if rc != sqlite3.SQLITE_OK || pAPI == 0 {
		return errors.New("fts5 api: not available")
	}
	api := (*sqlite3.Tfts5_api)(cmem(pAPI))
	if api.FiVersion < 2 {
		return errors.New("fts5 api: version too old")
	}
	create := *(*func(*libc.TLS, uintptr, uintptr, uintptr, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxCreateFunction}))
	if rc := create(tls, pAPI, zName, 0, cFunc(rankBM25), 0); rc != sqlite3.SQLITE_OK {
		return errors.New("fts5 api: cannot create " + Name)
	}
	return nil
}

// cmem is the address p of memory SQLite allocated (not Go's).
func cmem(p uintptr) unsafe.Pointer { return unsafe.Add(nil, p) }

// cFunc is the C function pointer of a Go function declared at top level,
// as the transpiled SQLite calls it (its func value: see the driver's
// cFuncPointer).
func cFunc[T any](f T) uintptr { return *(*uintptr)(unsafe.Pointer(&struct{ f T }{f})) }

// The per-query data of hansard_bm25, in SQLite's memory (its auxiliary
// data, freed with the query): nPhrase, avgdl, the handle of the table's
// state in rankQueries, then idf and freq, nPhrase float64s each.
const rankHeader = 24

// rankQueries holds the table state (*tableCounts) each running query
// ranks in, by handle, until SQLite frees the query's data.
var (
	rankQueries    sync.Map
	rankNextHandle atomic.Int64
)

// rankBM25 is hansard_bm25: fts5Bm25Function of SQLite's fts5_aux.c, the
// weights of every column 1, with the phrase counts of rankCounts.
func rankBM25(tls *libc.TLS, pAPI, pFts, pCtx uintptr, nVal int32, apVal uintptr) {
	const k1, b = 1.2, 0.75
	api := (*sqlite3.TFts5ExtensionApi)(cmem(pAPI))
	if nVal == 4 { // a walk's: rank only the rows it keeps
		argv := unsafe.Slice((*uintptr)(cmem(apVal)), 4)
		rowid := (*(*func(*libc.TLS, uintptr) int64)(unsafe.Pointer(&struct{ uintptr }{api.FxRowid})))(tls, pFts)
		if !walkKeeps(sqlite3.Xsqlite3_value_int64(tls, argv[2]), rowid, valueText(tls, argv[3])) {
			sqlite3.Xsqlite3_result_null(tls, pCtx)
			return
		}
	}
	p, rc := rankData(tls, api, pFts, nVal, apVal)
	if rc != sqlite3.SQLITE_OK {
		sqlite3.Xsqlite3_result_error_code(tls, pCtx, rc)
		return
	}
	nPhrase := int(*(*int64)(cmem(p)))
	avgdl := *(*float64)(cmem(p + 8))
	idf := unsafe.Slice((*float64)(cmem(p+rankHeader)), nPhrase)
	freq := unsafe.Slice((*float64)(cmem(p+rankHeader+uintptr(8*nPhrase))), nPhrase)
	clear(freq)
	bp := tls.Alloc(16)
	defer tls.Free(16)
	pnInst, pip, pic, pio := bp, bp+4, bp+8, bp+12
	rc = (*(*func(*libc.TLS, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxInstCount})))(tls, pFts, pnInst)
	inst := (*(*func(*libc.TLS, uintptr, int32, uintptr, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxInst})))
	for i := int32(0); rc == sqlite3.SQLITE_OK && i < *(*int32)(cmem(pnInst)); i++ {
		if rc = inst(tls, pFts, i, pip, pic, pio); rc == sqlite3.SQLITE_OK {
			freq[*(*int32)(cmem(pip))] += float64(1)
		}
	}
	var D float64
	if rc == sqlite3.SQLITE_OK {
		var n int32
		n, rc = rowSize(tls, api, pFts, *(*int64)(cmem(p + 16)), bp)
		D = float64(n)
	}
	if rc != sqlite3.SQLITE_OK {
		sqlite3.Xsqlite3_result_error_code(tls, pCtx, rc)
		return
	}
	score := float64(0)
	for i := range nPhrase {
		score = score + idf[i]*(freq[i]*(k1+float64(1))/(freq[i]+k1*(float64(1)-b+b*D/avgdl)))
	}
	sqlite3.Xsqlite3_result_double(tls, pCtx, -float64(1)*score)
}

// rankData returns the query's data (see rankHeader), made at its first
// row: the average row length, and each phrase's IDF from its count of
// rows (rankCounts).
func rankData(tls *libc.TLS, api *sqlite3.TFts5ExtensionApi, pFts uintptr, nVal int32, apVal uintptr) (uintptr, int32) {
	getAux := *(*func(*libc.TLS, uintptr, int32) uintptr)(unsafe.Pointer(&struct{ uintptr }{api.FxGetAuxdata}))
	if p := getAux(tls, pFts, 0); p != 0 {
		return p, sqlite3.SQLITE_OK
	}
	if nVal != 2 && nVal != 4 {
		return 0, sqlite3.SQLITE_MISUSE
	}
	nPhrase := (*(*func(*libc.TLS, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxPhraseCount})))(tls, pFts)
	bp := tls.Alloc(16)
	defer tls.Free(16)
	pnRow, pnToken := bp, bp+8
	*(*int64)(cmem(pnRow)), *(*int64)(cmem(pnToken)) = 0, 0
	rc := (*(*func(*libc.TLS, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxRowCount})))(tls, pFts, pnRow)
	if rc == sqlite3.SQLITE_OK {
		rc = (*(*func(*libc.TLS, uintptr, int32, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxColumnTotalSize})))(tls, pFts, -1, pnToken)
	}
	if rc != sqlite3.SQLITE_OK {
		return 0, rc
	}
	nRow, nToken := *(*int64)(cmem(pnRow)), *(*int64)(cmem(pnToken))
	argv := unsafe.Slice((*uintptr)(cmem(apVal)), 2)
	key := valueText(tls, argv[0])
	gen := rankGen{structure: valueText(tls, argv[1]), rows: nRow, tokens: nToken}
	state, counts, rc := rankCounts.get(gen, key, int(nPhrase), func(i int) (int64, int32) {
		return phraseRows(tls, api, pFts, i)
	})
	if rc != sqlite3.SQLITE_OK {
		return 0, rc
	}
	size := rankHeader + 16*uint64(nPhrase)
	p := sqlite3.Xsqlite3_malloc64(tls, size)
	if p == 0 {
		return 0, sqlite3.SQLITE_NOMEM
	}
	*(*int64)(cmem(p)) = int64(nPhrase)
	*(*float64)(cmem(p + 8)) = float64(nToken) / float64(nRow)
	handle := rankNextHandle.Add(1)
	rankQueries.Store(handle, state)
	*(*int64)(cmem(p + 16)) = handle
	idf := unsafe.Slice((*float64)(cmem(p+rankHeader)), nPhrase)
	for i, nHit := range counts {
		// As fts5Bm25GetData: log((N - nHit + 0.5) / (nHit + 0.5)), at least 1e-6.
		v := libc.Xlog(tls, (float64(nRow-nHit)+float64(0.5))/(float64(nHit)+float64(0.5)))
		if v <= float64(0) {
			v = float64(1e-06)
		}
		idf[i] = v
	}
	setAux := *(*func(*libc.TLS, uintptr, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxSetAuxdata}))
	if rc := setAux(tls, pFts, p, cFunc(freeRankData)); rc != sqlite3.SQLITE_OK {
		// xSetAuxdata frees p itself when it fails.
		return 0, rc
	}
	return p, sqlite3.SQLITE_OK
}

func freeRankData(tls *libc.TLS, p uintptr) {
	rankQueries.Delete(*(*int64)(cmem(p + 16)))
	sqlite3.Xsqlite3_free(tls, p)
}

// rowSize returns the current row's length in tokens (xColumnSize of every
// column: a read of the table's docsize row), kept per row in the table's
// state; buf is 4 bytes of SQLite's memory.
func rowSize(tls *libc.TLS, api *sqlite3.TFts5ExtensionApi, pFts uintptr, handle int64, buf uintptr) (int32, int32) {
	v, _ := rankQueries.Load(handle)
	state, _ := v.(*tableCounts)
	rowid := (*(*func(*libc.TLS, uintptr) int64)(unsafe.Pointer(&struct{ uintptr }{api.FxRowid})))(tls, pFts)
	if n, ok := state.size(rowid); ok {
		return n, sqlite3.SQLITE_OK
	}
	rc := (*(*func(*libc.TLS, uintptr, int32, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxColumnSize})))(tls, pFts, -1, buf)
	n := *(*int32)(cmem(buf))
	if rc == sqlite3.SQLITE_OK {
		state.setSize(rowid, n)
	}
	return n, rc
}

// phraseRows counts the rows that hold phrase i of the query (under its
// column filter), as bm25() does.
func phraseRows(tls *libc.TLS, api *sqlite3.TFts5ExtensionApi, pFts uintptr, i int) (int64, int32) {
	pn := tls.Alloc(8)
	defer tls.Free(8)
	*(*int64)(cmem(pn)) = 0
	rc := (*(*func(*libc.TLS, uintptr, int32, uintptr, uintptr) int32)(unsafe.Pointer(&struct{ uintptr }{api.FxQueryPhrase})))(tls, pFts, int32(i), pn, cFunc(countRow))
	return *(*int64)(cmem(pn)), rc
}

func countRow(_ *libc.TLS, _, _, pn uintptr) int32 {
	*(*int64)(cmem(pn))++
	return sqlite3.SQLITE_OK
}

// valueText returns an SQL value as text (a blob's bytes).
func valueText(tls *libc.TLS, v uintptr) string {
	n := sqlite3.Xsqlite3_value_bytes(tls, v)
	p := sqlite3.Xsqlite3_value_blob(tls, v)
	if p == 0 || n <= 0 {
		return ""
	}
	return string(unsafe.Slice((*byte)(cmem(p)), n))
}
