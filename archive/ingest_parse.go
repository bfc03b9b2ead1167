package archive

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"

	"hansard/transcripts"
)

// headBytes is how much of a file's start is fingerprinted to tell an
// appended file from a rewritten one.
const headBytes = 4096

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
}

// parseJob reads one source and sends its records to out. Trouble with the
// file is reported to the writer as a failed batch; only cancellation
// returns an error.
func (a *Archive) parseJob(ctx context.Context, j *job, out chan<- *batch, gate *longLineGate, stats *runStats) error {
	kind := j.kind
	var head, tail []byte
	same, newGeneration := true, false
	var f *os.File
	if j.exists {
		var err error
		f, err = os.Open(j.src.Path)
		if err != nil {
			return send(ctx, out, &batch{job: j, begin: true, failed: err})
		}
		defer f.Close()
		head, err = readHead(f)
		if err == nil && kind != planFull {
			tail, err = readTail(f, j.row, j.size)
		}
		if err != nil {
			return send(ctx, out, &batch{job: j, begin: true, failed: err})
		}
		same = sameHead(j.row, head, j.size) && sameTail(j.row, tail)
		if !same && kind != planFull {
			var err error
			if same, err = a.retainedPrefix(j, f, j.size); err != nil {
				return send(ctx, out, &batch{job: j, begin: true, failed: err})
			}
			if same && kind == planAppend {
				return holdShrunk(ctx, j, out) // nothing new: see ingest_shrunk.go
			}
		}
		if kind == planAppend && !same {
			kind, newGeneration = planFull, j.row.retainedSize > 0
		}
	}
	if kind == planRebuild && (j.row.retainedSize == 0 || (j.exists && !same)) {
		if !j.exists {
			return send(ctx, out, &batch{job: j, begin: true, failed: errors.New("no retained copy to rebuild from")})
		}
		// The original changed: the retained copy is the earlier
		// generation, rebuilt from it after this run (rebuildKept).
		kind, newGeneration = planFull, j.row.retainedSize > 0
	}

	retainPath := a.RetainedPath(j.src.Provider, j.storedPath())
	rw := &retainWriter{path: retainPath, keep: j.row.retainedSize}
	cp := j.row.cp
	var r io.Reader
	tw := &tailWriter{}
	tee := &teeReader{w: io.MultiWriter(rw, tw), add: func(n int64) { stats.bytes.Add(n) }}
	switch kind {
	case planFull:
		rw.path, rw.replace = retainPath+".tmp", true
		cp = transcripts.Checkpoint{}
		tee.r, tee.from = f, 0
		r = tee
	case planAppend:
		if _, err := f.Seek(cp.Offset, io.SeekStart); err != nil {
			return send(ctx, out, &batch{job: j, begin: true, failed: err})
		}
		tw.buf = tail
		tee.r, tee.pos, tee.from = f, cp.Offset, j.row.retainedRaw
		r = tee
	case planRebuild:
		cp = transcripts.Checkpoint{}
		rc, err := openRetained(retainPath, j.row.retainedSize)
		if err != nil {
			return send(ctx, out, &batch{job: j, begin: true, failed: err})
		}
		defer rc.Close()
		r = &teeReader{r: rc, add: tee.add, w: tw}
		if j.exists && j.size > j.row.retainedRaw {
			if _, err := f.Seek(j.row.retainedRaw, io.SeekStart); err != nil {
				return send(ctx, out, &batch{job: j, begin: true, failed: err})
			}
			tee.r, tee.pos, tee.from = f, j.row.retainedRaw, j.row.retainedRaw
			r = io.MultiReader(r, tee)
		}
	}

	s := &jobSink{ctx: ctx, out: out, job: j, redact: newRedactMemo(a.redact), problems: map[string]int{}, gate: gate}
	s.cur = &batch{job: j, begin: true, full: kind != planAppend, retire: newGeneration}
	src, err := a.withSideFiles(j.provider, j.src)
	if err != nil {
		rw.abort()
		return s.finish(&batch{failed: err})
	}
	newCP, err := j.provider.Parse(ctx, src, &gatedReader{Reader: r, s: s}, cp, s.sink)
	if err == nil {
		err = s.err
	}
	if err != nil {
		rw.abort()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return s.finish(&batch{failed: fmt.Errorf("read: %w", err)})
	}
	newCP.State = redactState(j.provider, a.redact, newCP.State)
	d := &jobDone{cp: newCP, size: j.size, mtime: j.mtime, problems: s.problems}
	if f != nil {
		// What the file is now when reading stopped at its end (it may
		// have been truncated or extended while it was read). A file that
		// grew after its last read keeps what discovery saw, so that the
		// next refresh sees it changed and reads on from the checkpoint.
		read := j.size // a rebuild that read none of the original
		if tee.r != nil {
			read = tee.pos
		}
		if fi, err := f.Stat(); err == nil && fi.Size() == read {
			d.size, d.mtime = fi.Size(), fileStamp(fi)
		}
	}
	d.headLen, d.headHash = len(head), hashHead(head)
	d.tailLen, d.tailHash = len(tw.buf), hashHead(tw.buf)
	if !j.exists {
		d.headLen, d.headHash = j.row.headLen, j.row.headHash
		d.size, d.mtime = j.row.size, j.row.mtime
	}
	size, err := rw.finish()
	if err != nil {
		return s.finish(&batch{failed: err})
	}
	d.retainedSize = size
	switch kind {
	case planFull:
		d.retainedRaw, d.retainTmp = rw.raw, rw.path
	case planAppend, planRebuild:
		d.retainedRaw = j.row.retainedRaw + rw.raw
	}
	j.kind = kind
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

// readHead reads up to headBytes from the start of f.
func readHead(f *os.File) ([]byte, error) {
	buf := make([]byte, headBytes)
	n, err := f.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}

func hashHead(head []byte) []byte {
	sum := sha256.Sum256(head)
	return sum[:]
}

// sameHead reports whether the file still starts with the bytes stored for
// the source and is not shorter than what was consumed.
func sameHead(row sourceRow, head []byte, size int64) bool {
	if size < row.cp.Offset || size < row.retainedRaw || len(head) < row.headLen {
		return false
	}
	return bytes.Equal(hashHead(head[:row.headLen]), row.headHash)
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
