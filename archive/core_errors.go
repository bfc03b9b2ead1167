package archive

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Domain errors. Driver errors never leave the package unwrapped into
// these: callers branch with errors.Is.
var (
	// ErrNotFound: no session (or other object) matches.
	ErrNotFound = errors.New("not found")
	// ErrAmbiguous: a session id prefix matches several sessions.
	ErrAmbiguous = errors.New("ambiguous")
)

// AmbiguousError lists the sessions an id prefix matches.
type AmbiguousError struct {
	Prefix     string
	Candidates []string // up to maxCandidates ids
}

const maxCandidates = 10

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("session id %q is ambiguous: %s", e.Prefix, strings.Join(e.Candidates, ", "))
}

// Is makes errors.Is(err, ErrAmbiguous) true.
func (e *AmbiguousError) Is(target error) bool { return target == ErrAmbiguous }

// translate maps driver errors to domain errors, once, at the edge of
// every query helper.
func translate(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}
