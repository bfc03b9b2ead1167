package archive

import (
	"context"
	"fmt"

	"hansard/transcripts"
)

// Batch limits: a worker hands records to the writer in batches of at most
// this many records or bytes of text, which bounds memory in flight.
const (
	batchRecords = 512
	batchBytes   = 1 << 20
)

// batch is what a worker sends the writer: records of one job, in order.
// The first batch of a job has begin set; the last has done or failed set.
type batch struct {
	job    *job
	begin  bool
	full   bool // with begin: drop the source's rows first
	retire bool // with begin: keep the source's rows as an earlier generation instead (see retire)
	recs   []transcripts.Record
	done   *jobDone
	failed error
	// release, when set, is the long-line gate to open once the batch
	// has been applied (see longLineGate).
	release *longLineGate
}

// settle opens the gate the batch holds, once the writer is done with it.
func (b *batch) settle() {
	if b.release != nil {
		b.release.leave()
		b.release = nil
	}
}

// jobDone is the new state of a source after a successful parse.
type jobDone struct {
	cp           transcripts.Checkpoint
	size, mtime  int64
	headLen      int
	headHash     []byte
	tailLen      int
	tailHash     []byte
	retainedRaw  int64
	retainedSize int64
	retainTmp    string // replacing copy to rename into place before commit
	problems     map[string]int
	// For a snapshot source (see ingest_rewritten.go).
	contentHash  []byte
	snapshotLens []int64
}

// parseJob reads one source and sends its records to out: it opens the
// input (openInput), has the provider parse it, and sends the source's new
// state (finishInput) with the last batch. Trouble with the file is
// reported to the writer as a failed batch; only cancellation returns an
// error.
func (a *Archive) parseJob(ctx context.Context, j *job, out chan<- *batch, gate *longLineGate, stats *runStats) error {
	in, err := a.openInput(ctx, j, stats)
	if err != nil {
		return send(ctx, out, &batch{job: j, begin: true, failed: err})
	}
	defer in.close()
	if in.shrunk {
		return holdShrunk(ctx, j, out)
	}

	s := &jobSink{ctx: ctx, out: out, job: j, redact: newRedactMemo(a.redact), problems: map[string]int{}, gate: gate}
	s.cur = &batch{job: j, begin: true, full: in.kind != planAppend, retire: in.newGeneration}
	src, err := a.withSideFiles(j.provider, j.src)
	if err != nil {
		in.abort()
		return s.finish(&batch{failed: err})
	}
	var cp transcripts.Checkpoint
	if in.snapshot {
		cp, err = a.parseGenerations(ctx, j, src, in, s)
	} else {
		cp, err = j.provider.Parse(ctx, src, &gatedReader{Reader: in.r, s: s}, in.cp, s.sink)
	}
	if err == nil {
		err = s.err
	}
	if err != nil {
		in.abort()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return s.finish(&batch{failed: fmt.Errorf("read: %w", err)})
	}
	d, err := a.finishInput(j, in, cp, s.problems)
	if err != nil {
		return s.finish(&batch{failed: err})
	}
	j.kind = in.kind
	return s.finish(&batch{done: d})
}

func send(ctx context.Context, out chan<- *batch, b *batch) error {
	select {
	case out <- b:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// jobSink copies, redacts and batches one job's records.
type jobSink struct {
	ctx      context.Context
	out      chan<- *batch
	job      *job
	redact   func(string) string
	cur      *batch
	size     int
	problems map[string]int
	err      error
	gate     *longLineGate
}

func (s *jobSink) sink(r transcripts.Record) error {
	if r.Problem != nil {
		s.problems[r.Problem.Kind]++
	}
	rec, n := copyRecord(r, s.redact)
	s.cur.recs = append(s.cur.recs, rec)
	s.size += n
	if len(s.cur.recs) >= batchRecords || s.size >= batchBytes {
		if err := send(s.ctx, s.out, s.cur); err != nil {
			s.err = err
			return err
		}
		s.cur = &batch{job: s.job, recs: make([]transcripts.Record, 0, batchRecords)}
		s.size = 0
	}
	return nil
}

// finish sends the last batch with the job's outcome.
func (s *jobSink) finish(last *batch) error {
	s.cur.done, s.cur.failed = last.done, last.failed
	return send(s.ctx, s.out, s.cur)
}
