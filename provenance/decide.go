package provenance

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// cand is one ledger entry qualifying for one line.
type cand struct {
	e     int
	score int
	match int
	exact bool
	late  bool // after the commit, within clock slack
}

// decideSubstantive answers every wanted substantive line from its
// candidates.
func (f *fileState) decideSubstantive() {
	for i, l := range f.lines {
		if l.needed && !l.trivial {
			f.decisions[i] = f.decideLine(i)
		}
	}
}

func (f *fileState) decideLine(i int) decision {
	l := f.lines[i]
	none := decision{status: StatusNone, entry: -1, match: -1, reason: reasonNoEdit}
	commit := l.bl.Commit
	slack := f.a.slack()
	var cands []cand
	var seen evidence
	memo := map[*entryIndex]scored{}
	for _, e := range f.byKey[l.key] {
		t := f.entries[e].Time
		if !f.inLineage(i, e) {
			// Text written to another file is not evidence on its own: the
			// line's move or copy origin is decided from git (fromOrigins).
			if !commit.Uncommitted() && t.After(commit.CommitTime.Add(slack)) {
				seen.elsewhereLater++
			} else {
				seen.elsewhere++
				if none.elsewhere.IsZero() || t.Before(none.elsewhere) {
					none.elsewhere = t
				}
			}
			continue
		}
		late := false
		if !commit.Uncommitted() && t.After(commit.CommitTime) {
			if t.After(commit.CommitTime.Add(slack)) {
				seen.later++
				continue
			}
			late = true
		}
		x := f.index(e)
		r, ok := memo[x]
		if !ok {
			r = f.contextScore(i, x)
			memo[x] = r
		}
		if r.match < 0 {
			continue
		}
		cands = append(cands, cand{e: e, score: r.score, match: r.match, exact: r.exact, late: late})
	}
	if len(cands) == 0 {
		none.reason = seen.reason()
		return none
	}
	pool := cands
	top := best(pool)
	if top = f.supportedOnly(i, top, memo); len(top) == 0 {
		none.reason = "recurring text: the edits that introduced it do not explain the lines around it"
		return none
	}
	if sessions(f, top) > 1 {
		if fresh := f.freshOnly(top, commit.Hash); len(fresh) > 0 {
			top = fresh
		}
	}
	if n := sessions(f, top); n > 1 {
		d := none
		d.status = StatusConflicting
		d.reason = fmt.Sprintf("%d sessions introduced this text with equally good context", n)
		d.candidates = f.latestPerSession(top)
		for _, e := range d.candidates {
			for _, c := range top {
				if c.e == e {
					d.candMatch = append(d.candMatch, c.match)
					break
				}
			}
		}
		d.chain = f.chainOf(pool, d.candidates, top[0].score)
		return d
	}
	c := f.latest(top)
	d := decision{entry: c.e, match: c.match, exact: c.exact, score: c.score}
	d.status, d.reason = f.status(i, c)
	d.chain = f.chainOf(pool, []int{c.e}, c.score)
	for _, o := range pool {
		if f.entries[o.e].SessionID == f.entries[c.e].SessionID {
			d.alts = append(d.alts, o.e)
		}
	}
	return d
}

// supportedOnly keeps the candidates whose match is supported, judging
// each distinct entry index once.
func (f *fileState) supportedOnly(i int, cs []cand, memo map[*entryIndex]scored) []cand {
	var out []cand
	for _, c := range cs {
		x := f.index(c.e)
		r := memo[x]
		if r.support == 0 {
			r.support = -1
			if f.supported(i, x, c.match) {
				r.support = 1
			}
			memo[x] = r
		}
		if r.support == 1 {
			out = append(out, c)
		}
	}
	return out
}

// best keeps the candidates with the highest context score, then prefers
// exact text over whitespace-only matches and edits before the commit over
// edits within the clock slack after it.
func best(pool []cand) []cand {
	top := 0
	for _, c := range pool {
		top = max(top, c.score)
	}
	var out []cand
	for _, c := range pool {
		if c.score == top {
			out = append(out, c)
		}
	}
	out = prefer(out, func(c cand) bool { return c.exact })
	return prefer(out, func(c cand) bool { return !c.late })
}

