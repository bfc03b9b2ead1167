package embed

// slab is a growing byte buffer kept outside the Go heap where the system
// allows (see slab_unix.go): a million vectors take hundreds of
// megabytes, which under hansard's soft heap limit would make the garbage
// collector run at every allocation of the process.
type slab struct {
	b      []byte
	mapped bool // b was mapped by allocSlab, not made
}

// grow makes room for n more bytes.
func (s *slab) grow(n int) {
	if len(s.b)+n <= cap(s.b) {
		return
	}
	size := max(2*cap(s.b), len(s.b)+n, 1<<16)
	b, mapped := allocSlab(size)
	b = b[:len(s.b)]
	copy(b, s.b)
	s.free()
	s.b, s.mapped = b, mapped
}

// extend appends n zero bytes and returns them.
func (s *slab) extend(n int) []byte {
	s.grow(n)
	at := len(s.b)
	s.b = s.b[:at+n]
	clear(s.b[at:])
	return s.b[at:]
}

func (s *slab) free() {
	if s.mapped {
		freeSlab(s.b[:cap(s.b)])
	}
	s.b, s.mapped = nil, false
}
