package archive

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"os"

	"hansard/transcripts"
)

// headBytes is how much of a file's start is fingerprinted to tell an
// appended file from a rewritten one.
const headBytes = 4096

// input is one job's source opened for parsing. openInput decides how the
// source is read and positions the reader; the provider's Parse then reads
// r from cp; finishInput turns what was read into the source's new state.
//
// The modes (kind) are those of the plan, settled against the file as it
// is now:
//   - planFull: the whole file from its start, into a new retained copy;
//     with newGeneration the stored rows are kept as an earlier generation
//     (see retire) instead of being replaced.
//   - planAppend: the file from the checkpoint on, appended to the
//     retained copy.
//   - planRebuild: the retained copy from its start, then whatever the
//     original holds past it.
//
// Upsert sources are read as append-only ones (their records replace by
// key). A snapshot source (transcripts.KindSnapshot) plugs in here:
// openSnapshot decides its mode and the generations to parse (read by
// parseGenerations, each whole), and finishInput stores its content hash
// and the lengths of its retained generations.
type input struct {
	kind          planKind
	newGeneration bool
	shrunk        bool // the file was cut to a prefix of what was read: nothing to parse (see holdShrunk)

	cp transcripts.Checkpoint // where Parse starts
	r  io.Reader              // the bytes Parse reads, from cp on

	f      *os.File      // the original; nil when it is gone
	head   []byte        // the original's first headBytes
	rw     *retainWriter // the retained copy being written
	tw     *tailWriter   // the last bytes read, for the next tail check
	tee    *teeReader    // reads the original; tee.r is nil when none of it is read
	closer io.Closer     // the retained copy read by a rebuild

	// A snapshot source (see ingest_rewritten.go) is read as generations,
	// each whole: gens in order, held the sessions the source wrote
	// before, lens the lengths of the generations retained once this read
	// is stored, contentHash the SHA-256 of the last.
	snapshot    bool
	gens        [][]byte
	held        []string
	lens        []int64
	contentHash []byte
}

// openInput opens j's source and decides how to read it. An error is
// trouble with the file, to be reported as the job's failure; the input
// needs closing otherwise (see close).
func (a *Archive) openInput(ctx context.Context, j *job, stats *runStats) (in *input, err error) {
	in = &input{kind: j.kind}
	defer func() {
		if err != nil {
			in.close()
		}
	}()
	var tail []byte
	same := true
	if j.exists {
		if in.f, err = os.Open(j.src.Path); err != nil {
			return in, err
		}
	}
	if j.src.Kind == transcripts.KindSnapshot {
		return in, a.openSnapshot(ctx, j, in, stats)
	}
	if j.exists {
		in.head, err = readHead(in.f)
		if err == nil && in.kind != planFull {
			tail, err = readTail(in.f, j.row, j.size)
		}
		if err != nil {
			return in, err
		}
		same = sameHead(j.row, in.head, j.size) && sameTail(j.row, tail)
		if !same && in.kind != planFull {
			if same, err = a.retainedPrefix(j, in.f, j.size); err != nil {
				return in, err
			}
			if same && in.kind == planAppend {
				in.shrunk = true // nothing new: see ingest_shrunk.go
				return in, nil
			}
		}
		if in.kind == planAppend && !same {
			in.kind, in.newGeneration = planFull, j.row.retainedSize > 0
		}
	}
	if in.kind == planRebuild && (j.row.retainedSize == 0 || (j.exists && !same)) {
		if !j.exists {
			return in, errors.New("no retained copy to rebuild from")
		}
		// The original changed: the retained copy is the earlier
		// generation, rebuilt from it after this run (rebuildKept).
		in.kind, in.newGeneration = planFull, j.row.retainedSize > 0
	}
	return in, a.openReader(j, in, tail, stats)
}

// openReader sets in's reader, checkpoint and retained copy for its mode.
func (a *Archive) openReader(j *job, in *input, tail []byte, stats *runStats) error {
	retainPath := a.RetainedPath(j.src.Provider, j.storedPath())
	in.rw = &retainWriter{path: retainPath, keep: j.row.retainedSize}
	in.cp = j.row.cp
	in.tw = &tailWriter{}
	in.tee = &teeReader{w: io.MultiWriter(in.rw, in.tw), add: func(n int64) { stats.bytes.Add(n) }}
	f, tee := in.f, in.tee
	switch in.kind {
	case planFull:
		in.rw.path, in.rw.replace = retainPath+".tmp", true
		in.cp = transcripts.Checkpoint{}
		tee.r, tee.from = f, 0
		in.r = tee
	case planAppend:
		if _, err := f.Seek(in.cp.Offset, io.SeekStart); err != nil {
			return err
		}
		in.tw.buf = tail
		tee.r, tee.pos, tee.from = f, in.cp.Offset, j.row.retainedRaw
		in.r = tee
	case planRebuild:
		in.cp = transcripts.Checkpoint{}
		rc, err := openRetained(retainPath, j.row.retainedSize)
		if err != nil {
			return err
		}
		in.closer = rc
		in.r = &teeReader{r: rc, add: tee.add, w: in.tw}
		if j.exists && j.size > j.row.retainedRaw {
			if _, err := f.Seek(j.row.retainedRaw, io.SeekStart); err != nil {
				return err
			}
			tee.r, tee.pos, tee.from = f, j.row.retainedRaw, j.row.retainedRaw
			in.r = io.MultiReader(in.r, tee)
		}
	}
	return nil
}

// close closes the files in reads from.
func (in *input) close() {
	if in.closer != nil {
		in.closer.Close()
	}
	if in.f != nil {
		in.f.Close()
	}
}

// abort drops what was retained of a read that failed.
func (in *input) abort() { in.rw.abort() }

// finishInput returns the source's new state after Parse returned cp having
// read in to its end: the checkpoint (its state redacted), the file's size,
// stamp, head and tail as read, and the retained copy, closed.
func (a *Archive) finishInput(j *job, in *input, cp transcripts.Checkpoint, problems map[string]int) (*jobDone, error) {
	cp.State = redactState(j.provider, a.redact, cp.State)
	d := &jobDone{cp: cp, size: j.size, mtime: j.mtime, problems: problems}
	if in.f != nil {
		// What the file is now when reading stopped at its end (it may
		// have been truncated or extended while it was read). A file that
		// grew after its last read keeps what discovery saw, so that the
		// next refresh sees it changed and reads on from the checkpoint.
		read := j.size // a rebuild that read none of the original
		if in.tee.r != nil {
			read = in.tee.pos
		}
		if fi, err := in.f.Stat(); err == nil && fi.Size() == read {
			d.size, d.mtime = fi.Size(), fileStamp(fi)
		}
	}
	d.headLen, d.headHash = len(in.head), hashHead(in.head)
	d.tailLen, d.tailHash = len(in.tw.buf), hashHead(in.tw.buf)
	if !j.exists {
		d.headLen, d.headHash = j.row.headLen, j.row.headHash
		d.size, d.mtime = j.row.size, j.row.mtime
	}
	size, err := in.rw.finish()
	if err != nil {
		return nil, err
	}
	d.retainedSize = size
	d.contentHash, d.snapshotLens = in.contentHash, in.lens
	switch in.kind {
	case planFull:
		d.retainedRaw, d.retainTmp = in.rw.raw, in.rw.path
	case planAppend, planRebuild:
		d.retainedRaw = j.row.retainedRaw + in.rw.raw
	}
	return d, nil
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
