package bm25

import (
	"sync"
	"sync/atomic"
)

// A search walks the matches of an expression newest first and keeps few
// of each conversation's (see archive.SearchMessages): most of the rows it
// walks for a common word are left out, and ranking them is wasted. A walk
// registered with Walk is asked, row by row, whether the row is kept; the
// function ranks only those, returning NULL for the others:
//
//	hansard_bm25(table, key, generation, walk, session)
//
// walk is the handle Walk returned and session the row's conversation,
// which the walk's function is given with the row's id.

// walks holds the functions of the running walks, by handle.
var (
	walks          sync.Map
	walkNextHandle atomic.Int64
)

// Walk registers fn, which decides whether a row of a walk is ranked,
// until release; handle names it in ExprWalk.
func Walk(fn func(rowid int64, session string) bool) (handle int64, release func()) {
	handle = walkNextHandle.Add(1)
	walks.Store(handle, fn)
	return handle, func() { walks.Delete(handle) }
}

// ExprWalk is Expr for a walk: the rank of the current row when the walk
// of handle keeps it (given the SQL of the row's conversation, session),
// NULL when it does not. ok is false when the ranking function is not
// registered (bm25() ranks every row; Expr).
func ExprWalk(table, match string, handle int64, session string) (expr string, args []any, ok bool) {
	if rankState.Load() != rankOn {
		return "", nil, false
	}
	return Name + "(" + table + ", ?, " + rankGeneration(table) + ", ?, " + session + ")", []any{table + "\x00" + match, handle}, true
}

// walkKeeps asks the walk of handle whether it keeps the row.
func walkKeeps(handle, rowid int64, session string) bool {
	fn, ok := walks.Load(handle)
	return !ok || fn.(func(int64, string) bool)(rowid, session)
}
