package recall

import (
	"context"
	"errors"

	"hansard/archive"
	"hansard/embed"
)

// pendingBatch is how many queued messages one round reads.
const pendingBatch = 64

// VectorRefresh is what a refresh of the vectors did.
type VectorRefresh struct {
	// Messages and Passages count what was embedded and stored.
	Messages, Passages int
	// Done and Total count the messages with vectors after a refresh
	// that embedded some (zero otherwise).
	Done, Total int
	// Rebuilt is set when the model changed and every vector was dropped.
	Rebuilt bool
	// Busy: another process was writing the archive; the rest waits.
	Busy bool
}

// RefreshVectors computes the vectors of the queued messages (new ones,
// and those whose text changed), a batch of passages per request, and
// stores each batch as it comes: a refresh stopped midway loses at most
// the batch under way, and the next one goes on from there. A new model
// (name or dimensions) drops every stored vector first. Without wait it
// stops when another process writes the archive. limit bounds the
// messages of one call (0: all of them).
func (m *Meaning) RefreshVectors(ctx context.Context, a *archive.Archive, wait bool, limit int) (VectorRefresh, error) {
	var res VectorRefresh
	if err := m.Err(); err != nil {
		return res, err
	}
	if paused, err := a.Paused(ctx); err != nil || paused {
		return res, err
	}
	vm, ok, err := a.VectorModel(ctx)
	if err != nil {
		return res, err
	}
	// The stored vectors are current when they come from the embedder's
	// model, of its dimensions; when those are not known yet (an endpoint
	// not asked anything), the first answer tells (see below).
	current := func() bool {
		return ok && vm.Model == m.emb.Model() && (vm.Dims == m.emb.Dims() || m.emb.Dims() == 0)
	}
	if !current() {
		if m.emb.Dims() == 0 {
			// Learn the dimensions of a new model the configuration leaves
			// them out of: one word, not from the archive.
			if _, err := m.emb.Embed(ctx, []string{"hansard"}); err != nil {
				return res, err
			}
		}
		if !current() {
			if err := a.ResetVectors(ctx, m.emb.Model(), m.emb.Dims()); err != nil {
				return res, err
			}
			vm, ok, res.Rebuilt = archive.VectorModel{Model: m.emb.Model(), Dims: m.emb.Dims()}, true, true
		}
	}
	for limit <= 0 || res.Messages < limit {
		n := pendingBatch
		if m.round > 0 {
			n = m.round
		}
		if limit > 0 {
			n = min(n, limit-res.Messages)
		}
		pend, err := a.PendingVectors(ctx, n)
		if err != nil {
			return res, err
		}
		if len(pend) == 0 {
			if !vm.Built {
				if err := a.MarkVectorsBuilt(ctx); err != nil {
					return res, err
				}
			}
			break
		}
		ms, passages, err := m.embedMessages(ctx, pend)
		if err != nil {
			return res, err
		}
		if m.emb.Dims() != vm.Dims {
			// The model's dimensions changed under the same name.
			if err := a.ResetVectors(ctx, m.emb.Model(), m.emb.Dims()); err != nil {
				return res, err
			}
			vm, res.Rebuilt = archive.VectorModel{Model: m.emb.Model(), Dims: m.emb.Dims()}, true
			continue // the queue was filled again
		}
		stored, err := a.StoreVectors(ctx, vm.Model, vm.Dims, ms, wait)
		if errors.Is(err, archive.ErrVectorModel) {
			return res, errors.New("another process changed the archive's embedding model")
		}
		if err != nil {
			return res, err
		}
		if !stored {
			res.Busy = true
			break
		}
		res.Messages += len(ms)
		res.Passages += passages
	}
	if res.Messages == 0 && !res.Rebuilt {
		return res, nil // nothing new: spare counting the messages
	}
	res.Done, res.Total, err = a.VectorProgress(ctx)
	return res, err
}

// embedMessages cuts queued messages into passages and computes their
// vectors, m.batch passages per request.
func (m *Meaning) embedMessages(ctx context.Context, pend []archive.PendingText) ([]archive.MessageVectors, int, error) {
	ms := make([]archive.MessageVectors, len(pend))
	var texts []string
	type at struct{ msg, start int }
	var where []at
	for i, p := range pend {
		ms[i] = archive.MessageVectors{MessageID: p.MessageID, Seq: p.Seq}
		for _, c := range embed.Chunk(p.Text, embed.PassageChars, embed.PassageOverlap, embed.MaxPassages) {
			texts = append(texts, c.Text)
			where = append(where, at{i, c.Start})
		}
	}
	for lo := 0; lo < len(texts); lo += m.batch {
		hi := min(len(texts), lo+m.batch)
		vecs, err := m.emb.Embed(ctx, texts[lo:hi])
		if err != nil {
			return nil, 0, err
		}
		if len(vecs) != hi-lo {
			return nil, 0, errors.New("the embedder returned the wrong number of vectors")
		}
		for k, v := range vecs {
			if m.emb.Dims() > 0 && len(v) != m.emb.Dims() {
				return nil, 0, errors.New("the embedder returned vectors of the wrong length")
			}
			q, scale := embed.Quantize(v)
			w := where[lo+k]
			ms[w.msg].Passages = append(ms[w.msg].Passages, archive.PassageVector{Start: w.start, Vec: q, Scale: scale})
		}
	}
	return ms, len(texts), nil
}
