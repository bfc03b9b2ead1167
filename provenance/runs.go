package provenance

// Run is a stretch of consecutive lines with the same answer, for output
// that groups lines (a range or a whole file).
type Run struct {
	Start, End int         // 1-based, inclusive
	First      Attribution // the answer of the first line of the run
}

// Runs groups consecutive attributions (in line order) that share status,
// commit and edit (or, for conflicting lines, the same candidates).
func Runs(as []Attribution) []Run {
	var out []Run
	for _, a := range as {
		if n := len(out); n > 0 && out[n-1].End+1 == a.Line && sameAnswer(out[n-1].First, a) {
			out[n-1].End = a.Line
			continue
		}
		out = append(out, Run{Start: a.Line, End: a.Line, First: a})
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
