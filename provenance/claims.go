package provenance

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// claim is one introduced line of one edit.
type claim struct{ e, j int }

// claimOf returns the introduced line that decision d credits, if any (an
// edit that replaced every occurrence of its old text explains them all).
func (f *fileState) claimOf(d decision) (claim, bool) {
	if d.entry < 0 || d.match < 0 || f.entries[d.entry].ReplaceAll {
		return claim{}, false
	}
	return claim{d.entry, d.match}, true
}

// resolveClaims keeps every introduced line of an edit explaining at most
// one line of the file (unless the edit replaced all occurrences). When
// several lines claim the same introduced line (a person typed a copy of
// what the edit wrote, the session wrote the text several times, or common
// lines such as `}` and blank lines recur next to each other), the lines
// that claim the text of that session are assigned the session's
// introductions of it that no other line holds: never more lines than
// introductions. The lines of older commits are served first (a copy is
// never older than what it copies), and among the lines of one commit
// those whose position agrees best with the other lines their edit
// explains; when the introductions left are fewer than the lines of a
// commit that agree equally, none of those lines, nor any served after
// them, is credited.
func (f *fileState) resolveClaims() {
	by := map[claim][]int{}
	for i, d := range f.decisions {
		if c, ok := f.claimOf(d); ok && f.lines[i].needed {
			by[c] = append(by[c], i)
		}
	}
	f.intros = map[int][]claim{}
	held := map[claim]bool{}
	type text struct{ session, key string }
	contested := map[text][]int{}
	for c, ls := range by {
		if len(ls) == 1 {
			held[c] = true
			continue
		}
		t := text{f.entries[c.e].SessionID, f.entries[c.e].Lines[c.j].Key}
		contested[t] = append(contested[t], ls...)
	}
	groups := make([][]int, 0, len(contested))
	for _, ls := range contested {
		slices.Sort(ls)
		groups = append(groups, ls)
	}
	slices.SortFunc(groups, func(a, b []int) int { return a[0] - b[0] })
	for _, ls := range groups {
		f.assign(ls, by, held)
	}
}

// assign gives the lines ls, which claim the text of one session, the
// session's introductions of it that held leaves free.
func (f *fileState) assign(ls []int, by map[claim][]int, held map[claim]bool) {
	agree := make(map[int]int, len(ls))
	intros := map[claim]bool{}
	for _, i := range ls {
		c, _ := f.claimOf(f.decisions[i])
		agree[i] = f.agreement(i, c, by)
		for _, a := range f.introductions(i) {
			intros[a] = true
		}
	}
	// The lines of older commits first (a copy is never older than what
	// it copies), and among a commit's lines those that agree best.
	order := slices.Clone(ls)
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := f.lines[a], f.lines[b]
		return cmp.Or(x.bl.Commit.CommitTime.Compare(y.bl.Commit.CommitTime), x.group-y.group, agree[b]-agree[a])
	})
	var won, lost []int
	tie := false
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && f.lines[order[end]].group == f.lines[order[start]].group && agree[order[end]] == agree[order[start]] {
			end++
		}
		level := order[start:end]
		start = end
		if len(lost) > 0 || f.free(level, held) < len(level) {
			tie = tie || (len(lost) == 0 && f.free(level, held) > 0)
			lost = append(lost, level...)
			continue
		}
		slices.Sort(level)
		for _, i := range level {
			if c, ok := f.pick(i, held); ok {
				f.credit(i, c)
				held[c] = true
				won = append(won, i)
			} else {
				lost = append(lost, i)
			}
		}
	}
	reason := claimReason(len(intros), len(ls), tie, won, f)
	for _, i := range lost {
		f.decisions[i] = decision{status: StatusNone, entry: -1, match: -1, reason: reason}
	}
}

