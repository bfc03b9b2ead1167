package providertest

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"hansard/transcripts"
)

// maxCuts bounds the split points tried per file; reparseBudget bounds the
// bytes reparsed per file, so that big files get fewer split points.
const (
	maxCuts       = 48
	minCuts       = 8
	reparseBudget = 16 << 20
)

// checkResume parses each file in two parts at many line boundaries — the
// first part ending in half of the next line, which must be left unconsumed —
// and once line by line, and compares each result with a single full parse.
func checkResume(t *testing.T, p transcripts.Provider, sc *source) {
	t.Helper()
	bounds, cuts := splitPoints(sc.data, maxCuts)
	for _, cut := range cuts {
		next := int64(len(sc.data))
		if i, ok := slices.BinarySearch(bounds, cut); ok && i+1 < len(bounds) {
			next = bounds[i+1]
		}
		checkSplit(t, p, sc, cut, (next-cut)/2)
	}
	if len(bounds) > 500 {
		return
	}
	got := &Collector{}
	cp := transcripts.Checkpoint{}
	for _, b := range bounds[1:] {
		cp = parsePart(t, p, sc, cp, b, got)
	}
	diff(t, sc.rel+" parsed line by line", sc.full, got)
}

// checkSplit parses the file in two parts at cut, the first part ending
// there and, when torn > 0, once more ending torn bytes into the next
// line, which must be left unconsumed; each result must be that of a full
// parse. When the torn first part gives the same records and checkpoint
// as the other, the second part is parsed once for both: it would be the
// same parse of the same bytes from the same checkpoint (StableAcrossParses
// holds a parse to one result).
func checkSplit(t *testing.T, p transcripts.Provider, sc *source, cut, torn int64) {
	t.Helper()
	whole, cp := firstPart(t, p, sc, cut)
	if cp.Offset != cut {
		t.Errorf("%s: first part ends at %d: checkpoint offset %d, want %d", sc.rel, cut, cp.Offset, cut)
		whole = nil
	}
	var torn1 *Collector
	if torn > 0 {
		torn1 = &Collector{}
		tcp := parsePart(t, p, sc, transcripts.Checkpoint{}, cut+torn, torn1)
		switch {
		case tcp.Offset != cut:
			t.Errorf("%s: first part ends at %d (torn line of %d bytes after it): checkpoint offset %d, want %d",
				sc.rel, cut+torn, torn, tcp.Offset, cut)
			torn1 = nil
		case whole != nil && reflect.DeepEqual(tcp, cp) && reflect.DeepEqual(torn1, whole):
			torn1 = nil // the same second part as whole's
		default:
			parsePart(t, p, sc, tcp, int64(len(sc.data)), torn1)
		}
	}
	if whole != nil {
		parsePart(t, p, sc, cp, int64(len(sc.data)), whole)
		diff(t, fmt.Sprintf("%s split at byte %d", sc.rel, cut), sc.full, whole)
	}
	if torn1 != nil {
		diff(t, fmt.Sprintf("%s split at byte %d (+%d torn)", sc.rel, cut, torn), sc.full, torn1)
	}
}

// splitPoints returns the line starts of data, plus the end of its last
// complete line, and at most limit of them spread evenly (fewer for big
// files, within reparseBudget).
func splitPoints(data []byte, limit int) (bounds, cuts []int64) {
	end, _ := completeLines(data)
	bounds = append(bounds, 0)
	for i, b := range data[:end] {
		if b == '\n' {
			bounds = append(bounds, int64(i+1))
		}
	}
	limit = max(minCuts, min(limit, reparseBudget/(2*len(data)+1)))
	cuts = bounds
	if len(cuts) > limit {
		cuts = nil
		for i := range limit {
			cuts = append(cuts, bounds[i*(len(bounds)-1)/(limit-1)])
		}
	}
	return bounds, cuts
}

