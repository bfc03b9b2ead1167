package recall

import (
	"context"
	"fmt"
	"os"
)

// meaning returns the Host's meaning search: over HostOptions.Embedder,
// else the configuration's [embeddings] endpoint (both made once), else
// the archive's local model (embed/local, learned by hansard index), loaded
// again when its file changes; nil when there is none of them.
func (h *Host) meaning(ctx context.Context) (*Meaning, error) {
	h.mu.Lock()
	if h.meaningSet {
		m := h.meaningSearch
		h.mu.Unlock()
		return m, nil
	}
	if h.opts.Embedder != nil {
		h.meaningSearch, h.meaningSet = NewMeaning(h.opts.Embedder, 0), true
		h.mu.Unlock()
		return h.meaningSearch, nil
	}
	cfg, err := h.config()
	if err != nil {
		h.mu.Unlock()
		return nil, err
	}
	if cfg.Embeddings.Enabled() {
		getenv := h.opts.Getenv
		if getenv == nil {
			getenv = func(string) string { return "" }
		}
		h.meaningSearch, h.meaningSet = meaningFromConfig(cfg.Embeddings, getenv), true
		h.mu.Unlock()
		return h.meaningSearch, nil
	}
	h.mu.Unlock()
	return h.localMeaning(ctx)
}

// localMeaning returns meaning search over the archive's local model, nil
// when it has none; the model is read again when its file changed.
func (h *Host) localMeaning(ctx context.Context) (*Meaning, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return nil, err
	}
	stamp := ""
	if fi, err := os.Stat(MeaningModelPath(a)); err == nil {
		stamp = fmt.Sprint(fi.Size(), fi.ModTime().UnixNano())
	}
	h.mu.Lock()
	if stamp == h.localStamp {
		m := h.localSearch
		h.mu.Unlock()
		return m, nil
	}
	h.mu.Unlock()
	// The model is read without the Host's lock: the calls that need no
	// model do not wait for it.
	var found *Meaning
	if stamp != "" {
		m, ok, err := LoadMeaningModel(a)
		if err != nil {
			return nil, err
		}
		if ok {
			found = NewMeaning(m, 0)
			found.where = localModelWhere
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if stamp == h.localStamp {
		return h.localSearch, nil // read meanwhile by another call
	}
	h.localStamp, h.localSearch = stamp, found
	return found, nil
}

// localModelWhere names the local model in notices.
const localModelWhere = "the local model"

// MeaningEnabled reports whether meaning search has an embedder: an
// endpoint or HostOptions.Embedder, or a local model learned (it may still
// fail: see RefreshVectors).
func (h *Host) MeaningEnabled(ctx context.Context) bool {
	m, err := h.meaning(ctx)
	return err == nil && m != nil
}

// RefreshVectors computes the vectors of the messages archived since the
// last refresh (see Meaning.RefreshVectors), at most limit messages (0:
// all), and adds them to the in-memory index when it is loaded (the first
// meaning search loads it). Without an embedder it does nothing.
func (h *Host) RefreshVectors(ctx context.Context, wait bool, limit int) (VectorRefresh, error) {
	m, err := h.meaning(ctx)
	if err != nil || m == nil {
		return VectorRefresh{}, err
	}
	a, err := h.Archive(ctx)
	if err != nil {
		return VectorRefresh{}, err
	}
	res, err := m.RefreshVectors(ctx, a, wait, limit)
	if err != nil {
		return res, internal("compute vectors", err)
	}
	if err := m.refreshLoaded(ctx, a); err != nil {
		return res, internal("load vectors", err)
	}
	return res, nil
}
