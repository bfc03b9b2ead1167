package provenance

import "hash/maphash"

// entryIndex is an entry's lines as seen from the blamed file: the id of
// each line's key among the file's keys (-1 when no line of the file has
// it) and, per key id, the entry's lines with that key. Entries with the
// same lines (a file rewritten unchanged by several sessions) share one
// index, so their context is scored once per line.
type entryIndex struct {
	lines []LedgerLine
	kids  []int32
	occ   map[int32][]int32
}

var printSeed = maphash.MakeSeed()

// index returns the index of entry e, building it (or finding an identical
// one) on first use.
func (f *fileState) index(e int) *entryIndex {
	if x := f.entIdx[e]; x != nil {
		return x
	}
	lines := f.entries[e].Lines
	var h maphash.Hash
	h.SetSeed(printSeed)
	for _, l := range lines {
		h.WriteString(l.Text)
		h.WriteByte(0)
		h.WriteByte(byte(l.Pos))
		h.WriteByte(byte(l.Pos >> 8))
		h.WriteByte(byte(l.Pos >> 16))
	}
	fp := h.Sum64()
	for _, x := range f.byPrint[fp] {
		if sameLines(x.lines, lines) {
			f.entIdx[e] = x
			return x
		}
	}
	x := &entryIndex{lines: lines, kids: make([]int32, len(lines)), occ: map[int32][]int32{}}
	for j, l := range lines {
		id, ok := f.keyID[l.Key]
		if !ok {
			id = -1
		} else {
			x.occ[id] = append(x.occ[id], int32(j))
		}
		x.kids[j] = id
	}
	f.byPrint[fp] = append(f.byPrint[fp], x)
	f.entIdx[e] = x
	return x
}

func sameLines(a, b []LedgerLine) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Pos != b[i].Pos || a[i].Text != b[i].Text {
			return false
		}
	}
	return true
}

// scored is the context score of one entry index for one line.
type scored struct {
	score, match int
	exact        bool
	support      int8 // 0 unknown, 1 supported, -1 not
}
