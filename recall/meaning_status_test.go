package recall

import (
	"context"
	"strings"
	"testing"
)

// MeaningStatus follows the vectors: building as they are computed,
// ready once every message has them, rebuilding for a new model, and off
// without an embedder, saying how to configure one.
func TestMeaningStatus(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newMeaningWorld(t, "model-a", 64)
	status := func(want string) MeaningStatus {
		t.Helper()
		st, err := w.host.MeaningStatus(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.State != want || st.Embedded+st.Queued != st.Total || st.Total != 8 {
			t.Errorf("state %+v, want %s of 8 messages", st, want)
		}
		return st
	}
	if err := w.host.Refresh(ctx, false); err != nil {
		t.Fatal(err)
	}
	if st := status(MeaningBuilding); st.Embedded != 0 || st.Vectors != 0 || st.Model != "model-a" || !strings.Contains(st.Embedder, w.srv.URL()) {
		t.Errorf("before any vector: %+v", st)
	}
	if _, err := w.host.RefreshVectors(ctx, true, 3); err != nil {
		t.Fatal(err)
	}
	part := status(MeaningBuilding)
	if part.Embedded != 3 || part.Queued != 5 || part.Vectors == 0 || part.StoredModel != "model-a" || part.Dims != 64 {
		t.Errorf("3 messages embedded: %+v", part)
	}
	w.refreshVectors(t)
	ready := status(MeaningReady)
	if ready.Embedded != 8 || ready.Queued != 0 || ready.Vectors <= part.Vectors {
		t.Errorf("every message embedded: %+v", ready)
	}
	w.srv.Model = "model-b"
	w.configure(t, "model-b", "")
	w.host = w.newHost(t)
	if st := status(MeaningRebuilding); st.Model != "model-b" || st.StoredModel != "model-a" || st.Embedded != 0 || st.Queued != 8 || st.Vectors != ready.Vectors {
		t.Errorf("a new model: %+v", st)
	}
	writeFile(t, w.env["XDG_CONFIG_HOME"]+"/hansard/config.toml", "")
	w.host = w.newHost(t)
	if st := status(MeaningOff); !strings.Contains(st.Problem, "/v1/embeddings") || st.Model != "" {
		t.Errorf("no embedder: %+v", st)
	}
}