// prefix is the parse of a file's first part: its records and the
// checkpoint after it.
type prefix struct {
	c  *Collector
	cp transcripts.Checkpoint
}

// firstPart returns the records and checkpoint of a parse of sc.data[:end]
// from the start, as a collector the caller may add to. The checks that
// split a file at the same point share one parse of its first part: the
// same parse of the same bytes (StableAcrossParses holds a parse to one
// result).
func firstPart(t *testing.T, p transcripts.Provider, sc *source, end int64) (*Collector, transcripts.Checkpoint) {
	t.Helper()
	pr, ok := sc.prefixes[end]
	if !ok {
		pr.c = &Collector{}
		pr.cp = parsePart(t, p, sc, transcripts.Checkpoint{}, end, pr.c)
		if sc.prefixes == nil {
			sc.prefixes = map[int64]prefix{}
		}
		sc.prefixes[end] = pr
	}
	cp := pr.cp
	cp.State = bytes.Clone(cp.State)
	return pr.c.snapshot(), cp
}

// parsePart parses data[cp.Offset:end] from cp into c and returns a copy of
// the checkpoint, as the archive stores it.
func parsePart(t *testing.T, p transcripts.Provider, sc *source, cp transcripts.Checkpoint, end int64, c *Collector) transcripts.Checkpoint {
	t.Helper()
	out, err := p.Parse(t.Context(), sc.src, bytes.NewReader(sc.data[cp.Offset:end]), cp, c.Sink())
	if err != nil {
		t.Fatalf("Parse %s from %d to %d: %v", sc.rel, cp.Offset, end, err)
	}
	out.State = bytes.Clone(out.State)
	return out
}

// checkBadLines inserts truncated JSON, binary garbage, JSON values that are
// not objects (null, an array, a string) and an unknown record type after the
// first line of the file. The first two must each be reported as one
// ProblemMalformed, the values that are not objects as one problem of any
// kind, the unknown type as one ProblemUnknownType or nothing; and the other
// records must be exactly those of the file without the inserted lines.
func checkBadLines(t *testing.T, p transcripts.Provider, sc *source, unknown string) {
	t.Helper()
	end, n := completeLines(sc.data)
	if n == 0 {
		return
	}
	bad := []string{`{"type":"user","message":{"content":[`, "\x00\x01\x02\xff\xfe garbage \x7f", "null", "[1,2]", `"a string"`}
	if unknown != "" {
		bad = append(bad, unknown)
	}
	first := int64(bytes.IndexByte(sc.data, '\n') + 1)
	var data []byte
	data = append(data, sc.data[:first]...)
	for _, b := range bad {
		data = append(data, b...)
		data = append(data, '\n')
	}
	data = append(data, sc.data[first:end]...)

	got, _ := parseAll(t, p, sc.src, data, transcripts.Checkpoint{}, nil)
	shifted := shiftLines(got, 1, len(bad))
	var inserted []transcripts.Problem
	shifted.Problems = slices.DeleteFunc(shifted.Problems, func(pr transcripts.Problem) bool {
		if pr.Line >= 2 && pr.Line <= 1+len(bad) {
			inserted = append(inserted, pr)
			return true
		}
		return false
	})
	byLine := map[int][]string{}
	for _, pr := range inserted {
		byLine[pr.Line] = append(byLine[pr.Line], pr.Kind)
	}
	for i, b := range bad {
		kinds := byLine[2+i]
		switch {
		case i < 2 && (len(kinds) != 1 || kinds[0] != transcripts.ProblemMalformed):
			t.Errorf("%s: bad line %q reported as %v, want one %s problem", sc.rel, b, kinds, transcripts.ProblemMalformed)
		case i >= 2 && b != unknown && len(kinds) != 1:
			t.Errorf("%s: line %q (not a JSON object) reported as %v, want one problem", sc.rel, b, kinds)
		case b == unknown && len(kinds) > 0 && (len(kinds) > 1 || kinds[0] != transcripts.ProblemUnknownType):
			t.Errorf("%s: unknown record type reported as %v, want nothing or %s", sc.rel, kinds, transcripts.ProblemUnknownType)
		}
	}
	for k, m := range got.MessagesByKey {
		if m.Line >= 2 && m.Line <= 1+len(bad) {
			t.Errorf("%s: message %v made from an inserted bad line %d", sc.rel, k, m.Line)
		}
	}
	diff(t, sc.rel+" with bad lines inserted", sc.full, shifted)
}

