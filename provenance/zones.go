package provenance

import "time"

// inZone returns the answers with every time they show in loc: answers
// are kept with their times in UTC (instants) and shown in the
// Attributor's Location, whichever it was when they were kept.
func inZone(out []Attribution, loc *time.Location) []Attribution {
	seen := map[string]string{} // the same edits and commits recur
	conv := func(s *string) {
		if v, ok := seen[*s]; ok {
			*s = v
			return
		}
		v := *s
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			v = t.In(loc).Format(time.RFC3339)
		}
		seen[*s], *s = v, v
	}
	ref := func(r *EditRef) {
		conv(&r.TimeLocal)
		conv(&r.SessionStarted)
	}
	res := make([]Attribution, len(out))
	for i, a := range out {
		if a.Commit != nil {
			c := *a.Commit
			conv(&c.Time)
			a.Commit = &c
		}
		if a.Edit != nil {
			e := *a.Edit
			ref(&e)
			a.Edit = &e
		}
		a.Candidates = refsInZone(a.Candidates, ref)
		a.Chain = refsInZone(a.Chain, ref)
		res[i] = a
	}
	return res
}

func refsInZone(rs []EditRef, ref func(*EditRef)) []EditRef {
	if rs == nil {
		return nil
	}
	out := make([]EditRef, len(rs))
	for i, r := range rs {
		ref(&r)
		out[i] = r
	}
	return out
}
