package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"hansard/transcripts"
)

// Commit thresholds: the writer commits at the end of a file once this much
// text or time has gone into the open transaction, and in the middle of a
// very large file at the hard limit (the source's checkpoint is only stored
// with its last rows, so a resumed run re-applies the same keyed records).
const (
	commitBytes     = 16 << 20
	commitInterval  = time.Second
	commitHardBytes = 64 << 20
)

// writer is the one goroutine that writes a run's records.
type writer struct {
	a       *Archive
	ctx     context.Context // not cancelled: what was read is committed
	conn    *sql.Conn
	st      *statements
	stats   *runStats
	warn    func(string)
	attach  *attacher
	inTx    bool
	pending int
	since   time.Time
	pks     map[string]int64
	// held rows wait to be written (see hold).
	held      map[rowKey]*heldRow
	heldOrder []rowKey
	heldSize  int
	calls     heldCalls // edits and commands (see holdCall)
	// msgFTS, resultFTS, inputFTS and fullFTS hold full-text index
	// changes until a burst.
	msgFTS, resultFTS, inputFTS, fullFTS *ftsQueue
	touched                              map[*job]map[int64]bool
	subagents                            map[int64]bool               // sessions written as subagents, until their job ends
	seen                                 map[*job]map[rowKey]struct{} // keys each job wrote (see put)
	names                                map[*job]map[string]string   // stored session ids by the job's ids (see storedRecord)
	mirrors, skipped                     map[*job]map[string]bool     // the job's mirror sessions, and those it drops (see ingest_mirrors.go)
	links                                map[*job][]*transcripts.Link // links written at the end of the job (see holdLink)
	once                                 map[string]*sql.Stmt         // statements prepared on first use (see prepared)
}

func (a *Archive) newWriter(ctx context.Context, stats *runStats, warn func(string)) (*writer, error) {
	wctx := context.WithoutCancel(ctx)
	conn, err := a.db.Conn(wctx)
	if err != nil {
		return nil, fmt.Errorf("writer: %w", err)
	}
	// Mapped pages count as the process's memory, and the writer would
	// map every page it touches (FTS5 merges read whole segments): it
	// reads through a page cache large enough for a write transaction
	// (it would otherwise spill pages to the WAL early).
	for _, p := range []string{`PRAGMA mmap_size = 0`, `PRAGMA cache_size = -32768`} {
		if _, err := conn.ExecContext(wctx, p); err != nil {
			conn.Close()
			return nil, fmt.Errorf("writer: %w", err)
		}
	}
	st := newStatements(conn)
	w := &writer{
		a: a, ctx: wctx, conn: conn, st: st, stats: stats, warn: warn,
		attach:    a.newAttacher(wctx, conn),
		pks:       make(map[string]int64),
		touched:   make(map[*job]map[int64]bool),
		subagents: make(map[int64]bool),
		seen:      make(map[*job]map[rowKey]struct{}),
		names:     make(map[*job]map[string]string),
		mirrors:   make(map[*job]map[string]bool),
		skipped:   make(map[*job]map[string]bool),
		links:     make(map[*job][]*transcripts.Link),
		held:      make(map[rowKey]*heldRow),
	}
	w.msgFTS = newFTSQueue(conn, "messages_fts", "user", "said", "tool", "boiler")
	w.resultFTS = newFTSQueue(conn, "results_fts", "result")
	w.msgFTS.vocab, w.resultFTS.vocab = newVocabQueue(conn), newVocabQueue(conn)
	w.inputFTS = newFTSQueue(conn, "inputs_fts", "input_text")
	w.fullFTS = newFTSQueue(conn, "full_results_fts", "full_result")
	return w, nil
}

func (w *writer) close() {
	if w.inTx {
		w.conn.ExecContext(w.ctx, `ROLLBACK`)
	}
	w.st.close()
	w.closePrepared()
	for _, q := range w.ftsQueues() {
		q.close()
	}
	// Back to a reader's settings.
	w.conn.ExecContext(w.ctx, `PRAGMA mmap_size = `+mmapSize)
	w.conn.ExecContext(w.ctx, `PRAGMA cache_size = `+cacheSize)
	w.conn.Close()
}

// consume applies batches until the channel closes, then commits.
func (w *writer) consume(batches <-chan *batch) error {
	for b := range batches {
		start := time.Now()
		err := w.apply(b)
		if err == nil && b.release != nil {
			err = w.flushLong()
		}
		b.settle()
		if err != nil {
			return err
		}
		w.stats.writerBusy += time.Since(start)
	}
	start := time.Now()
	defer func() { w.stats.writerBusy += time.Since(start) }()
	if err := w.commit(); err != nil {
		return err
	}
	return w.attach.finish(w.ctx, w.conn)
}

