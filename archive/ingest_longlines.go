package archive

import (
	"context"
	"io"
	"sync"

	"hansard/transcripts"
)

// longLineGate lets one long line (see transcripts.LineGate) at a time be
// in flight across a run's parsers: from the moment it is read past
// transcripts.LongLine bytes until the writer has applied the batch that
// carries its records. Lines shorter than that, and the batches the
// workers queue, are bounded by their own limits (batchBytes, the queue's
// length); a long line can be as large as transcripts.MaxLineBytes, and is
// held, decoded, redacted and bound to statements a few times over, so
// several at once (one file per worker, and as many batches as the queue
// holds) would multiply the peak memory of a run. A line's length is not
// known before it has been read, so a long line takes the whole budget:
// two half-read lines sharing it could each wait for the other.
type longLineGate struct {
	token chan struct{}
}

func newLongLineGate() *longLineGate {
	return &longLineGate{token: make(chan struct{}, 1)}
}

func (g *longLineGate) enter(ctx context.Context) error {
	select {
	case g.token <- struct{}{}:
		watchLongLines(1)
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *longLineGate) leave() {
	watchLongLines(-1)
	<-g.token
}

// longLinesWatch, when set (by tests), sees the number of long lines in
// flight change.
var (
	longLinesMu    sync.Mutex
	longLinesWatch func(inFlight int)
	longLinesNow   int
)

func watchLongLines(delta int) {
	longLinesMu.Lock()
	defer longLinesMu.Unlock()
	longLinesNow += delta
	if longLinesWatch != nil {
		longLinesWatch(longLinesNow)
	}
}

// gatedReader is what a job's parser reads: the source's bytes, with the
// run's long-line gate (it implements transcripts.LineGate).
type gatedReader struct {
	io.Reader
	s *jobSink
}

// EnterLong waits for the gate.
func (r *gatedReader) EnterLong(ctx context.Context) error {
	return r.s.gate.enter(ctx)
}

// LeaveLong sends the records read so far, the long line's among them, at
// once; the writer opens the gate again once it has applied them.
func (r *gatedReader) LeaveLong() {
	s := r.s
	s.cur.release = s.gate
	if err := send(s.ctx, s.out, s.cur); err != nil {
		s.cur.release = nil
		s.gate.leave()
		s.err = err
		return
	}
	s.cur = &batch{job: s.job, recs: make([]transcripts.Record, 0, batchRecords)}
	s.size = 0
}
