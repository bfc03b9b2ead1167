package archive

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"hansard/transcripts"
)

// Sources rewritten whole (transcripts.KindSnapshot: a JSON document its
// agent rewrites, a database whose rows are updated and deleted). Each
// content of such a source that a refresh reads is a generation. A
// generation whose SHA-256 is the stored content_hash holds nothing new
// (the source's size and stamp are stored, see holdShrunk); any other is
// read whole, from the checkpoint of the generation before (its provider
// state gives the agent's ids their indexes), into the sessions the source
// already wrote, whose rows it replaces by key. The messages of those
// sessions that a generation does not emit are retracted
// (transcripts.SnapshotSeen), never dropped: messages.retracted marks them
// and a later generation that holds them again clears it. Every
// generation's bytes are appended to the retained copy as one gzip member,
// their lengths kept in snapshot_lens, so that a rebuild reads the
// generations again in order, from the first, and gives the same indexes
// and retractions.

// maxSnapshotBytes bounds a generation, which is read whole into memory.
const maxSnapshotBytes = 256 << 20

// openSnapshot is openInput for a snapshot source: it reads the file (when
// there is one) and sets the generations to parse for in's mode.
func (a *Archive) openSnapshot(ctx context.Context, j *job, in *input, stats *runStats) error {
	in.snapshot = true
	path := a.RetainedPath(j.src.Provider, j.storedPath())
	in.rw = &retainWriter{path: path, keep: j.row.retainedSize}
	in.tw, in.tee = &tailWriter{}, &teeReader{}
	var content []byte
	if j.exists {
		var err error
		if content, err = readSnapshot(in.f); err != nil {
			return err
		}
		stats.bytes.Add(int64(len(content)))
		sum := sha256.Sum256(content)
		in.contentHash = sum[:]
	}
	if in.kind == planRebuild && len(j.row.snapshotLens) == 0 && j.exists {
		in.kind = planFull // nothing retained: the file is the first generation
	}
	switch in.kind {
	case planAppend:
		if bytes.Equal(in.contentHash, j.row.contentHash) {
			in.shrunk = true // the same content: nothing new
			return nil
		}
		held, err := a.heldSessions(ctx, j.row.id)
		if err != nil {
			return err
		}
		in.held = held
		in.cp = transcripts.Checkpoint{NextIndex: j.row.cp.NextIndex, State: j.row.cp.State,
			Generation: len(j.row.snapshotLens)}
		in.lens = slices.Clone(j.row.snapshotLens)
	case planFull:
		in.rw.path, in.rw.replace = path+".tmp", true
	case planRebuild:
		gens, err := retainedGenerations(path, j.row)
		if err != nil {
			return err
		}
		if len(gens) == 0 {
			return errors.New("no retained generations to rebuild from")
		}
		in.gens, in.lens = gens, slices.Clone(j.row.snapshotLens)
		if !j.exists || bytes.Equal(in.contentHash, j.row.contentHash) {
			in.contentHash = j.row.contentHash
			return nil
		}
	}
	in.gens = append(in.gens, content)
	in.lens = append(in.lens, int64(len(content)))
	_, err := in.rw.Write(content)
	return err
}

// readSnapshot reads a generation whole.
func readSnapshot(f *os.File) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(f, maxSnapshotBytes+1))
	if err == nil && len(b) > maxSnapshotBytes {
		err = fmt.Errorf("larger than %d MiB", maxSnapshotBytes>>20)
	}
	return b, err
}

// retainedGenerations reads the generations a source's retained copy holds.
func retainedGenerations(path string, row sourceRow) ([][]byte, error) {
	rc, err := openRetained(path, row.retainedSize)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	all, err := io.ReadAll(rc)
	if err != nil {
		return nil, fmt.Errorf("read retained copy: %w", err)
	}
	gens := make([][]byte, 0, len(row.snapshotLens))
	for _, n := range row.snapshotLens {
		if n > int64(len(all)) {
			return nil, fmt.Errorf("retained copy holds %d bytes less than its generations", n-int64(len(all)))
		}
		gens, all = append(gens, all[:n]), all[n:]
	}
	return gens, nil
}

// heldSessions returns the ids (as its provider named them) of the
// sessions a source wrote.
func (a *Archive) heldSessions(ctx context.Context, source int64) ([]string, error) {
	var out []string
	err := appendRows(ctx, a.db, `SELECT session_id FROM session_names WHERE source_id = ? ORDER BY session_id`, &out,
		func(rows *sql.Rows, id *string) error { return rows.Scan(id) }, source)
	if err != nil {
		return nil, fmt.Errorf("sessions of a source: %w", err)
	}
	return out, nil
}

// parseGenerations has the provider read each generation of in whole, in
// order, each from the checkpoint of the one before, and sends after each
// the retractions of what it no longer holds. It returns the checkpoint of
// the next generation.
func (a *Archive) parseGenerations(ctx context.Context, j *job, src transcripts.Source, in *input, s *jobSink) (transcripts.Checkpoint, error) {
	cp, held := in.cp, in.held
	for _, data := range in.gens {
		var seen transcripts.SnapshotSeen
		// A bytes.Reader, also an io.ReaderAt and io.Seeker (see
		// transcripts.KindSnapshot); the generation is in memory already,
		// so no long-line gate.
		out, err := j.provider.Parse(ctx, src, bytes.NewReader(data), cp, seen.Sink(s.sink))
		if err != nil {
			return cp, err
		}
		for _, r := range seen.Retractions(held) {
			if err := s.sink(transcripts.Record{Retraction: &r}); err != nil {
				return cp, err
			}
		}
		for _, id := range seen.Sessions() {
			if !slices.Contains(held, id) {
				held = append(held, id)
			}
		}
		out.Offset, out.Line, out.Generation = 0, 0, cp.Generation+1
		cp = out
	}
	return cp, nil
}
