package transcripts

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestIDIndexKeepsIndexes(t *testing.T) {
	t.Parallel()
	var x IDIndex
	if a, b, a2 := x.Index("a"), x.Index("b"), x.Index("a"); a != 0 || b != 1 || a2 != 0 {
		t.Fatalf("indexes %d %d %d", a, b, a2)
	}
	raw, _ := json.Marshal(x)
	var back IDIndex
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if c, b := back.Index("c"), back.Index("b"); c != 2 || b != 1 {
		t.Errorf("after a round trip: c %d b %d", c, b)
	}
	if _, ok := back.Lookup("d"); ok {
		t.Error("an unknown id was found")
	}
}

func TestRetracts(t *testing.T) {
	t.Parallel()
	r := Retraction{From: 2, Keep: []int{3}}
	var got []int
	for i := range 5 {
		if r.Retracts(i) {
			got = append(got, i)
		}
	}
	if !slices.Equal(got, []int{2, 4}) {
		t.Errorf("retracted %v", got)
	}
}

func TestSnapshotSeen(t *testing.T) {
	t.Parallel()
	var seen SnapshotSeen
	sink := seen.Sink(func(Record) error { return nil })
	_ = sink(Record{Session: &Session{ID: "a"}})
	_ = sink(Record{Message: &Message{SessionID: "a", Index: 2}})
	_ = sink(Record{Message: &Message{SessionID: "a", Index: 0}})
	_ = sink(Record{Message: &Message{SessionID: "a", Index: 2}})
	got := seen.Retractions([]string{"a", "gone"})
	if len(got) != 2 || !slices.Equal(got[0].Keep, []int{0, 2}) || got[0].From != 0 || got[1].SessionID != "gone" ||
		len(got[1].Keep) != 0 || got[1].Reason != RetractVanished {
		t.Errorf("retractions %+v", got)
	}
}

func TestSnapshotSeenUnreadable(t *testing.T) {
	t.Parallel()
	var seen SnapshotSeen
	_ = seen.Sink(func(Record) error { return nil })(Record{Problem: &Problem{Line: 1, Kind: ProblemMalformed}})
	if got := seen.Retractions([]string{"a"}); got != nil {
		t.Errorf("an unreadable generation retracts %+v", got)
	}
}
