package provenance

import (
	"context"

	"golang.org/x/sync/errgroup"

	"hansard/provenance/gitrepo"
)

// gitRun is the git side of a Why: the file's blame and its history, read
// in the background.
type gitRun struct {
	cancel  context.CancelFunc
	g       *errgroup.Group
	blame   []gitrepo.BlameLine
	history []gitrepo.PathChange
}

// startGit starts blaming the file (or taking its blame from the Cache,
// which keeps it) and reading its history. The whole file is blamed even
// for one line: it costs git little more than the line's neighbours, and
// a line is answered as it is when the whole file is asked (another line
// may be a copy of what the same edit wrote).
func (a *Attributor) startGit(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey) *gitRun {
	ctx, cancel := context.WithCancel(ctx)
	g, gctx := errgroup.WithContext(ctx)
	r := &gitRun{cancel: cancel, g: g}
	g.Go(func() error {
		var err error
		r.blame, err = a.blame(gctx, repo, rel, q, key)
		return err
	})
	g.Go(func() error {
		var err error
		r.history, err = repo.PathHistory(gctx, q.Rev, rel)
		return err
	})
	return r
}

// wait waits for the blame and the history.
func (r *gitRun) wait() error {
	defer r.cancel()
	return r.g.Wait()
}

// stop ends the git commands still running and waits for them.
func (r *gitRun) stop() {
	r.cancel()
	_ = r.g.Wait() // what was left running is not wanted
}

func (a *Attributor) blame(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey) ([]gitrepo.BlameLine, error) {
	if a.Cache != nil {
		if lines, ok, err := a.Cache.LoadBlame(ctx, key); err == nil && ok {
			return lines, nil
		}
	}
	lines, err := repo.Blame(ctx, rel, gitrepo.BlameOptions{Rev: q.Rev})
	if err != nil {
		return nil, err
	}
	if a.Cache != nil {
		_ = a.Cache.StoreBlame(ctx, key, lines) // a cache failure only costs time
	}
	return lines, nil
}