// shiftLines returns a copy of c with the source line numbers after line
// `after` moved back by n, undoing the insertion of n lines.
func shiftLines(c *Collector, after, n int) *Collector {
	fix := func(l int) int {
		if l > after+n {
			return l - n
		}
		return l
	}
	out := &Collector{}
	c.each(func(r transcripts.Record) {
		switch {
		case r.Message != nil:
			r.Message.Line = fix(r.Message.Line)
		case r.ToolCall != nil:
			r.ToolCall.ResultLine, r.ToolCall.Line = fix(r.ToolCall.ResultLine), fix(r.ToolCall.Line)
		case r.Problem != nil:
			r.Problem.Line = fix(r.Problem.Line)
		}
		out.Add(r)
	})
	return out
}

// reporter returns report, which fails t with the first 8 differences it
// is given, and done, which then says how many there were in all.
func reporter(t *testing.T, what string) (report func(string, ...any), done func()) {
	t.Helper()
	n := 0
	report = func(format string, args ...any) {
		t.Helper()
		n++
		if n <= 8 {
			t.Errorf(what+": "+format, args...)
		}
	}
	done = func() {
		t.Helper()
		if n > 8 {
			t.Errorf("%s: … %d differences in all", what, n)
		}
	}
	return report, done
}

// diff reports every difference between the records of want and got.
func diff(t *testing.T, what string, want, got *Collector) {
	t.Helper()
	report, done := reporter(t, what)
	diffMap(report, "session", want.SessionsByID, got.SessionsByID)
	diffMap(report, "message", want.MessagesByKey, got.MessagesByKey)
	diffMap(report, "tool call", want.ToolCallsByKey, got.ToolCallsByKey)
	diffMap(report, "edit", want.EditsByKey, got.EditsByKey)
	diffMap(report, "command", want.CommandsByKey, got.CommandsByKey)
	diffMap(report, "todos", want.TodosByKey, got.TodosByKey)
	diffMap(report, "link", want.LinksByKey, got.LinksByKey)
	diffMap(report, "capture", want.CapturesByKey, got.CapturesByKey)
	diffMap(report, "retracted message", want.Retracted, got.Retracted)
	if wp, gp := distinct(want.Problems), distinct(got.Problems); !reflect.DeepEqual(wp, gp) && len(wp)+len(gp) > 0 {
		report("problems %+v, want %+v", got.Problems, want.Problems)
	}
	done()
}

func diffMap[K comparable, V any](report func(string, ...any), kind string, want, got map[K]V) {
	for k, w := range want {
		g, ok := got[k]
		switch {
		case !ok:
			report("%s %+v missing", kind, k)
		case !reflect.DeepEqual(w, g):
			report("%s %+v differs:\n got %+v\nwant %+v", kind, k, g, w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			report("%s %+v unexpected", kind, k)
		}
	}
}

// distinct returns problems without repeats of a line's problem: a line
// read again (an unterminated last line) reports its problem again, and
// the archive keeps one per line and kind.
func distinct(ps []transcripts.Problem) []transcripts.Problem {
	var out []transcripts.Problem
	for _, p := range ps {
		if !slices.ContainsFunc(out, func(q transcripts.Problem) bool { return q.Line == p.Line && q.Kind == p.Kind }) {
			out = append(out, p)
		}
	}
	return out
}
