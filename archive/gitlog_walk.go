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

// walkOrds returns the Ord of each commit of a stored walk of n commits
// (n-1 for the newest, 0 for the oldest), by cid; -1 for a commit outside
// the walk. The walk's cids mostly lie close together (a repository's
// commits are stored together), so they index a slice.
func walkOrds(b []byte, n int64) (func(cid int64) int64, error) {
	lo, hi := int64(-1), int64(-1)
	if err := eachInWalk(b, func(_ int, c int64) {
		if lo < 0 || c < lo {
			lo = c
		}
		hi = max(hi, c)
	}); err != nil {
		return nil, err
	}
	if lo < 0 {
		return func(int64) int64 { return -1 }, nil
	}
	pos := make([]int32, hi-lo+1) // Ord+1; 0 outside the walk
	_ = eachInWalk(b, func(p int, c int64) { pos[c-lo] = int32(n - int64(p)) })
	return func(cid int64) int64 {
		if cid < lo || cid > hi {
			return -1
		}
		return int64(pos[cid-lo]) - 1
	}, nil
}
