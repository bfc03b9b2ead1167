package archive

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
)

// snapshotFile is the file in the archive folder that lets a refresh see
// that nothing changed without listing a folder or reading the stored
// sources (see quickUnchanged).
const snapshotFile = "refresh-snapshot"

// snapshotMagic starts the file; the number after it is the format.
const snapshotMagic = "hansard refresh snapshot 3\n"

// snapshot is what a refresh that found the archive up to date saw.
type snapshot struct {
	token string     // also kept in meta: the archive it describes
	roots []snapRoot // every provider's roots, in order
	dirs  []snapDir  // every folder under the roots, roots first
	files []snapFile // every source on disk, with its stored size and mtime
}

type snapRoot struct{ provider, path string }

// snapDir is a folder as stat saw it; a missing root has ino 0.
type snapDir struct {
	path                string
	dev, ino            uint64
	mtimeNS, ctimeNS    int64
	exists, followsLink bool
}

// snapFile is a stored source: what plan compares a file with, and what
// finds its row.
type snapFile struct {
	provider, path  string
	id, size, mtime int64
}

var errBadSnapshot = errors.New("refresh snapshot: unreadable")

// encode returns the file's bytes: the fields in order, then a CRC-32 of
// all of them.
func (s *snapshot) encode() []byte {
	b := []byte(snapshotMagic)
	str := func(v string) {
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	num := func(v int64) { b = binary.AppendVarint(b, v) }
	str(s.token)
	num(int64(len(s.roots)))
	for _, r := range s.roots {
		str(r.provider)
		str(r.path)
	}
	num(int64(len(s.dirs)))
	for _, d := range s.dirs {
		str(d.path)
		num(int64(d.dev))
		num(int64(d.ino))
		num(d.mtimeNS)
		num(d.ctimeNS)
		num(boolInt(d.exists) | boolInt(d.followsLink)<<1)
	}
	num(int64(len(s.files)))
	for _, f := range s.files {
		str(f.provider)
		str(f.path)
		num(f.id)
		num(f.size)
		num(f.mtime)
	}
	return appendCRC(b)
}

// appendCRC appends the CRC-32 of b that ends a snapshot.
func appendCRC(b []byte) []byte {
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func boolInt(v bool) int64 {
	if v {
		return 1
	}
	return 0
}

// decodeSnapshot parses what encode wrote; anything else (a torn or
// foreign file) is errBadSnapshot.
func decodeSnapshot(b []byte) (*snapshot, error) {
	if len(b) < len(snapshotMagic)+4 || string(b[:len(snapshotMagic)]) != snapshotMagic {
		return nil, errBadSnapshot
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.BigEndian.Uint32(b[len(b)-4:]) {
		return nil, errBadSnapshot
	}
	d := snapDecoder{b: body[len(snapshotMagic):], text: string(body[len(snapshotMagic):])}
	s := &snapshot{}
	s.token = d.str()
	s.roots = make([]snapRoot, d.count())
	for i := range s.roots {
		s.roots[i] = snapRoot{provider: d.str(), path: d.str()}
	}
	s.dirs = make([]snapDir, d.count())
	for i := range s.dirs {
		s.dirs[i] = snapDir{path: d.str(), dev: uint64(d.num()), ino: uint64(d.num()), mtimeNS: d.num(), ctimeNS: d.num()}
		flags := d.num()
		s.dirs[i].exists, s.dirs[i].followsLink = flags&1 != 0, flags&2 != 0
	}
	s.files = make([]snapFile, d.count())
	for i := range s.files {
		s.files[i] = snapFile{provider: d.str(), path: d.str(), id: d.num(), size: d.num(), mtime: d.num()}
	}
	if d.bad || len(d.b) != 0 {
		return nil, errBadSnapshot
	}
	return s, nil
}

// snapDecoder reads fields in order; a short or malformed field sets bad.
// Strings are cut from text, one copy of the bytes (not one allocation
// per path).
type snapDecoder struct {
	b    []byte
	text string
	bad  bool
}

func (d *snapDecoder) num() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.bad, d.b = true, nil
		return 0
	}
	d.b = d.b[n:]
	return v
}

// count reads a length, bounded by the bytes left (each entry takes one).
func (d *snapDecoder) count() int {
	v := d.num()
	if v < 0 || v > int64(len(d.b)) {
		d.bad, d.b = true, nil
		return 0
	}
	return int(v)
}

func (d *snapDecoder) str() string {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k) {
		d.bad, d.b = true, nil
		return ""
	}
	start := len(d.text) - len(d.b) + k
	d.b = d.b[k+int(n):]
	return d.text[start : start+int(n)]
}

// readSnapshot loads the archive's snapshot; a missing or unreadable one
// is an error (the caller then refreshes the long way).
func (a *Archive) readSnapshot() (*snapshot, error) {
	b, err := readNoFollow(filepath.Join(a.dir, snapshotFile))
	if err != nil {
		return nil, err
	}
	return decodeSnapshot(b)
}

// writeSnapshot replaces the snapshot (0600, by rename). It is not
// synced: a snapshot lost or torn by a crash only costs the next refresh
// its shortcut, and one that outlives the rows it describes (a power loss
// can take the last transactions) is refused for its token.
func (a *Archive) writeSnapshot(s *snapshot) error {
	if err := replaceFile(filepath.Join(a.dir, snapshotFile), bytes.NewReader(s.encode())); err != nil {
		return fmt.Errorf("write refresh snapshot: %w", err)
	}
	return nil
}

// dropSnapshot removes the snapshot before a refresh writes anything.
func (a *Archive) dropSnapshot() error {
	err := os.Remove(filepath.Join(a.dir, snapshotFile))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove refresh snapshot: %w", err)
	}
	return nil
}
