package archive

import (
	"context"
	"errors"
	"testing"
)

// pendingIDs returns the queued messages' ids and seqs.
func pendingOf(t *testing.T, a *Archive) map[int64]PendingText {
	t.Helper()
	pend, err := a.PendingVectors(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]PendingText{}
	for _, p := range pend {
		out[p.MessageID] = p
	}
	return out
}

func vectorsOf(n int, dims int) []PassageVector {
	out := make([]PassageVector, n)
	for i := range out {
		v := make([]int8, dims)
		v[i%dims] = 127
		out[i] = PassageVector{Start: 10 * i, Vec: v, Scale: 1.0 / 127}
	}
	return out
}

func TestVectorsQueueStoreAndRequeue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newTestEnv(t)
	e.write("s1.jsonl", sessionLines("s1", "/work/a")...)
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	// The user's and the assistant's messages are queued; tool output is not.
	pend := pendingOf(t, a)
	if done, total, _ := a.VectorProgress(ctx); len(pend) == 0 || done != 0 || total != len(pend) {
		t.Fatalf("queued %d, progress %d of %d", len(pend), done, total)
	}
	var texts []string
	for _, p := range pend {
		texts = append(texts, p.Text)
	}
	// Storing needs the model first.
	var ms []MessageVectors
	for _, p := range pend {
		ms = append(ms, MessageVectors{MessageID: p.MessageID, Seq: p.Seq, Passages: vectorsOf(2, 8)})
	}
	if _, err := a.StoreVectors(ctx, "m", 8, ms, true); !errors.Is(err, ErrVectorModel) {
		t.Fatalf("store before the model: %v", err)
	}
	if err := a.ResetVectors(ctx, "m", 8); err != nil {
		t.Fatal(err)
	}
	// The reset queued the messages again: the old seqs are out of date.
	if ok, err := a.StoreVectors(ctx, "m", 8, ms, true); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM message_vectors`); n != 0 {
		t.Errorf("vectors of out-of-date queue entries were stored: %d", n)
	}
	pend = pendingOf(t, a)
	ms = ms[:0]
	for _, p := range pend {
		ms = append(ms, MessageVectors{MessageID: p.MessageID, Seq: p.Seq, Passages: vectorsOf(2, 8)})
	}
	if ok, err := a.StoreVectors(ctx, "m", 8, ms, true); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if err := a.MarkVectorsBuilt(ctx); err != nil {
		t.Fatal(err)
	}
	if done, total, _ := a.VectorProgress(ctx); done != total || len(pendingOf(t, a)) != 0 {
		t.Errorf("after storing: %d of %d", done, total)
	}
	vm, ok, err := a.VectorModel(ctx)
	if err != nil || !ok || vm != (VectorModel{Model: "m", Dims: 8, Built: true}) {
		t.Errorf("model %+v %v %v", vm, ok, err)
	}
	// The vectors read back as stored.
	var got int
	last, err := a.VectorsAfter(ctx, 0, 100, func(id int64, vec []byte, scale float32) {
		if len(vec) != 8 || scale != 1.0/127 || (vec[0] != 127 && vec[1] != 127) {
			t.Errorf("vector %d: %v %v", id, vec, scale)
		}
		got++
	})
	if err != nil || got != 2*len(ms) || last == 0 {
		t.Errorf("read %d vectors up to %d: %v", got, last, err)
	}
	if n, _ := a.VectorsAfter(ctx, last, 100, func(int64, []byte, float32) { t.Error("a vector after the last") }); n != last {
		t.Errorf("nothing after the last: %d", n)
	}
	// Hits cite the messages, in the order of the ids given, and keep the filter.
	hits, err := a.VectorHits(ctx, []int64{last, 1}, SearchFilter{})
	if err != nil || len(hits) != 2 || hits[0].VectorID != last || hits[0].SessionID != "s1" || hits[1].Start != 0 {
		t.Errorf("hits %+v, %v", hits, err)
	}
	if hits, _ := a.VectorHits(ctx, []int64{last, 1}, SearchFilter{Roles: []string{"assistant"}}); len(hits) != 1 || hits[0].Role != "assistant" {
		t.Errorf("role filter: %+v", hits)
	}
	// A message whose text changes is queued again, its old vectors kept
	// until new ones replace them.
	var id int64
	if err := a.db.QueryRow(`SELECT id FROM messages WHERE role = 'user'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := a.db.Exec(`UPDATE messages SET text = 'reworded' WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	pend = pendingOf(t, a)
	if len(pend) != 1 || pend[id].Text != "reworded" {
		t.Fatalf("after a change: %+v", pend)
	}
	// An unchanged text is not queued.
	if _, err := a.db.Exec(`UPDATE messages SET text = text, ts = ts + 1`); err != nil {
		t.Fatal(err)
	}
	if p := pendingOf(t, a); len(p) != 1 || p[id].Seq != pend[id].Seq {
		t.Errorf("an unchanged text was queued: %+v", p)
	}
	if ok, err := a.StoreVectors(ctx, "m", 8, []MessageVectors{{MessageID: id, Seq: pend[id].Seq, Passages: vectorsOf(1, 8)}}, true); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM message_vectors WHERE message_id = ?`, id); n != 1 {
		t.Errorf("the changed message has %d vectors, want its new one", n)
	}
	// Another model drops every vector and queues every message.
	if err := a.ResetVectors(ctx, "m2", 8); err != nil {
		t.Fatal(err)
	}
	vm, _, _ = a.VectorModel(ctx)
	if n := count(t, a.db, `SELECT count(*) FROM message_vectors`); n != 0 || vm.Generation != 1 || vm.Built || len(pendingOf(t, a)) != len(texts) {
		t.Errorf("after a new model: %d vectors, %+v", n, vm)
	}
	// The same model again changes nothing.
	if err := a.ResetVectors(ctx, "m2", 8); err != nil {
		t.Fatal(err)
	}
	if vm2, _, _ := a.VectorModel(ctx); vm2.Generation != 1 {
		t.Errorf("the same model rebuilt: %+v", vm2)
	}
	// Bad input loses nothing.
	if err := a.ResetVectors(ctx, "", 8); err == nil {
		t.Error("an empty model name was accepted")
	}
	if _, err := a.StoreVectors(ctx, "m2", 8, []MessageVectors{{MessageID: id, Seq: pendingOf(t, a)[id].Seq, Passages: vectorsOf(1, 4)}}, true); err == nil {
		t.Error("a vector of the wrong length was stored")
	}
	if len(pendingOf(t, a)) != len(texts) {
		t.Error("a failed store took a message off the queue")
	}
	// Deleting the session deletes its vectors and queue entries.
	if _, err := a.db.Exec(`DELETE FROM sessions`); err != nil {
		t.Fatal(err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM vector_queue`); n != 0 {
		t.Errorf("%d queue entries outlive their messages", n)
	}
}
