package recall

import (
	"context"
)

// meaning returns the Host's meaning search, made once from
// HostOptions.Embedder or the configuration's [embeddings]; nil when
// neither sets one.
func (h *Host) meaning() (*Meaning, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.meaningSet {
		return h.meaningSearch, nil
	}
	if h.opts.Embedder != nil {
		h.meaningSearch = NewMeaning(h.opts.Embedder, 0)
	} else {
		cfg, err := h.config()
		if err != nil {
			return nil, err
		}
		getenv := h.opts.Getenv
		if getenv == nil {
			getenv = func(string) string { return "" }
		}
		h.meaningSearch = meaningFromConfig(cfg.Embeddings, getenv)
	}
	h.meaningSet = true
	return h.meaningSearch, nil
}

// MeaningEnabled reports whether an embedder is configured (it may still
// fail: see RefreshVectors).
func (h *Host) MeaningEnabled() bool {
	m, err := h.meaning()
	return err == nil && m != nil
}

// RefreshVectors computes the vectors of the messages archived since the
// last refresh (see Meaning.RefreshVectors), at most limit messages (0:
// all), and loads them into the in-memory index. Without an embedder it
// does nothing.
func (h *Host) RefreshVectors(ctx context.Context, wait bool, limit int) (VectorRefresh, error) {
	m, err := h.meaning()
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
	if _, _, err := m.vectors(ctx, a); err != nil {
		return res, internal("load vectors", err)
	}
	return res, nil
}
