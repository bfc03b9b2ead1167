package provenance

import (
	"context"
	"time"

	"hansard/provenance/gitrepo"
)

// RecentCommitTime returns the commit time of the commit n commits back
// from HEAD as the archive's copy of the git log has it (see History); false
// when that copy does not reach HEAD or holds fewer commits, so that git
// is to be asked.
func (s *ArchiveStore) RecentCommitTime(ctx context.Context, repo *gitrepo.Repo, n int) (time.Time, bool, error) {
	head, err := repo.Head()
	if err != nil || head.Commit == "" {
		return time.Time{}, false, err
	}
	root := logKey(repo)
	st, err := s.Archive.GitLogState(ctx, root)
	if err != nil || st.Tip != head.Commit {
		return time.Time{}, false, err
	}
	ct, ok, err := s.Archive.GitLogTimeBack(ctx, root, n)
	if err != nil || !ok {
		return time.Time{}, false, err
	}
	return time.Unix(ct, 0).UTC(), true, nil
}
