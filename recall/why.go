package recall

import (
	"context"
	"errors"
	"path/filepath"
	"strings"

	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// WhyRequest asks which archived edits wrote lines of a file.
type WhyRequest struct {
	// Location is PATH, PATH:LINE or PATH:START-END; a relative PATH is
	// taken from Dir (the process's working folder when empty).
	Location string
	Dir      string
	// Rev asks about a past revision instead of the working tree.
	Rev string
	// Diff adds each edit's own diff to the answers (EditRef.Diff).
	Diff bool
	// Bare leaves out what the archive is read again for, the assistant's
	// words and the diffs, for a caller that shows neither (a porcelain
	// line per source line).
	Bare bool
}

// WhyResponse holds one answer per line asked about.
type WhyResponse struct {
	// Location is the request's location, parsed.
	Location FileLocation
	// Answers are in line order; their text, and what they show of git, is
	// redacted as the archive's.
	Answers []provenance.Attribution
	// Attachment says what was attached to the repository automatically,
	// or hints that no session is attached to it.
	Attachment Attachment `json:"attachment,omitzero"`
	// IndexingPaused: no new transcripts were read (hansard index pause).
	IndexingPaused bool `json:"indexing_paused,omitempty"`
}

// Single reports whether the request named one line, as PATH:LINE or as a
// range of one line (PATH:79-79): both are answered with the same one
// object rather than a list.
func (r WhyResponse) Single() bool {
	return r.Location.Start > 0 && r.Location.Start == r.Location.End && len(r.Answers) == 1
}

// Why answers a WhyRequest. New transcripts are read and the edit ledger
// brought up to date while git blames the file. Bad locations, lines past
// the end of the file, paths outside a repository and unknown revisions
// are invalid_argument errors.
func (h *Host) Why(ctx context.Context, req WhyRequest) (WhyResponse, error) {
	loc, err := ParseFileLocation(req.Location)
	if err != nil {
		return WhyResponse{}, invalidArg("location", err.Error())
	}
	loc = symbolOrPath(loc, strings.TrimSpace(req.Location), req.Dir)
	abs := loc.Path
	if !filepath.IsAbs(abs) {
		if req.Dir != "" {
			abs = filepath.Join(req.Dir, abs)
		} else if abs, err = filepath.Abs(abs); err != nil {
			return WhyResponse{}, internal("resolve "+loc.Path, err)
		}
	}
	repo, err := openFileRepo(abs, loc.Path, "location", req.Rev == "")
	if err != nil {
		return WhyResponse{}, whyError(loc.Path, req.Rev, err)
	}
	if loc.Symbol != "" {
		if loc, err = resolveSymbol(ctx, loc, abs, req.Rev); err != nil {
			return WhyResponse{}, err
		}
	}
	a, err := h.Archive(ctx)
	if err != nil {
		return WhyResponse{}, err
	}
	run := h.newWhyRun(a, repo)
	out, err := run.why(ctx, repo, provenance.Query{Path: abs, Rev: req.Rev, Start: loc.Start, End: loc.End})
	run.close(h)
	if err != nil {
		return WhyResponse{}, whyError(loc.Path, req.Rev, err)
	}
	if err := h.addEvidence(ctx, a, out, req.Diff, !req.Bare); err != nil {
		return WhyResponse{}, err
	}
	_, paused, _ := a.IndexState(ctx) // a note; an error reading it costs nothing more
	return WhyResponse{Location: loc, Answers: out, Attachment: run.attachment, IndexingPaused: paused}, nil
}

// whyError turns what the caller can fix into invalid_argument errors with
// a clear message, without the chain of internal steps under it; anything
// else keeps its code.
func whyError(path, rev string, err error) error {
	var e *Error
	switch {
	case errors.As(err, &e):
		return err
	case errors.Is(err, gitrepo.ErrNotRepository):
		return invalidArgf("location", "%s is not inside a git repository", path)
	case errors.Is(err, gitrepo.ErrLineRange):
		return invalidArg("location", err.Error())
	case errors.Is(err, gitrepo.ErrBadRevision) && rev != "":
		return invalidArgf("rev", "%q is not a revision of this repository (try a commit id, a branch, a tag or HEAD~2)", rev)
	case errors.Is(err, gitrepo.ErrNoSuchPath) && rev != "":
		return invalidArgf("location", "%s did not exist at revision %s", path, rev)
	case errors.Is(err, gitrepo.ErrNoSuchPath):
		return invalidArgf("location", "%s is not in the repository's history (not committed yet?)", path)
	case errors.Is(err, gitrepo.ErrBadRevision):
		return invalidArgf("location", "%s: the repository has no commit yet", path)
	}
	return internal("why "+path, err)
}
