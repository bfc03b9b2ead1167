package transcripts

// A provider whose transcripts may record a call's result before the call
// keeps such a result (in its checkpoint state too) until the call comes.
// KeepEarly and TakeEarly hold those results, bounded by MaxEarly and
// MaxEarlyBytes: the oldest is dropped when a file has more.
const (
	MaxEarly      = 256
	MaxEarlyBytes = 1 << 20
)

// Early is a result kept waiting for its call.
type Early interface {
	// CallID is the id of the call the result is for.
	CallID() string
	// Size is the bytes of the texts the result holds.
	Size() int
}

// KeepEarly appends r to *kept, then drops the oldest results while more
// than MaxEarly are kept or their texts pass MaxEarlyBytes (r itself is
// kept).
func KeepEarly[T Early](kept *[]T, r T) {
	q := append(*kept, r)
	size := 0
	for _, e := range q {
		size += e.Size()
	}
	for len(q) > 1 && (len(q) > MaxEarly || size > MaxEarlyBytes) {
		size -= q[0].Size()
		q = q[1:]
	}
	*kept = q
}

// TakeEarly removes the kept result of call id from *kept and returns it,
// or the zero T when none is kept.
func TakeEarly[T Early](kept *[]T, id string) T {
	q := *kept
	for i, r := range q {
		if r.CallID() == id {
			*kept = append(q[:i:i], q[i+1:]...)
			return r
		}
	}
	var zero T
	return zero
}
