package provenance

// Run is a stretch of consecutive lines with the same answer, for output
// that groups lines (a range or a whole file).
type Run struct {
	Start, End int         // 1-based, inclusive
	First      Attribution // the answer of the first line of the run
	// Reason is the run's reason: that of its first substantive line
	// (else of its first common line attributed by position, else of its
	// first line); for lines that no archived edit introduced, for reasons
	// that differ, reasonNoEdit.
	Reason string

	class string // the reason class of the run's lines; "" while none has one
	rank  int    // reasonKind's rank of Reason
}

// Runs groups consecutive attributions (in line order) that share status,
// commit and edit (or, for conflicting lines, the same candidates), and
// reasons of the same class: they may differ only in how many lines of the
// block agree, in why no archived edit introduced them, or be a common
// line's without evidence (which joins the run of the lines around it).
// A run is never shown with a reason that holds for its common lines only,
// nor with one that holds for some of its lines only.
func Runs(as []Attribution) []Run {
	var out []Run
	for _, a := range as {
		class, rank := reasonKind(a.Reason)
		if n := len(out); n > 0 {
			r := &out[n-1]
			if r.End+1 == a.Line && sameAnswer(r.First, a) && (class == "" || r.class == "" || class == r.class) {
				r.End = a.Line
				if r.class == "" {
					r.class = class
				}
				switch {
				case rank > r.rank:
					r.Reason, r.rank = a.Reason, rank
				case rank == 2 && a.Reason != r.Reason && class == classNoEdit:
					r.Reason = reasonNoEdit // what all of them say
				}
				continue
			}
		}
		out = append(out, Run{Start: a.Line, End: a.Line, First: a, Reason: a.Reason, class: class, rank: rank})
	}
	return out
}

func sameAnswer(a, b Attribution) bool {
	if a.Status != b.Status || commitSHA(a) != commitSHA(b) || editKey(a.Edit) != editKey(b.Edit) || len(a.Candidates) != len(b.Candidates) {
		return false
	}
	for i := range a.Candidates {
		if a.Candidates[i].Key() != b.Candidates[i].Key() {
			return false
		}
	}
	return true
}

func commitSHA(a Attribution) string {
	if a.Commit == nil {
		return ""
	}
	return a.Commit.SHA
}

func editKey(r *EditRef) EditKey {
	if r == nil {
		return EditKey{}
	}
	return r.Key()
}
