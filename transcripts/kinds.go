package transcripts

// Kind is how an agent writes a source, and so how the archive reads it
// again when it changes. A provider's Discover sets Source.Kind; the zero
// Kind is KindAppend.
//
//   - KindAppend: lines are appended and never changed (Claude Code,
//     Codex). Parse reads from Checkpoint.Offset; a record emitted again
//     (a call whose result arrived) replaces the earlier one by key.
//   - KindUpsert: lines are appended, but a record may be appended again
//     whole when it changes, and a line may truncate or replace the
//     history (Gemini CLI's re-appended messages, $rewindTo and
//     $set.messages). Parse reads from Checkpoint.Offset like an append
//     source; the provider keys each record by the agent's own id (keeping
//     the index an id got in Checkpoint.State, see IDIndex), so that the
//     later copy replaces the first at the first copy's index, and emits a
//     Retraction for a history truncated or replaced.
//   - KindSnapshot: the source is rewritten whole (a JSON document, a
//     SQLite database whose rows are updated and deleted). The archive
//     reads it whole each time its content changes, as one more
//     generation (Checkpoint.Generation counts them), from Offset 0 with
//     the State of the previous generation, so that the provider gives an
//     id the index it had before (IDIndex). A message of the source's
//     sessions that the new generation does not emit is retracted
//     (SnapshotRetractions), never renumbered or dropped. The reader Parse
//     gets reads the generation's bytes and also implements io.ReaderAt
//     and io.Seeker (a database is read in pages).
//
// The archive retains every byte it read (an append or upsert source as
// one growing copy, a snapshot source as its generations one after the
// other), so that a rebuild parses the same bytes in the same order and
// gives the same indexes and retractions; the side files a provider reads
// (SideFiler: Claude Code's subagent meta.json) are retained with their
// source, as last seen.
type Kind uint8

// Source kinds.
const (
	KindAppend Kind = iota
	KindUpsert
	KindSnapshot
)

// Kinds lists the source kinds, in the order they are documented.
var Kinds = []Kind{KindAppend, KindUpsert, KindSnapshot}

func (k Kind) String() string {
	switch k {
	case KindAppend:
		return "append"
	case KindUpsert:
		return "upsert"
	case KindSnapshot:
		return "snapshot"
	}
	return "unknown"
}

// KindNamed returns the kind whose String is name (KindAppend for a name
// it does not know).
func KindNamed(name string) Kind {
	for _, k := range Kinds {
		if k.String() == name {
			return k
		}
	}
	return KindAppend
}

// Lines reports whether a source of kind k is read line by line from its
// checkpoint's offset (append and upsert sources), rather than whole.
func (k Kind) Lines() bool { return k != KindSnapshot }