func prefer(cs []cand, ok func(cand) bool) []cand {
	var out []cand
	for _, c := range cs {
		if ok(c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cs
	}
	return out
}

func sessions(f *fileState, cs []cand) int {
	seen := map[string]bool{}
	for _, c := range cs {
		seen[f.entries[c.e].SessionID] = true
	}
	return len(seen)
}

// freshOnly keeps the candidates made after the file's previous commit.
func (f *fileState) freshOnly(cs []cand, commit string) []cand {
	after, ok := f.fresh[commit]
	if !ok || after.IsZero() {
		return nil
	}
	var out []cand
	for _, c := range cs {
		if f.entries[c.e].Time.After(after) {
			out = append(out, c)
		}
	}
	return out
}

// later orders entries by time, then message index, call id and seq.
func (f *fileState) later(a, b int) bool {
	x, y := f.entries[a], f.entries[b]
	if !x.Time.Equal(y.Time) {
		return x.Time.After(y.Time)
	}
	if x.MessageIndex != y.MessageIndex {
		return x.MessageIndex > y.MessageIndex
	}
	if x.ToolCallID != y.ToolCallID {
		return x.ToolCallID > y.ToolCallID
	}
	return x.Seq > y.Seq
}

func (f *fileState) latest(cs []cand) cand {
	b := cs[0]
	for _, c := range cs[1:] {
		if f.later(c.e, b.e) {
			b = c
		}
	}
	return b
}

// latestPerSession returns each session's latest entry, oldest first.
func (f *fileState) latestPerSession(cs []cand) []int {
	bySession := map[string]int{}
	for _, c := range cs {
		s := f.entries[c.e].SessionID
		if cur, ok := bySession[s]; !ok || f.later(c.e, cur) {
			bySession[s] = c.e
		}
	}
	out := make([]int, 0, len(bySession))
	for _, e := range bySession {
		out = append(out, e)
	}
	f.sortOldestFirst(out)
	return out
}

func (f *fileState) sortOldestFirst(es []int) {
	sort.Slice(es, func(a, b int) bool { return f.later(es[b], es[a]) })
}

// chainOf lists the other writers of the line in the pool, oldest first.
// When the answer rests on context (score > 1), only writers whose edit
// shares some of that context count; a lone line's chain is every writer.
func (f *fileState) chainOf(pool []cand, exclude []int, score int) []int {
	skip := map[int]bool{}
	for _, e := range exclude {
		skip[e] = true
	}
	var out []int
	for _, c := range pool {
		if skip[c.e] || (score > 1 && c.score < 2) {
			continue
		}
		skip[c.e] = true
		out = append(out, c.e)
	}
	f.sortOldestFirst(out)
	if len(out) > maxChain {
		out = out[len(out)-maxChain:]
	}
	return out
}

// status grades the chosen candidate for line i.
func (f *fileState) status(i int, c cand) (string, string) {
	l := f.lines[i]
	e := f.entries[c.e]
	var weak []string
	if p := l.bl.OrigPath; p != "" && !f.history[p] {
		weak = append(weak, fmt.Sprintf("git found the line moved or copied from %s", p))
	} else if !f.history[e.Path] {
		weak = append(weak, fmt.Sprintf("git found this file moved or copied from %s, which the edit was to", e.Path))
	}
	if !c.exact {
		weak = append(weak, "the text matches only when whitespace is ignored")
	}
	if c.late {
		weak = append(weak, fmt.Sprintf("the edit is %s after the commit (within clock slack)", e.Time.Sub(l.bl.Commit.CommitTime).Round(time.Second)))
	}
	if l.bl.Commit.Uncommitted() {
		r := "not committed yet; introduced by this edit"
		if len(weak) > 0 {
			r += "; " + strings.Join(weak, "; ")
		}
		return StatusUncommitted, r
	}
	if len(weak) > 0 {
		return StatusPossible, strings.Join(weak, "; ")
	}
	if c.score > 1 {
		return StatusProven, fmt.Sprintf("introduced by this edit before the commit"+reasonAgree, c.score)
	}
	return StatusProven, "introduced by this edit before the commit"
}
