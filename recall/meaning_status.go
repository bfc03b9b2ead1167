package recall

import "context"

// States of meaning search (MeaningStatus.State).
const (
	MeaningOff        = "off"        // no embedder, or one that cannot run (Problem says why)
	MeaningBuilding   = "building"   // the first vectors are still being computed
	MeaningRebuilding = "rebuilding" // the stored vectors are another model's: computed again
	MeaningReady      = "ready"      // searched by meaning; new messages join as their vectors arrive
)

// MeaningStatus says which embedder meaning search uses and how far the
// archive's vectors are.
type MeaningStatus struct {
	State string `json:"state"`
	// Embedder names it: an endpoint and its URL, or the local model and
	// its file.
	Embedder string `json:"embedder,omitempty"`
	Model    string `json:"model,omitempty"`
	Problem  string `json:"problem,omitempty"`
	// StoredModel and Dims are the model of the stored vectors.
	StoredModel string `json:"stored_model,omitempty"`
	Dims        int    `json:"dims,omitempty"`
	// Vectors are the stored vectors (one per passage), Embedded the
	// messages that have theirs (of the current model), Queued those
	// waiting for them, Total all the messages that get vectors.
	Vectors  int `json:"vectors"`
	Embedded int `json:"messages_embedded"`
	Queued   int `json:"messages_queued"`
	Total    int `json:"messages_total"`
}

// MeaningStatus reports meaning search's embedder and vectors, as
// hansard status shows them.
func (h *Host) MeaningStatus(ctx context.Context) (MeaningStatus, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return MeaningStatus{}, err
	}
	st := MeaningStatus{State: MeaningOff}
	vs, err := a.VectorStats(ctx)
	if err != nil {
		return st, internal("count vectors", err)
	}
	vm, stored, err := a.VectorModel(ctx)
	if err != nil {
		return st, internal("read the vectors' model", err)
	}
	st.Vectors, st.Queued, st.Total = vs.Vectors, vs.Queued, vs.Total
	st.Embedded = max(0, vs.Total-vs.Queued)
	if stored {
		st.StoredModel, st.Dims = vm.Model, vm.Dims
	}
	m, err := h.meaning(ctx)
	if err != nil {
		return st, err
	}
	if err := m.Err(); err != nil {
		st.Problem = err.Error()
		return st, nil
	}
	st.Model, st.Embedder = m.emb.Model(), m.where
	if m.where == localModelWhere {
		st.Embedder += " " + MeaningModelPath(a)
	}
	switch {
	case stored && (vm.Model != m.emb.Model() || (m.emb.Dims() > 0 && vm.Dims != m.emb.Dims())):
		st.State, st.Embedded, st.Queued = MeaningRebuilding, 0, vs.Total
	case !stored || !vm.Built:
		st.State = MeaningBuilding
	default:
		st.State = MeaningReady
	}
	return st, nil
}
