package provenance

import (
	"context"
	"errors"
	"fmt"

	"hansard/archive"
	"hansard/provenance/gitrepo"
)

// ArchiveResolver is the archive's Resolver over gitrepo: a folder's main
// repository root, the worktree it belongs to and the origin remote.
type ArchiveResolver struct{}

// Resolve implements archive.Resolver.
func (ArchiveResolver) Resolve(ctx context.Context, dir string) (archive.Repo, error) {
	if err := ctx.Err(); err != nil {
		return archive.Repo{}, err
	}
	repo, err := gitrepo.Open(dir)
	if errors.Is(err, gitrepo.ErrNotRepository) {
		return archive.Repo{}, fmt.Errorf("%s: %w", dir, archive.ErrNotRepo)
	}
	if err != nil {
		return archive.Repo{}, err
	}
	url, err := repo.RemoteURL("origin")
	if err != nil {
		return archive.Repo{}, err
	}
	return archive.Repo{Root: repo.Root, WorkTree: repo.WorkTree, RemoteURL: url}, nil
}
