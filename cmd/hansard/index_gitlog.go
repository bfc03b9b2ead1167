package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hansard/archive"
	"hansard/provenance/gitlog"
	"hansard/provenance/gitrepo"
)

// storeGitLogs brings the stored git log of every repository the archive
// knows up to its HEAD, so that the first question asked there reads a
// file's history from the archive rather than the whole log first (seconds
// in a repository of tens of thousands of commits). A repository that is
// gone, or is no longer one, is passed over; one whose log cannot be
// written is warned about. It returns how many logs it wrote and how long
// it took.
func storeGitLogs(ctx context.Context, a *archive.Archive, warn func(string)) (int, time.Duration, error) {
	start := time.Now()
	roots, err := a.RepoRoots(ctx)
	if err != nil {
		return 0, 0, err
	}
	log := gitlog.New(a)
	written := 0
	for _, root := range roots {
		repo, err := gitrepo.Open(root)
		if err != nil || repo.Root != root {
			continue // gone, or not the root of a repository any more
		}
		wrote, err := log.Sync(ctx, repo)
		switch {
		case ctx.Err() != nil:
			return written, time.Since(start), ctx.Err()
		case errors.Is(err, gitrepo.ErrGitMissing):
			warn("git is not installed: the git logs of repositories are read at the first question instead")
			return written, time.Since(start), nil
		case err != nil:
			warn(fmt.Sprintf("git log of %s: %v", root, err))
		case wrote:
			written++
		}
	}
	return written, time.Since(start), nil
}
