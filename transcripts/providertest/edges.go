package providertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"hansard/transcripts"
)

// checkUnterminated ends the file, at many line boundaries, with a whole
// line but its newline, as agents leave their last record. When that line
// is one JSON object its records must be those the line gives with its
// newline, the checkpoint must stay before it, and parsing on from there
// once the file is complete must give the records of one full parse. A
// last line that is not a JSON object is left for later.
func checkUnterminated(t *testing.T, p transcripts.Provider, sc *source) {
	t.Helper()
	bounds, cuts := splitPoints(sc.data, maxCuts/2)
	for _, cut := range cuts {
		i, _ := slices.BinarySearch(bounds, cut)
		if i+1 >= len(bounds) {
			continue
		}
		next := bounds[i+1]
		line := bytes.TrimSpace(sc.data[cut : next-1])
		got := &Collector{}
		cp := parsePart(t, p, sc, transcripts.Checkpoint{}, next-1, got)
		if cp.Offset != cut {
			t.Errorf("%s: last line %d without its newline: checkpoint offset %d, want %d (before it)", sc.rel, i+1, cp.Offset, cut)
			continue
		}
		if len(line) > 0 && line[0] == '{' && json.Valid(line) {
			with, _ := firstPart(t, p, sc, next)
			diff(t, fmt.Sprintf("%s: last line %d without its newline, against the same with it", sc.rel, i+1), with, got)
		}
		parsePart(t, p, sc, cp, int64(len(sc.data)), got)
		diff(t, fmt.Sprintf("%s: read on after last line %d without its newline", sc.rel, i+1), sc.full, got)
	}
}

// checkByteOrderMark parses the file with a UTF-8 byte-order mark before
// its first line, as some tools write: the records must be those of the
// file without it.
func checkByteOrderMark(t *testing.T, p transcripts.Provider, sc *source) {
	t.Helper()
	data := append([]byte{0xEF, 0xBB, 0xBF}, sc.data...)
	got, _ := parseAll(t, p, sc.src, data, transcripts.Checkpoint{}, nil)
	diff(t, sc.rel+" after a byte-order mark", sc.full, got)
}