func (w *writer) begin() error {
	if w.inTx {
		return nil
	}
	if _, err := w.conn.ExecContext(w.ctx, `BEGIN IMMEDIATE`); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	w.inTx, w.pending, w.since = true, 0, time.Now()
	return nil
}

// ftsQueues are the writer's full-text queues.
func (w *writer) ftsQueues() []*ftsQueue {
	return []*ftsQueue{w.msgFTS, w.resultFTS, w.inputFTS, w.fullFTS}
}

// flushFTS applies the pending full-text index changes.
func (w *writer) flushFTS() error {
	for _, q := range w.ftsQueues() {
		if err := q.flush(w.ctx); err != nil {
			return err
		}
	}
	return nil
}

// ftsBytes is the text the full-text queues hold.
func (w *writer) ftsBytes() int {
	n := 0
	for _, q := range w.ftsQueues() {
		n += q.bytes
	}
	return n
}

// flushLong writes what the writer holds back (rows, full-text changes)
// before the long-line gate opens, so that the text of a long line is not
// still held when the next one is read.
func (w *writer) flushLong() error {
	if !w.inTx {
		return nil // a commit wrote everything
	}
	if err := w.writeHeld(); err != nil {
		return err
	}
	return w.flushFTS()
}

func (w *writer) commit() error {
	if !w.inTx {
		return nil
	}
	if err := w.writeHeld(); err != nil {
		return err
	}
	if err := w.flushFTS(); err != nil {
		return err
	}
	w.inTx = false
	if _, err := w.conn.ExecContext(w.ctx, `COMMIT`); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func (w *writer) apply(b *batch) error {
	j := b.job
	if b.begin && b.failed != nil {
		return w.fail(j, b.failed)
	}
	if err := w.begin(); err != nil {
		return err
	}
	switch {
	case b.begin && b.retire:
		if err := w.retire(j); err != nil {
			return err
		}
	case b.begin && b.full && !j.fresh:
		if err := w.dropSource(j.row.id); err != nil {
			return err
		}
	}
	for _, r := range b.recs {
		if r.Link != nil && r.Link.ParentID != "" {
			w.holdLink(j, r.Link)
			continue
		}
		keep, err := w.storedRecord(j, r)
		if err == nil && keep {
			err = w.record(j, r)
		}
		if err != nil {
			return fmt.Errorf("store %s: %w", j.src.Path, err)
		}
	}
	switch {
	case b.failed != nil:
		delete(w.touched, j)
		delete(w.seen, j)
		w.forget(j)
		delete(w.links, j)
		return w.fail(j, b.failed)
	case b.done != nil:
		if err := w.finishJob(j, b.done); err != nil {
			return err
		}
		if w.pending >= commitBytes || time.Since(w.since) >= commitInterval {
			return w.commit()
		}
	case w.pending >= commitHardBytes:
		return w.commit()
	case w.ftsBytes() >= ftsFlushBytes:
		return w.flushFTS()
	}
	return nil
}

// dropSource removes what a source produced before it is read whole again,
// and resets its checkpoint in the same transaction.
func (w *writer) dropSource(id int64) error {
	// The delete triggers remove indexed text: the index must hold it.
	if err := w.writeHeld(); err != nil {
		return err
	}
	if err := w.flushFTS(); err != nil {
		return err
	}
	if err := w.deleteSessions(id); err != nil {
		return err
	}
	for _, q := range []string{
		`DELETE FROM problems WHERE source_id = ?`,
		`UPDATE sources SET size = -1, mtime_ns = 0, head_len = 0, head_hash = NULL, tail_len = 0,
			tail_hash = NULL, offset = 0, lines = 0, next_index = 0, state = NULL WHERE id = ?`,
	} {
		if _, err := w.exec(q, id); err != nil {
			return fmt.Errorf("drop source rows: %w", err)
		}
	}
	clear(w.pks)
	return nil
}

// fail records why a source could not be read; what it gave before stays.
func (w *writer) fail(j *job, cause error) error {
	w.stats.count(j.kind, true)
	w.stats.files.Add(1)
	msg := cause.Error()
	if errors.Is(cause, os.ErrNotExist) {
		msg = "file vanished before it was read"
	}
	if err := w.begin(); err != nil {
		return err
	}
	// Warned about once: again only when the trouble changes.
	var last string
	if err := w.conn.QueryRowContext(w.ctx, `SELECT last_error FROM sources WHERE id = ?`, j.row.id).Scan(&last); err != nil {
		return fmt.Errorf("record source error: %w", err)
	}
	if last != msg {
		w.warn(fmt.Sprintf("%s: %s", j.src.Path, msg))
	}
	if _, err := w.conn.ExecContext(w.ctx, `UPDATE sources SET last_error = ? WHERE id = ?`, msg, j.row.id); err != nil {
		return fmt.Errorf("record source error: %w", err)
	}
	return nil
}

func (w *writer) finishJob(j *job, d *jobDone) error {
	if err := w.storedLinks(j); err != nil {
		return err
	}
	// Branches and attachments are computed from the rows: write them.
	if err := w.writeHeld(); err != nil {
		return err
	}
	sessions := w.touched[j]
	delete(w.touched, j)
	delete(w.seen, j)
	w.forget(j)
	pks := make([]int64, 0, len(sessions))
	for pk := range sessions {
		pks = append(pks, pk)
	}
	sort.Slice(pks, func(a, b int) bool { return pks[a] < pks[b] })
	for _, pk := range pks {
		if err := markBranches(w.ctx, w.conn, pk); err != nil {
			return err
		}
		if err := w.attach.session(w.ctx, pk); err != nil {
			return err
		}
	}
	if d.retainTmp != "" {
		final := strings.TrimSuffix(d.retainTmp, ".tmp")
		if err := os.Rename(d.retainTmp, final); errors.Is(err, os.ErrNotExist) {
			os.Remove(final) // an empty file: nothing retained
		} else if err != nil {
			return fmt.Errorf("retain %s: %w", j.src.Path, err)
		}
	}
	var state any
	if d.cp.State != nil {
		state = d.cp.State
	}
	_, err := w.st.finishSource.ExecContext(w.ctx, j.src.Class, d.size, d.mtime, d.headLen, d.headHash,
		d.tailLen, d.tailHash, d.cp.Offset, d.cp.Line, d.cp.NextIndex, state, d.retainedRaw, d.retainedSize, !j.exists,
		j.src.Kind.String(), d.contentHash, jsonArray(d.snapshotLens), j.row.id)
	if err != nil {
		return fmt.Errorf("store checkpoint of %s: %w", j.src.Path, err)
	}
	if !j.exists {
		// Re-parsed from the retained copy: the original is still gone.
		if _, err := w.conn.ExecContext(w.ctx, `UPDATE sessions SET source_deleted = 1 WHERE source_id = ?`, j.row.id); err != nil {
			return fmt.Errorf("mark sessions of %s: %w", j.src.Path, err)
		}
	}
	w.stats.count(j.kind, false)
	w.stats.files.Add(1)
	w.stats.sessions.Add(int64(len(pks)))
	for _, pk := range pks {
		if w.subagents[pk] || j.src.Class == transcripts.ClassSubagent {
			w.stats.subagents.Add(1)
		}
		delete(w.subagents, pk)
	}
	if len(d.problems) > 0 {
		w.stats.addProblems(d.problems)
		w.warn(fmt.Sprintf("%s: %s", j.src.Path, describeProblems(d.problems)))
	}
	return nil
}

// describeProblems renders "3 lines skipped (2 malformed, 1 unknown_type)".
func describeProblems(byKind map[string]int) string {
	kinds := make([]string, 0, len(byKind))
	total := 0
	for k, n := range byKind {
		kinds = append(kinds, k)
		total += n
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%d %s", byKind[k], k)
	}
	noun := "lines"
	if total == 1 {
		noun = "line"
	}
	return fmt.Sprintf("%d %s skipped (%s)", total, noun, strings.Join(parts, ", "))
}

// sessionPK returns the row of a session, creating a placeholder when a
// record arrives before its session.
func (w *writer) sessionPK(j *job, id string) (int64, error) {
	pk, ok := w.pks[id]
	if !ok {
		if err := w.st.stubSession.QueryRowContext(w.ctx, id, j.src.Provider, j.row.id).Scan(&pk); err != nil {
			return 0, fmt.Errorf("session %s: %w", id, err)
		}
		w.pks[id] = pk
	}
	set := w.touched[j]
	if set == nil {
		set = make(map[int64]bool)
		w.touched[j] = set
	}
	set[pk] = true
	return pk, nil
}

func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

func intPtr(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func jsonList(v []string) string {
	if len(v) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}
