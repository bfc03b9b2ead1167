package recall

import (
	"context"
	"fmt"

	"hansard/archive"

	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// Scope says which repository a request is about when it names none: the
// repository of Dir (a folder of the caller: the CLI's working folder, an
// MCP client's root), or every repository with All.
type Scope struct {
	Dir string
	All bool
}

// Search answers a search of past conversations, reading new transcripts
// first. Without req.Repo it searches the repository of scope.Dir (all of
// them when scope.All, or when Dir is in none).
func (h *Host) Search(ctx context.Context, req SearchRequest, scope Scope) (SearchResponse, error) {
	svc, err := h.service(ctx, true)
	if err != nil {
		return SearchResponse{}, err
	}
	var att Attachment
	fallback := ""
	if req.Repo == "" && !scope.All && scope.Dir != "" {
		if req.Repo, err = h.repoOfDir(ctx, svc, scope.Dir); err != nil {
			return SearchResponse{}, err
		}
		if root, ok := h.gitRoot(ctx, scope.Dir); ok && req.Repo == "" {
			if att, err = h.keptAttachHere(ctx, svc.Archive, root); err != nil {
				return SearchResponse{}, err
			}
			if len(att.Attached) > 0 {
				if req.Repo, err = h.repoOfDir(ctx, svc, scope.Dir); err != nil {
					return SearchResponse{}, err
				}
			}
			if req.Repo == "" {
				fallback = root
			}
		}
	}
	if req.Commit != "" && req.Repo != "" {
		svc.Commits = h.commitFinder(svc.Archive)
	}
	resp, err := svc.Search(ctx, req)
	resp.Attachment, resp.Searched = att, req.Repo
	if fallback != "" {
		resp.Notices = append(resp.Notices, AllReposNotice(fallback))
	}
	if h.HalfBuilt() {
		resp.Notices = append(resp.Notices, HalfBuiltNotice)
	}
	return resp, err
}

// Read returns a window of one conversation, reading new transcripts first.
func (h *Host) Read(ctx context.Context, req ReadRequest) (ReadResponse, error) {
	svc, err := h.service(ctx, true)
	if err != nil {
		return ReadResponse{}, err
	}
	return svc.Read(ctx, req)
}

// AllReposNotice says that a search fell back to every repository because
// none of the archived conversations is in root's.
func AllReposNotice(root string) string {
	return "no archived conversation is in this repository (" + root + "): searched every repository"
}

// repoOfDir returns the archived repository that holds dir: the deepest
// archived root containing it, else the root of the git repository dir is
// in when that is archived, else "" (search every repository).
func (h *Host) repoOfDir(ctx context.Context, svc *Service, dir string) (string, error) {
	root, err := svc.RepoOf(ctx, dir)
	if root != "" || err != nil {
		return root, err
	}
	gitRoot, ok := h.gitRoot(ctx, dir)
	if !ok {
		return "", nil // not in a repository: search them all
	}
	return svc.RepoOf(ctx, gitRoot)
}

// maxGitRoots bounds the folders whose git repository a Host remembers.
const maxGitRoots = 64

// gitRoot returns the root of the git repository holding dir, remembering
// the answer (a long-lived server asks for the same folders again).
func (h *Host) gitRoot(ctx context.Context, dir string) (string, bool) {
	h.mu.Lock()
	root, known := h.gitRoots[dir]
	h.mu.Unlock()
	if known {
		return root, root != ""
	}
	if res, err := gitrepo.NewResolver().Resolve(ctx, dir); err == nil {
		root = res.Root
	} else if ctx.Err() != nil {
		return "", false
	}
	h.mu.Lock()
	if h.gitRoots == nil || len(h.gitRoots) >= maxGitRoots {
		h.gitRoots = map[string]string{}
	}
	h.gitRoots[dir] = root
	h.mu.Unlock()
	return root, root != ""
}

// commitFinder names, for the commit filter, the sessions whose archived
// edits wrote a commit's lines; the edit ledger is brought up to date with
// the archive first. It keeps nothing in the attribution cache: the
// archive keeps a few results per file, and the answers of past commits
// would push out those `hansard why` reuses.
func (h *Host) commitFinder(a *archive.Archive) *provenance.CommitFinder {
	at := provenance.NewArchiveAdapters(a).Attributor()
	at.Location = h.loc()
	at.Prepare = func(ctx context.Context) error { return updateLedger(ctx, a) }
	return &provenance.CommitFinder{Attributor: at}
}

// updateLedger brings the edit ledger up to date with the archive.
func updateLedger(ctx context.Context, a *archive.Archive) error {
	if _, err := provenance.UpdateLedger(ctx, a); err != nil {
		return fmt.Errorf("update the edit ledger: %w", err)
	}
	return nil
}
