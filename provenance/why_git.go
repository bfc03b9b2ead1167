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

// startGit starts blaming the file (or taking its blame from the Cache)
// and reading its history. With a Cache the whole file is blamed and the
// blame kept; without one, only the asked lines and contextWindow
// neighbours on either side unless the whole file is asked.
func (a *Attributor) startGit(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey, total int) *gitRun {
	ctx, cancel := context.WithCancel(ctx)
	g, gctx := errgroup.WithContext(ctx)
	r := &gitRun{cancel: cancel, g: g}
	g.Go(func() error {
		var err error
		r.blame, err = a.blame(gctx, repo, rel, q, key, total)
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

func (a *Attributor) blame(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey, total int) ([]gitrepo.BlameLine, error) {
	opt := gitrepo.BlameOptions{Rev: q.Rev}
	if a.Cache != nil {
		if lines, ok, err := a.Cache.LoadBlame(ctx, key); err == nil && ok {
			return lines, nil
		}
	} else if q.Start > 0 {
		opt.Start = max(1, q.Start-contextWindow)
		opt.End = min(total, q.End+contextWindow)
	}
	lines, err := repo.Blame(ctx, rel, opt)
	if err != nil {
		return nil, err
	}
	if a.Cache != nil {
		_ = a.Cache.StoreBlame(ctx, key, lines) // a cache failure only costs time
	}
	return lines, nil
}