// claimReason says why a line claiming a session's text is not credited:
// n introductions for m lines, lost on a tie, or held by the lines won.
func claimReason(n, m int, tie bool, won []int, f *fileState) string {
	if tie || len(won) == 0 {
		if n == 1 {
			return fmt.Sprintf("the edit introduced this text once but it appears on %d lines here", m)
		}
		return fmt.Sprintf("the session introduced this text %d times but it appears on %d lines here", n, m)
	}
	if n == 1 {
		return fmt.Sprintf("the edit introduced this text once: line %d is its copy", f.lines[won[0]].bl.FinalLine)
	}
	nums := make([]string, 0, 3)
	for _, i := range won[:min(len(won), 3)] {
		nums = append(nums, fmt.Sprint(f.lines[i].bl.FinalLine))
	}
	if len(won) > 3 {
		nums = append(nums, "…")
	}
	return fmt.Sprintf("the session introduced this text %d times: lines %s hold it", n, strings.Join(nums, ", "))
}

// introductions returns the introduced lines that may explain line i: of a
// substantive line, every line with its key of the entries of its session
// that qualify for it (alts): of text other sessions wrote too, only
// those whose context explains another line of the block around it, when
// its own claim's does (a line is not moved to a mere recurrence of common
// text); of a common line, the one its position gives.
func (f *fileState) introductions(i int) []claim {
	if out, ok := f.intros[i]; ok {
		return out
	}
	d := f.decisions[i]
	c, ok := f.claimOf(d)
	if !ok {
		return nil
	}
	out := []claim{c}
	if !f.lines[i].trivial {
		need := min(d.score, 2)
		if f.distinctive(i) {
			need = 1 // text only this session ever wrote
		}
		for _, e := range d.alts {
			x := f.index(e)
			for _, j32 := range x.occ[f.lines[i].kid] {
				j := int(j32)
				a := claim{e, j}
				if a == c || f.entries[e].ReplaceAll {
					continue
				}
				if need == 1 || 1+f.extend(i, x, j, 1, false)+f.extend(i, x, j, -1, false) >= need {
					out = append(out, a)
				}
			}
		}
	}
	f.intros[i] = out
	return out
}

// free counts the introductions of lines that held leaves.
func (f *fileState) free(lines []int, held map[claim]bool) int {
	seen := map[claim]bool{}
	for _, i := range lines {
		for _, c := range f.introductions(i) {
			if !held[c] {
				seen[c] = true
			}
		}
	}
	return len(seen)
}

// pick returns the introduction line i takes among those held leaves: its
// own claim, else another of the same edit, else the latest other edit's.
func (f *fileState) pick(i int, held map[claim]bool) (claim, bool) {
	intros := f.introductions(i)
	own := intros[0]
	best, ok := claim{}, false
	for _, c := range intros {
		switch {
		case held[c]:
		case c == own:
			return c, true
		case !ok, c.e == own.e && best.e != own.e, best.e != own.e && c.e != best.e && f.later(c.e, best.e):
			best, ok = c, true
		}
	}
	return best, ok
}

// credit gives line i the introduction c of its session.
func (f *fileState) credit(i int, c claim) {
	d := &f.decisions[i]
	if d.entry == c.e && d.match == c.j {
		return
	}
	if d.entry != c.e {
		x := f.entries[c.e].Lines[c.j]
		d.status, d.reason = f.status(i, cand{e: c.e, match: c.j, score: 1, exact: x.Text == f.lines[i].bl.Text, late: f.isLate(i, c.e)})
		d.chain = slices.DeleteFunc(slices.Clone(d.chain), func(e int) bool { return e == c.e })
	}
	d.entry, d.match = c.e, c.j
	d.exact = f.entries[c.e].Lines[c.j].Text == f.lines[i].bl.Text
}

// agreement counts the lines of line i's block that the edit of claim c
// explains with a claim of their own, and whose order in the file agrees
// with their order in the edit relative to c.
func (f *fileState) agreement(i int, c claim, by map[claim][]int) int {
	n := 0
	for _, k := range f.groups[f.lines[i].group] {
		d := f.decisions[k]
		if k == i || d.entry != c.e || d.match < 0 || len(by[claim{d.entry, d.match}]) != 1 {
			continue
		}
		if (f.lines[k].bl.FinalLine < f.lines[i].bl.FinalLine) == (d.match < c.j) {
			n++
		}
	}
	return n
}
