package transcripts

import "context"

// LongLine is the length past which ReadLines asks its reader's LineGate
// to let a line in.
const LongLine = 4 << 20

// LineGate bounds the memory long lines take while several files are read
// at once: a line of tens of megabytes is held, decoded and copied a few
// times before its records are stored, and a few of them at once would
// multiply that. When the reader given to ReadLines implements LineGate,
// ReadLines calls EnterLong before it reads a line past LongLine bytes and
// LeaveLong once fn has handled that line (or reading stopped in it); the
// gate may make EnterLong wait until the records of other long lines have
// been stored.
type LineGate interface {
	EnterLong(ctx context.Context) error
	LeaveLong()
}
