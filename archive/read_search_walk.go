package archive

import "errors"

// matchWalk is the first pass of a text search (see SearchMessages): the
// rows it keeps of each session, deciding row by row, newest first,
// whether a match is left out, kept, or ends the walk.
type matchWalk struct {
	f          SearchFilter
	perSession map[string]int
	// byRank: the ranking function decides (see rankingWalk); the row it
	// decided last and what, which is the row the walk reads next.
	byRank  bool
	decided bool
	at      int64
	last    walkStep
}

type walkStep int8

const (
	walkSkip walkStep = iota // not kept: a session shown already, or one with enough rows
	walkKeep
	walkStop // the first row of a session past f.Sessions
)

// errWalkOrder: the ranking function decided rows in another order than
// the walk reads them (a plan that sorts them), so its choices are not the
// walk's; the walk is read again with every row ranked.
var errWalkOrder = errors.New("search walk: rows decided out of order")

func newMatchWalk(f SearchFilter) *matchWalk {
	return &matchWalk{f: f, perSession: make(map[string]int)}
}

// step decides the next row of the walk, of session id.
func (w *matchWalk) step(id string) walkStep {
	if w.f.SkipSession != nil && w.f.SkipSession(id) {
		return walkSkip
	}
	n, seen := w.perSession[id]
	if !seen && w.f.Sessions > 0 && len(w.perSession) >= w.f.Sessions {
		return walkStop
	}
	if w.f.PerSession > 0 && n >= w.f.PerSession {
		return walkSkip
	}
	w.perSession[id] = n + 1
	return walkKeep
}

// rankingWalk decides row rowid of session id as the ranking function
// reads it, before the walk does (see bm25.Walk), so that only the rows
// kept are ranked, and the row that ends the walk (which is read, to end
// it); read takes the decision back.
func (w *matchWalk) rankingWalk(rowid int64, id string) bool {
	if !w.byRank {
		return true
	}
	w.decided, w.at, w.last = true, rowid, w.step(id)
	return w.last != walkSkip
}

// read decides the row the walk reads: as the ranking function did, when
// it decides, else here.
func (w *matchWalk) read(rowid int64, id string) (walkStep, error) {
	if !w.byRank {
		return w.step(id), nil
	}
	if !w.decided || w.at != rowid {
		return 0, errWalkOrder
	}
	w.decided = false
	return w.last, nil
}
