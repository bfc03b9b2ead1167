package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"hansard/transcripts"
)

// ErrVectorModel: the vectors given were computed with another model than
// the one the archive's vectors come from (see ResetVectors).
var ErrVectorModel = errors.New("the archive's vectors come from another model")

// VectorModel is the model the stored vectors come from.
type VectorModel struct {
	Model string
	Dims  int
	// Generation counts the rebuilds (a new model empties the vectors).
	Generation int64
	// Built is set once every queued message had its vectors computed.
	Built bool
}

// VectorModel returns the model of the stored vectors; ok is false when
// none was ever set.
func (a *Archive) VectorModel(ctx context.Context) (m VectorModel, ok bool, err error) {
	err = a.db.QueryRowContext(ctx, `SELECT model, dims, generation, built FROM vector_model WHERE id = 1`).
		Scan(&m.Model, &m.Dims, &m.Generation, &m.Built)
	if errors.Is(err, sql.ErrNoRows) {
		return VectorModel{}, false, nil
	}
	if err != nil {
		return VectorModel{}, false, translate(err, "vector model")
	}
	return m, true, nil
}

// VectorProgress counts the messages whose vectors are computed (done)
// out of those that get vectors (total): every message but tool output.
func (a *Archive) VectorProgress(ctx context.Context) (done, total int, err error) {
	var pending int
	err = a.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM vector_queue),
		(SELECT count(*) FROM messages WHERE role <> 'tool')`).Scan(&pending, &total)
	if err != nil {
		return 0, 0, translate(err, "vector progress")
	}
	return max(0, total-pending), total, nil
}

// VectorStats counts the stored vectors (one per passage), the messages
// queued for theirs, and the messages that get vectors.
type VectorStats struct {
	Vectors, Queued, Total int
}

// VectorStats counts what meaning search holds and has still to compute.
func (a *Archive) VectorStats(ctx context.Context) (VectorStats, error) {
	var st VectorStats
	err := a.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM message_vectors), (SELECT count(*) FROM vector_queue),
		(SELECT count(*) FROM messages WHERE role <> 'tool')`).Scan(&st.Vectors, &st.Queued, &st.Total)
	return st, translate(err, "vector stats")
}

