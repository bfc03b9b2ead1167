package devset

import (
	"regexp"
	"slices"
	"sort"

	"hansard/provenance"
)

// tally counts the answers to ground-truth lines.
type tally struct {
	Positives int // strict positives
	Recalled  int // of those, answered with a right session
	Negatives int // lines older than every archived session
	Falsely   int // of those, answered with a session
	Named     int // answers naming a session (proven, possible, uncommitted)
	Right     int // of those, naming a right session
}

// Precision is Right / Named; Recall is Recalled / Positives; FalseRate
// is Falsely / Negatives (each 1, 1 and 0 when there is nothing to count).
func (c tally) Precision() float64 { return ratio(c.Right, c.Named, 1) }
func (c tally) Recall() float64    { return ratio(c.Recalled, c.Positives, 1) }
func (c tally) FalseRate() float64 { return ratio(c.Falsely, c.Negatives, 0) }

func ratio(a, b int, none float64) float64 {
	if b == 0 {
		return none
	}
	return float64(a) / float64(b)
}

// example is one line of a class of answers, for reading why.
type example struct {
	File, Text, Want, Got, Status, Reason string
	Line                                  int
}

// class is a group of answers that share a reason: the misses (a
// positive not answered with a right session, a negative answered with a
// session) and the right answers that are weaker than proven.
type class struct {
	Name       string
	Count      int
	ByProvider map[string]int
	Examples   []example
}

// report is one set's score.
type report struct {
	Set        string
	All        tally
	ByProvider map[string]tally
	Misses     []*class // most first
	Weak       []*class // right but possible, most first
	TextDiffer []example
}

const examplesPerClass = 3

// score compares the world's answers with a ground truth.
func score(w *world, set string, truth []truthLine) report {
	rep := report{Set: set, ByProvider: map[string]tally{}}
	misses, weak := map[string]*class{}, map[string]*class{}
	for _, l := range truth {
		a, ok := answerAt(w.answers[l.File], l.Line)
		var c tally
		named := ok && a.Edit != nil && (a.Status == provenance.StatusProven ||
			a.Status == provenance.StatusPossible || a.Status == provenance.StatusUncommitted)
		right := named && l.Kind == kindAgent && w.right(a.Edit.SessionID, l.Sessions)
		if ok && a.Text != l.Text && len(rep.TextDiffer) < examplesPerClass {
			rep.TextDiffer = append(rep.TextDiffer, example{File: l.File, Line: l.Line, Text: l.Text, Got: a.Text})
		}
		if named {
			c.Named++
			if right {
				c.Right++
			}
		}
		switch l.Kind {
		case kindAgent:
			c.Positives++
			if right {
				c.Recalled++
			}
		case kindBefore:
			c.Negatives++
			if named {
				c.Falsely++
			}
		}
		rep.All.add(c)
		for _, p := range l.Providers {
			pt := rep.ByProvider[p]
			pt.add(c)
			rep.ByProvider[p] = pt
		}
		switch {
		case right && a.Status != provenance.StatusProven:
			note(weak, a.Status+": "+reasonClass(a.Reason), l, a, ok)
		case l.Kind == kindAgent && !right, l.Kind == kindBefore && named:
			note(misses, missClass(l, a, ok, w), l, a, ok)
		}
	}
	rep.Misses, rep.Weak = sorted(misses), sorted(weak)
	return rep
}

func (c *tally) add(o tally) {
	c.Positives += o.Positives
	c.Recalled += o.Recalled
	c.Negatives += o.Negatives
	c.Falsely += o.Falsely
	c.Named += o.Named
	c.Right += o.Right
}

// right reports whether an answer's session is one of the listed ones, or
// a subagent of one.
func (w *world) right(named string, want []string) bool {
	for id, hops := named, 0; id != "" && hops < 8; id, hops = w.parents[id], hops+1 {
		if slices.ContainsFunc(want, func(s string) bool { return sessionID(s) == sessionID(id) }) {
			return true
		}
	}
	return false
}

func answerAt(out []provenance.Attribution, line int) (provenance.Attribution, bool) {
	if line >= 1 && line <= len(out) && out[line-1].Line == line {
		return out[line-1], true
	}
	for _, a := range out {
		if a.Line == line {
			return a, true
		}
	}
	return provenance.Attribution{}, false
}

// missClass names why a line is a miss: the answer's status and reason.
func missClass(l truthLine, a provenance.Attribution, ok bool, w *world) string {
	prefix := ""
	if l.Kind == kindBefore {
		prefix = "negative attributed, "
	}
	switch {
	case !ok:
		return "no answer"
	case a.Status == provenance.StatusConflicting:
		for _, c := range a.Candidates {
			if w.right(c.SessionID, l.Sessions) {
				return "conflicting, a right session among the candidates"
			}
		}
		return "conflicting, no right session among the candidates"
	case a.Status == provenance.StatusNone:
		return "none: " + reasonClass(a.Reason)
	case l.Kind == kindAgent:
		prefix = "wrong session, "
	}
	return prefix + a.Status + ": " + reasonClass(a.Reason)
}

func note(classes map[string]*class, name string, l truthLine, a provenance.Attribution, ok bool) {
	c := classes[name]
	if c == nil {
		c = &class{Name: name, ByProvider: map[string]int{}}
		classes[name] = c
	}
	c.Count++
	for _, p := range l.Providers {
		c.ByProvider[p]++
	}
	if len(c.Examples) < examplesPerClass {
		ex := example{File: l.File, Line: l.Line, Text: l.Text, Want: shortIDs(l.Sessions)}
		if ok {
			ex.Status, ex.Reason = a.Status, a.Reason
			if a.Edit != nil {
				ex.Got = shortIDs([]string{a.Edit.SessionID})
			}
			var cs []string
			for _, c := range a.Candidates {
				cs = append(cs, c.SessionID)
			}
			if len(cs) > 0 {
				ex.Got = shortIDs(cs)
			}
		}
		c.Examples = append(c.Examples, ex)
	}
}

func sorted(classes map[string]*class) []*class {
	out := make([]*class, 0, len(classes))
	for _, c := range classes {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Name < out[j].Name
	})
	return out
}

var (
	reasonPath   = regexp.MustCompile(`(moved or copied from) [^\s;]+`)
	reasonNumber = regexp.MustCompile(`\d[0-9a-zµ.]*`) // 12, 2m5s, 1.5s
)

// reasonClass is a reason with what varies from line to line taken out:
// paths, counts, durations and line numbers.
func reasonClass(r string) string {
	r = reasonPath.ReplaceAllString(r, "$1 PATH")
	return reasonNumber.ReplaceAllString(r, "N")
}
