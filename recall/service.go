package recall

import (
	"context"
	"errors"
	"time"

	"hansard/archive"
)

// Service answers searches and reads over one archive.
type Service struct {
	Archive *archive.Archive
	// Location is the local clock: date-only filters cover its days and
	// times are shown on it (time.Local when nil).
	Location *time.Location
	// Now is the current time, from which relative dates (today, 7d) count
	// (time.Now when nil).
	Now func() time.Time
	// Commits, when set, names the sessions whose edits wrote a commit's
	// lines (the edit ledger). Without it the commit filter matches the
	// commits sessions made, as recorded in their git commit output.
	Commits CommitSessions
	// Meaning runs meaning and hybrid search; nil when no embeddings are
	// configured (they fall back to keyword search, saying so).
	Meaning *Meaning
	// LoadMeaning, when Meaning is nil, returns it on the first meaning or
	// hybrid search, so a keyword search reads no model.
	LoadMeaning func(context.Context) (*Meaning, error)

	// scan overrides searchScan (tests use small ones).
	scan int
	// commonAt, when set, is the number of texts from which a word is
	// common (see commonShare).
	commonAt int
}

// meaning returns the Service's meaning search, nil when there is none.
func (s *Service) meaning(ctx context.Context) (*Meaning, error) {
	if s.Meaning != nil || s.LoadMeaning == nil {
		return s.Meaning, nil
	}
	return s.LoadMeaning(ctx)
}

func (s *Service) scanLimit() int {
	if s.scan > 0 {
		return s.scan
	}
	return searchScan
}

// CommitSessions finds the sessions behind a commit from the edit ledger.
type CommitSessions interface {
	// SessionsForCommit returns the ids of the sessions whose archived
	// edits wrote lines of the commit (a sha prefix) in repoRoot ("" for any).
	SessionsForCommit(ctx context.Context, repoRoot, sha string) ([]string, error)
}

// New returns a Service over a on the local clock.
func New(a *archive.Archive) *Service { return &Service{Archive: a} }

func (s *Service) loc() *time.Location {
	if s.Location == nil {
		return time.Local
	}
	return s.Location
}

func (s *Service) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// archiveErr turns an archive failure into a coded Error.
func archiveErr(what string, err error) error {
	var amb *archive.AmbiguousError
	switch {
	case errors.As(err, &amb):
		return &Error{Code: CodeAmbiguous, Message: what + ": session id " + amb.Prefix + " matches several sessions", Candidates: amb.Candidates}
	case errors.Is(err, archive.ErrNotFound):
		return &Error{Code: CodeNotFound, Message: what + ": no such session"}
	}
	return internal(what, err)
}