// ResetVectors makes model (of dims dimensions) the one of the archive's
// vectors: unless it already is, every stored vector is deleted and every
// message queued again. It waits for the write lock.
func (a *Archive) ResetVectors(ctx context.Context, model string, dims int) error {
	if model == "" || dims <= 0 {
		return fmt.Errorf("reset vectors: bad model %q or dimensions %d", model, dims)
	}
	unlock, err := a.lockWrite(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	a.markDurable()
	return translate(a.inTx(ctx, func(tx *sql.Tx) error {
		var cur VectorModel
		err := tx.QueryRowContext(ctx, `SELECT model, dims FROM vector_model WHERE id = 1`).Scan(&cur.Model, &cur.Dims)
		if err == nil && cur.Model == model && cur.Dims == dims {
			return nil
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		for _, q := range []string{
			`DELETE FROM message_vectors`,
			`DELETE FROM vector_queue`,
			`INSERT INTO vector_queue (message_id) SELECT id FROM messages WHERE role <> 'tool' ORDER BY id`,
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO vector_model (id, model, dims) VALUES (1, ?, ?)
			ON CONFLICT (id) DO UPDATE SET model = excluded.model, dims = excluded.dims,
				generation = generation + 1, built = 0`, model, dims)
		return err
	}), "reset vectors")
}

// PendingText is a queued message: its text without boilerplate, to be
// cut into passages, or "" when it gets no vectors (tool output, or
// boilerplate only).
type PendingText struct {
	MessageID int64
	Seq       int64
	Text      string
}

// PendingVectors returns up to limit queued messages, oldest first.
func (a *Archive) PendingVectors(ctx context.Context, limit int) ([]PendingText, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT q.message_id, q.seq, m.role, m.text
		FROM vector_queue q JOIN messages m ON m.id = q.message_id ORDER BY q.seq LIMIT ?`, limit)
	if err != nil {
		return nil, translate(err, "pending vectors")
	}
	defer rows.Close()
	var out []PendingText
	for rows.Next() {
		var p PendingText
		var role, text string
		if err := rows.Scan(&p.MessageID, &p.Seq, &role, &text); err != nil {
			return nil, translate(err, "pending vectors")
		}
		if role != transcripts.RoleTool {
			p.Text, _ = splitBoilerplate(text)
		}
		out = append(out, p)
	}
	return out, translate(rows.Err(), "pending vectors")
}

// PassageVector is the vector of one passage of a message.
type PassageVector struct {
	// Start is the passage's byte offset in the message's text without
	// boilerplate.
	Start int
	Vec   []int8
	Scale float32
}

// MessageVectors are the vectors of a queued message's passages (none for
// a message that gets none), computed from the text of queue entry Seq.
type MessageVectors struct {
	MessageID int64
	Seq       int64
	Passages  []PassageVector
}

// StoreVectors stores the vectors of messages computed with model (of
// dims dimensions) in one transaction and takes them off the queue. A
// message queued again since (its text changed) or deleted is skipped. It
// fails with ErrVectorModel when the archive's model is another one, and
// returns at once with ok false when another process holds the write lock
// and wait is false.
func (a *Archive) StoreVectors(ctx context.Context, model string, dims int, ms []MessageVectors, wait bool) (ok bool, err error) {
	unlock, err := a.lock(ctx, wait)
	if errors.Is(err, errBusy) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer unlock()
	a.markDurable()
	err = a.inTx(ctx, func(tx *sql.Tx) error {
		var cur VectorModel
		if err := tx.QueryRowContext(ctx, `SELECT model, dims FROM vector_model WHERE id = 1`).Scan(&cur.Model, &cur.Dims); err != nil || cur.Model != model || cur.Dims != dims {
			if err == nil || errors.Is(err, sql.ErrNoRows) {
				err = ErrVectorModel
			}
			return err
		}
		ins, err := tx.PrepareContext(ctx, `INSERT INTO message_vectors (message_id, passage, start, scale, vec) VALUES (?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		unqueue, err := tx.PrepareContext(ctx, `DELETE FROM vector_queue WHERE seq = ? AND message_id = ?`)
		if err != nil {
			return err
		}
		defer unqueue.Close()
		drop, err := tx.PrepareContext(ctx, `DELETE FROM message_vectors WHERE message_id = ?`)
		if err != nil {
			return err
		}
		defer drop.Close()
		for _, m := range ms {
			res, err := unqueue.ExecContext(ctx, m.Seq, m.MessageID)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue // queued again, or gone
			}
			if _, err := drop.ExecContext(ctx, m.MessageID); err != nil {
				return err
			}
			for i, p := range m.Passages {
				if len(p.Vec) != dims {
					return fmt.Errorf("a vector of %d dimensions, not %d", len(p.Vec), dims)
				}
				if _, err := ins.ExecContext(ctx, m.MessageID, i, p.Start, p.Scale, int8Bytes(p.Vec)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if errors.Is(err, ErrVectorModel) {
		return false, err
	}
	return err == nil, translate(err, "store vectors")
}

// MarkVectorsBuilt records that the queue was emptied once for the
// current model, unless it holds messages again.
func (a *Archive) MarkVectorsBuilt(ctx context.Context) error {
	a.markDurable()
	_, err := a.db.ExecContext(ctx, `UPDATE vector_model SET built = 1 WHERE id = 1 AND built = 0
		AND NOT EXISTS (SELECT 1 FROM vector_queue)`)
	return translate(err, "vectors built")
}

// VectorsAfter calls fn with up to limit stored vectors of ids above
// after, in id order, in one query, and returns the last id read (after
// when none). vec holds the int8 components as bytes, as stored (see
// embed.Index.AddBytes), and is only valid during the call.
func (a *Archive) VectorsAfter(ctx context.Context, after int64, limit int, fn func(id int64, vec []byte, scale float32)) (int64, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, scale, vec FROM message_vectors WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
	if err != nil {
		return after, translate(err, "read vectors")
	}
	defer rows.Close()
	var raw sql.RawBytes
	for rows.Next() {
		var id int64
		var scale float64 // a float32 destination would go through text
		if err := rows.Scan(&id, &scale, &raw); err != nil {
			return after, translate(err, "read vectors")
		}
		fn(id, raw, float32(scale))
		after = id
	}
	return after, translate(rows.Err(), "read vectors")
}

// LastVectorID is the largest id of a stored vector (0 when none): a
// bound of how many VectorsAfter reads.
func (a *Archive) LastVectorID(ctx context.Context) (int64, error) {
	var id int64
	err := a.db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM message_vectors`).Scan(&id)
	return id, translate(err, "read vectors")
}

// VectorHit is a stored vector's message, as a search cites it.
type VectorHit struct {
	TextHit
	VectorID int64
	// Start is the passage's byte offset in the message's text without
	// boilerplate.
	Start int
}

// VectorHits returns the messages of the vectors ids that f keeps, in the
// order of ids; vectors deleted since are left out.
func (a *Archive) VectorHits(ctx context.Context, ids []int64, f SearchFilter) ([]VectorHit, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	where, args := f.where("m.ts")
	q := `SELECT v.id, v.start, m.id, s.id, m.idx, m.role FROM message_vectors v
		JOIN messages m ON m.id = v.message_id JOIN sessions s ON s.pk = m.session
		WHERE v.id IN (SELECT value FROM json_each(?))` + where + roleClause(f.Roles, "m.role", &args)
	rows, err := a.db.QueryContext(ctx, q, append([]any{jsonArray(ids)}, args...)...)
	if err != nil {
		return nil, translate(err, "vector hits")
	}
	defer rows.Close()
	by := make(map[int64]VectorHit, len(ids))
	for rows.Next() {
		var h VectorHit
		if err := rows.Scan(&h.VectorID, &h.Start, &h.RowID, &h.SessionID, &h.MessageIndex, &h.Role); err != nil {
			return nil, translate(err, "vector hits")
		}
		if f.SkipSession != nil && f.SkipSession(h.SessionID) {
			continue
		}
		by[h.VectorID] = h
	}
	if err := rows.Err(); err != nil {
		return nil, translate(err, "vector hits")
	}
	out := make([]VectorHit, 0, len(by))
	for _, id := range ids {
		if h, ok := by[id]; ok {
			out = append(out, h)
		}
	}
	return out, nil
}

// SaidText returns text without the boilerplate a harness injects: the
// text whose passages get vectors (see PendingVectors).
func SaidText(text string) string {
	said, _ := splitBoilerplate(text)
	return said
}

func int8Bytes(v []int8) []byte {
	b := make([]byte, len(v))
	for i, c := range v {
		b[i] = byte(c)
	}
	return b
}
