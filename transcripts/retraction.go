package transcripts

import "slices"

// Reasons of a retraction.
const (
	RetractRewound  = "rewound"  // the agent truncated its history (Gemini CLI's /rewind)
	RetractReplaced = "replaced" // the agent replaced its history (a compressed or rewritten one)
	RetractVanished = "vanished" // a new generation of a snapshot source no longer holds it
)

// Retraction says that messages of a session are no longer part of the
// agent's history: every message whose index is From or more, except those
// listed in Keep. A truncated history is {From: k}; a history replaced by
// one that kept some messages is {From: 0, Keep: their indexes}.
//
// The archive applies it without renumbering anything: a retracted message
// stays readable under its index, marked retracted, and what cites it
// (tool calls, edits, the ledger: the edits happened on disk) stays as it
// was. A message record emitted after its retraction (a history that gave
// it back) clears the mark; a new message takes a new index, never a
// retracted one's.
type Retraction struct {
	SessionID string
	From      int
	Keep      []int // indexes at or after From that stay, in any order
	Reason    string
}

// Retracts reports whether r retracts the message at index.
func (r Retraction) Retracts(index int) bool {
	return index >= r.From && !slices.Contains(r.Keep, index)
}

// IDIndex gives messages known by the agent's own id (a Gemini message
// id, a database row id) an index that never changes: the first time an
// id is met it gets the next index, and the same index every time after,
// in this and every later parse. A provider of upsert or snapshot sources
// keeps it in its Checkpoint.State (it encodes as JSON).
type IDIndex struct {
	Next int            `json:"next"`
	IDs  map[string]int `json:"ids,omitempty"`
}

// Index returns the index of id, giving it the next one when it is new.
func (x *IDIndex) Index(id string) int {
	if i, ok := x.IDs[id]; ok {
		return i
	}
	if x.IDs == nil {
		x.IDs = make(map[string]int)
	}
	x.IDs[id] = x.Next
	x.Next++
	return x.Next - 1
}

// Lookup returns the index of a known id.
func (x *IDIndex) Lookup(id string) (int, bool) {
	i, ok := x.IDs[id]
	return i, ok
}

// SnapshotSeen records which messages one parse of a snapshot source
// emitted, session by session, so that what the previous generation held
// and this one did not can be retracted (Retractions). The archive and the
// conformance suite apply a snapshot source this way.
type SnapshotSeen struct {
	messages map[string][]int
	records  int // records other than problems
}

// Sink returns a Sink that records what passes through it to next.
func (s *SnapshotSeen) Sink(next Sink) Sink {
	return func(r Record) error {
		if r.Problem == nil {
			s.records++
		}
		switch {
		case r.Session != nil:
			s.note(r.Session.ID, -1)
		case r.Message != nil:
			s.note(r.Message.SessionID, r.Message.Index)
		}
		return next(r)
	}
}

func (s *SnapshotSeen) note(session string, index int) {
	if s.messages == nil {
		s.messages = make(map[string][]int)
	}
	list := s.messages[session]
	if index >= 0 {
		list = append(list, index)
	}
	s.messages[session] = list
}

// Sessions returns the sessions the parse emitted, in order of id.
func (s *SnapshotSeen) Sessions() []string {
	out := make([]string, 0, len(s.messages))
	for id := range s.messages {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// Emitted reports whether the parse emitted message index of a session.
func (s *SnapshotSeen) Emitted(session string, index int) bool {
	return slices.Contains(s.messages[session], index)
}

// Retractions returns, for every session in held (the sessions the source
// held before this parse), the retraction of every message this parse did
// not emit. Sessions are taken in order. A parse that emitted nothing but
// problems (a document that could not be read) says nothing about what
// the source holds, and retracts nothing.
func (s *SnapshotSeen) Retractions(held []string) []Retraction {
	if s.records == 0 {
		return nil
	}
	out := make([]Retraction, 0, len(held))
	for _, id := range held {
		keep := slices.Clone(s.messages[id])
		slices.Sort(keep)
		out = append(out, Retraction{SessionID: id, Keep: slices.Compact(keep), Reason: RetractVanished})
	}
	return out
}
