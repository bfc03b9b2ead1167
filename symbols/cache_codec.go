package symbols

import (
	"encoding/binary"
	"errors"
	"math"
)

// The cache file's entries are written in a compact binary form of their
// own (gob would take several times as long to read 50,000 of them):
// unsigned varints, strings as their length and bytes, 64-bit values little
// endian.

var errCorrupt = errors.New("corrupt entry")

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendBytes(b, p []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(p)))
	return append(b, p...)
}

func appendInt(b []byte, n int) []byte { return binary.AppendVarint(b, int64(n)) }

// encodeFile appends f's encoding to b.
func encodeFile(b []byte, f *File) []byte {
	b = appendString(b, string(f.Language))
	b = appendString(b, f.Package)
	b = appendString(b, string(f.Skipped))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f.ErrorShare))
	b = binary.AppendUvarint(b, uint64(len(f.Imports)))
	for _, im := range f.Imports {
		b = appendString(b, im.Path)
		b = binary.AppendUvarint(b, uint64(len(im.Names)))
		for _, n := range im.Names {
			b = appendString(b, n)
		}
		b = appendInt(b, im.Line)
	}
	b = binary.AppendUvarint(b, uint64(len(f.Symbols)))
	for _, s := range f.Symbols {
		b = appendString(b, s.Name)
		b = appendString(b, s.Qualified)
		b = appendString(b, string(s.Kind))
		b = appendString(b, s.Receiver)
		for _, n := range []int{s.StartLine, s.EndLine, s.NameLine, s.DocLine, s.Parent} {
			b = appendInt(b, n)
		}
		b = binary.LittleEndian.AppendUint64(b, s.Shape)
	}
	return b
}

// reader reads what the append functions wrote, out of one string: the
// strings it returns share its memory (one allocation per entry, not one
// per name). The first failure sticks.
type reader struct {
	s   string
	err error
}

func (r *reader) uvarint() uint64 {
	var v uint64
	for i := 0; i < len(r.s) && i < binary.MaxVarintLen64; i++ {
		c := r.s[i]
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			r.s = r.s[i+1:]
			return v
		}
	}
	if r.err == nil {
		r.err = errCorrupt
	}
	return 0
}

func (r *reader) int() int {
	u := r.uvarint()
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return int(v)
}

// count is a length that cannot exceed what is left to read.
func (r *reader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.s)) {
		if r.err == nil {
			r.err = errCorrupt
		}
		return 0
	}
	return int(n)
}

func (r *reader) string() string {
	n := r.count()
	if r.err != nil {
		return ""
	}
	out := r.s[:n]
	r.s = r.s[n:]
	return out
}

func (r *reader) uint64() uint64 {
	if len(r.s) < 8 {
		if r.err == nil {
			r.err = errCorrupt
		}
		return 0
	}
	v := binary.LittleEndian.Uint64([]byte(r.s[:8]))
	r.s = r.s[8:]
	return v
}

// decodeFile reads one encodeFile encoding, all of b.
func decodeFile(b string) (*File, error) {
	r := &reader{s: b}
	f := &File{Language: Language(r.string()), Package: r.string(), Skipped: SkipReason(r.string())}
	f.ErrorShare = math.Float64frombits(r.uint64())
	if n := r.count(); n > 0 {
		f.Imports = make([]Import, n)
		for i := range f.Imports {
			im := &f.Imports[i]
			im.Path = r.string()
			if k := r.count(); k > 0 {
				im.Names = make([]string, k)
				for j := range im.Names {
					im.Names[j] = r.string()
				}
			}
			im.Line = r.int()
		}
	}
	if n := r.count(); n > 0 {
		f.Symbols = make([]Symbol, n)
		for i := range f.Symbols {
			s := &f.Symbols[i]
			s.Name, s.Qualified, s.Kind, s.Receiver = r.string(), r.string(), Kind(r.string()), r.string()
			s.StartLine, s.EndLine, s.NameLine, s.DocLine, s.Parent = r.int(), r.int(), r.int(), r.int(), r.int()
			s.Shape = r.uint64()
		}
	}
	if r.err == nil && len(r.s) > 0 {
		r.err = errCorrupt
	}
	if r.err != nil {
		return nil, r.err
	}
	return f, nil
}
