package gitrepo

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors to branch on with errors.Is.
var (
	// ErrNotRepository: the folder is not inside a git repository.
	ErrNotRepository = errors.New("not a git repository")
	// ErrGitMissing: the git executable is not on PATH.
	ErrGitMissing = errors.New("git executable not found on PATH")
	// ErrNoSuchPath: the path does not exist in the working tree or at the revision.
	ErrNoSuchPath = errors.New("no such path")
	// ErrBadRevision: the revision does not name a commit.
	ErrBadRevision = errors.New("unknown revision")
	// ErrLineRange: a blame range starts past the end of the file.
	ErrLineRange = errors.New("line past the end of the file")
)

// Error is a failed git subprocess.
type Error struct {
	Args     []string // arguments after "git"
	ExitCode int      // -1 when the process did not exit normally
	Stderr   string   // trimmed standard error
	kind     error    // one of the sentinels, or nil
}

func (e *Error) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if msg == "" {
		msg = fmt.Sprintf("exit status %d", e.ExitCode)
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

// Unwrap returns the sentinel the failure was classified as, if any.
func (e *Error) Unwrap() error { return e.kind }

// classify maps git's stderr to one of the sentinels.
func classify(stderr string) error {
	s := strings.ToLower(stderr)
	switch {
	case strings.Contains(s, "has only") && strings.Contains(s, "line"):
		return ErrLineRange
	case strings.Contains(s, "not a git repository"):
		return ErrNotRepository
	case strings.Contains(s, "no such path"),
		strings.Contains(s, "no such file or directory"),
		strings.Contains(s, "does not exist in"),
		strings.Contains(s, "exists on disk, but not in"),
		strings.Contains(s, "outside repository"):
		return ErrNoSuchPath
	case strings.Contains(s, "bad revision"),
		strings.Contains(s, "unknown revision"),
		strings.Contains(s, "bad object"),
		strings.Contains(s, "invalid object name"),
		strings.Contains(s, "needed a single revision"),
		strings.Contains(s, "not a valid object name"),
		strings.Contains(s, "ambiguous argument"):
		return ErrBadRevision
	}
	return nil
}
