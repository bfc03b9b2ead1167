package providertest

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"hansard/transcripts"
)

// checkOneIndexPerID checks that a message id (Message.UUID) names one
// index of its session: an upsert or snapshot source that gives a record
// appended again, or read again in a later generation, the index its id
// got first.
func checkOneIndexPerID(t *testing.T, c *Collector) {
	t.Helper()
	type id struct{ session, uuid string }
	at := map[id]int{}
	for k, m := range c.MessagesByKey {
		if m.UUID == "" {
			continue
		}
		if i, ok := at[id{k.SessionID, m.UUID}]; ok && i != k.Index {
			t.Errorf("session %s: message id %s at indexes %d and %d", k.SessionID, m.UUID, i, k.Index)
		}
		at[id{k.SessionID, m.UUID}] = k.Index
	}
}

// checkGenerations reads a snapshot source as the archive reads a source
// rewritten whole: its first content, then each later one whole from the
// checkpoint of the one before, retracting what a generation no longer
// holds (ParseGeneration). After every generation: indexes stay dense,
// an id keeps its index and an index its id, exactly the messages the generation holds are
// not retracted, and reading the same generation again changes nothing.
// Reading all generations again from the start gives the same records
// (what a rebuild from the retained generations does). The records of the
// last generation are added to final.
func checkGenerations(t *testing.T, p transcripts.Provider, sc *source, later []string, final *Collector) {
	t.Helper()
	gens := append([][]byte{sc.data}, toBytes(later)...)
	read := func() *Collector {
		c, cp, held := &Collector{}, transcripts.Checkpoint{}, []string(nil)
		firstID := map[MessageKey]string{} // the id each index got first
		for n, data := range gens {
			var seen transcripts.SnapshotSeen
			cp, held = ParseGeneration(t, p, sc.src, data, cp, held, c, &seen)
			what := fmt.Sprintf("%s generation %d", sc.rel, n)
			checkIndexes(t, c)
			checkOneIndexPerID(t, c)
			for k, m := range c.MessagesByKey {
				if first, ok := firstID[k]; ok && first != m.UUID {
					t.Errorf("%s: message %v was id %s, now %s (renumbered)", what, k, first, m.UUID)
				} else if !ok {
					firstID[k] = m.UUID
				}
			}
			for k := range c.MessagesByKey {
				_, retracted := c.Retracted[k]
				if emitted := seen.Emitted(k.SessionID, k.Index); emitted == retracted {
					t.Errorf("%s: message %v emitted %v, retracted %v", what, k, emitted, retracted)
				}
			}
			again := c.clone()
			ParseGeneration(t, p, sc.src, data, cp, held, again, &transcripts.SnapshotSeen{})
			diff(t, what+" read again", c, again)
		}
		return c
	}
	c, rebuilt := read(), read()
	diff(t, sc.rel+" all generations read again from the start", c, rebuilt)
	c.each(final.Add)
}

// ParseGeneration reads one generation of a snapshot source whole (data)
// from the checkpoint of the generation before, into c, as the archive
// does: the records the provider emits replace those of the same key, and
// the messages of the sessions held before (held) that it does not emit
// are retracted (transcripts.SnapshotSeen, given in seen). It returns the
// checkpoint of the next generation and the sessions held from now on; a
// Parse error fails t.
func ParseGeneration(t testing.TB, p transcripts.Provider, src transcripts.Source, data []byte, cp transcripts.Checkpoint,
	held []string, c *Collector, seen *transcripts.SnapshotSeen) (transcripts.Checkpoint, []string) {
	t.Helper()
	out, err := p.Parse(context.Background(), src, bytes.NewReader(data), cp, seen.Sink(c.Sink()))
	if err != nil {
		t.Fatalf("Parse %s generation %d: %v", src.Path, cp.Generation, err)
	}
	for _, r := range seen.Retractions(held) {
		c.Add(transcripts.Record{Retraction: &r})
	}
	for _, s := range seen.Sessions() {
		if !slices.Contains(held, s) {
			held = append(held, s)
		}
	}
	out.Generation = cp.Generation + 1
	out.State = bytes.Clone(out.State)
	return out, held
}

// clone returns a copy of c.
func (c *Collector) clone() *Collector {
	out := &Collector{}
	c.each(out.Add)
	return out
}

func toBytes(list []string) [][]byte {
	out := make([][]byte, len(list))
	for i, s := range list {
		out[i] = []byte(s)
	}
	return out
}
