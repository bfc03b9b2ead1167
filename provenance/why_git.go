package provenance

import (
	"context"
	"strings"

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
	// partial is set when blame holds only the asked lines' window.
	partial bool
}

// startGit starts blaming the file (text, its lines) and reading its
// history. The blame is the Cache's when it keeps the file's; else, for
// some lines whose text (or, for a common line, its neighbours' text) is
// found nowhere else in the file, that of their window settled (git stops
// once the asked lines and their commits' other lines in the window are
// attributed, which costs about what blaming the asked lines alone costs);
// else the whole file's, which the Cache keeps: a line with the same text
// elsewhere may be a copy of what the asked line's edit wrote, and only the
// whole file's blame tells which line keeps it.
func (a *Attributor) startGit(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey, text []string) *gitRun {
	settle := q.Start > 0 && !recurring(text, q.Start, q.End)
	ctx, cancel := context.WithCancel(ctx)
	g, gctx := errgroup.WithContext(ctx)
	r := &gitRun{cancel: cancel, g: g}
	g.Go(func() error {
		if a.Cache != nil {
			if lines, ok, err := a.Cache.LoadBlame(gctx, key); err == nil && ok {
				r.blame = lines
				return nil
			}
		}
		var err error
		if settle {
			opt := gitrepo.BlameOptions{Rev: q.Rev, Start: max(1, q.Start-contextWindow), End: min(len(text), q.End+contextWindow)}
			r.blame, err = repo.BlameSettled(gctx, rel, opt, q.Start, q.End)
			r.partial = true
			return err
		}
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

// blame blames the whole file and keeps the blame in the Cache.
func (a *Attributor) blame(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey) ([]gitrepo.BlameLine, error) {
	lines, err := repo.Blame(ctx, rel, gitrepo.BlameOptions{Rev: q.Rev})
	if err != nil {
		return nil, err
	}
	if a.Cache != nil {
		_ = a.Cache.StoreBlame(ctx, key, lines) // a cache failure only costs time
	}
	return lines, nil
}

// recurring reports whether the substantive text of a line start..end of
// text, or of the nearest substantive line around one of its common lines,
// stands on another line of the file too.
func recurring(text []string, start, end int) bool {
	count := map[string]int{}
	key := func(n int) string { return NormalizeKey(strings.TrimSuffix(text[n-1], "\r")) }
	var want []string
	for n := start; n <= end && n <= len(text); n++ {
		if !IsTrivial(text[n-1]) {
			want = append(want, key(n))
			continue
		}
		for _, dir := range []int{-1, 1} {
			for k := n + dir; k >= 1 && k <= len(text) && abs(k-n) <= maxWalk; k += dir {
				if !IsTrivial(text[k-1]) {
					want = append(want, key(k))
					break
				}
			}
		}
	}
	for _, k := range want {
		count[k] = 0
	}
	for n := range text {
		if IsTrivial(text[n]) {
			continue
		}
		k := key(n + 1)
		if c, ok := count[k]; ok {
			if c > 0 {
				return true
			}
			count[k] = 1
		}
	}
	return false
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
