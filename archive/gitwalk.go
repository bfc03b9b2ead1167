package archive

import (
	"encoding/binary"
	"errors"
)

// errBadWalk: a stored walk is not a list of varints.
var errBadWalk = errors.New("stored git walk is malformed")

// encodeWalk packs commit ids (cids), newest first, as git_walks.walk
// holds them: one unsigned varint each.
func encodeWalk(cids []int64) []byte {
	b := make([]byte, 0, 3*len(cids))
	for _, c := range cids {
		b = binary.AppendUvarint(b, uint64(c))
	}
	return b
}

// eachInWalk calls fn with the position (0 for the newest) and cid of every
// commit of a stored walk, in order.
func eachInWalk(b []byte, fn func(pos int, cid int64)) error {
	for pos := 0; len(b) > 0; pos++ {
		c, n := binary.Uvarint(b)
		if n <= 0 {
			return errBadWalk
		}
		fn(pos, int64(c))
		b = b[n:]
	}
	return nil
}

// decodeWalk unpacks a stored walk.
func decodeWalk(b []byte) ([]int64, error) {
	out := make([]int64, 0, len(b)/2)
	err := eachInWalk(b, func(_ int, c int64) { out = append(out, c) })
	return out, err
}
