package provenance

import (
	"context"
	"time"

	"hansard/archive"
	"hansard/provenance/gitlog"
)

// ArchiveTrailers is the TrailerLog of attribution over the archive: the
// trailers the stored git log keeps, and the archived sessions they name.
type ArchiveTrailers struct {
	archive *archive.Archive
	log     *gitlog.Log
}

// NewArchiveTrailers returns the trailers of the git log stored in
// archive a (log is a's stored log).
func NewArchiveTrailers(a *archive.Archive, log *gitlog.Log) *ArchiveTrailers {
	return &ArchiveTrailers{archive: a, log: log}
}

// TrailerSessions implements TrailerLog: a trailer names an archived
// session when its value holds the session's id, exactly (a UUID alone, in
// a link or a file name; another provider's id as a word of its own). The
// commits are those of the stored log: one query for the trailers, one
// for the ids they hold, one per session named for its message.
func (at *ArchiveTrailers) TrailerSessions(ctx context.Context, commits map[string]time.Time) (map[string][]TrailerSession, error) {
	ids := make([]string, 0, len(commits))
	for c := range commits {
		ids = append(ids, c)
	}
	trailers, err := at.log.Trailers(ctx, ids)
	if err != nil || len(trailers) == 0 {
		return nil, err
	}
	type named struct {
		commit, session, trailer string
	}
	var (
		found []named
		words []string
	)
	for c, ts := range trailers {
		for _, t := range ts {
			for _, w := range sessionIDs(t.Value) {
				found = append(found, named{c, w, t.Key + ": " + t.Value})
				words = append(words, w)
			}
		}
	}
	if len(words) == 0 {
		return nil, nil
	}
	heads, err := at.archive.SessionHeads(ctx, words)
	if err != nil || len(heads) == 0 {
		return nil, err
	}
	out := map[string][]TrailerSession{}
	for _, n := range found {
		h, ok := heads[n.session]
		if !ok {
			continue
		}
		s := TrailerSession{SessionID: h.ID, Provider: h.Provider, Title: h.Title, Started: h.StartedAt, Trailer: n.trailer}
		idx, at, ok, err := at.archive.LastMessageBefore(ctx, h.ID, commits[n.commit])
		if err != nil {
			return nil, err
		}
		if ok {
			s.MessageIndex, s.Time = idx, at
		}
		out[n.commit] = append(out[n.commit], s)
	}
	return out, nil
}
