package provenance

import (
	"context"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"hansard/provenance/gitrepo"
)

// recentCommits is how many commits back the blame of the recent lines
// reaches (see startGit).
const recentCommits = 32

// gitRun is the git side of a Why: the file's blame and its history, read
// in the background.
type gitRun struct {
	cancel  context.CancelFunc
	g       *errgroup.Group
	blame   []gitrepo.BlameLine
	history []gitrepo.PathChange
	// partial is set when blame holds only some lines of the file: the
	// asked lines' window, or the lines of the recent commits (since).
	partial bool
	// since, when set, says that blame holds every line of the file from
	// a commit since then (the recent blame's answer).
	since time.Time
	// recent and whole, when set, are the blame of the lines of the recent
	// commits and the whole file's blame, run beside the window's when the
	// asked lines' text recurs; whole starts when recent does not hold
	// the asked lines.
	recent *recentBlame
	whole  *wholeBlame
	// blamed is closed when blame is read.
	blamed chan struct{}
}

// startGit starts blaming the file (text, its lines) and reading its
// history. The blame is the Cache's when it keeps the file's; else, for
// some lines, that of their window settled (git stops once the asked lines
// and their commits' other lines in the window are attributed, which costs
// about what blaming the asked lines alone costs); else the whole file's,
// which the Cache keeps.
//
// When the text of some lines (or, for a common line, its neighbours'
// text) stands on another line of the file too, that line may be a copy of
// what the asked line's edit wrote, and only a blame of the lines that
// could claim the edit tells (see Why). Then the lines of the last
// recentCommits commits are blamed beside the window (recentBlame): when
// they hold the asked lines (a recently written line), they answer them
// with every line that could claim their edits, and the window's blame is
// stopped. When they do not (an older line), the whole file's blame starts
// beside the window's: the older the line, the likelier its answer needs
// it, and the window's blame then costs git about as much.
func (a *Attributor) startGit(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey, text []string) *gitRun {
	ctx, cancel := context.WithCancel(ctx)
	g, gctx := errgroup.WithContext(ctx)
	r := &gitRun{cancel: cancel, g: g, blamed: make(chan struct{})}
	if q.Start > 0 && recurring(text, q.Start, q.End) {
		r.recent = a.startRecent(gctx, repo, rel, q)
		// The whole file's blame may be needed after the window's (Why).
		r.whole = a.startWhole(ctx, repo, rel, q, key)
	}
	g.Go(func() error {
		defer close(r.blamed)
		if a.Cache != nil {
			if lines, ok, err := a.Cache.LoadBlame(gctx, key); err == nil && ok {
				r.blame = lines
				r.recent.stop()
				return nil
			}
		}
		if q.Start == 0 {
			var err error
			r.blame, err = a.blame(gctx, repo, rel, q, key)
			return err
		}
		return r.blameWindow(gctx, repo, rel, q, len(text))
	})
	g.Go(func() error {
		var err error
		r.history, err = a.history(gctx, repo, rel, q.Rev)
		return err
	})
	return r
}

// blameWindow blames the window of the asked lines of a file of n lines,
// settled; with a recent blame beside it, the recent blame's lines when
// they hold the asked ones (the window's blame is then stopped), and the
// whole file's blame is started when they do not.
func (r *gitRun) blameWindow(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, n int) error {
	bctx, stop := context.WithCancel(ctx)
	defer stop()
	rb, whole := r.recent, r.whole
	if rb != nil {
		go func() {
			select {
			case <-rb.done:
				if rb.holds(q) {
					stop()
				} else {
					whole.start()
				}
			case <-bctx.Done():
			}
		}()
	}
	opt := gitrepo.BlameOptions{Rev: q.Rev, Start: max(1, q.Start-contextWindow), End: min(n, q.End+contextWindow)}
	lines, err := repo.BlameSettled(bctx, rel, opt, q.Start, q.End)
	if rb != nil {
		select {
		case <-rb.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if rb.holds(q) {
			r.blame, r.since, r.partial = rb.lines, rb.since, true
			return nil
		}
	}
	r.blame, r.partial = lines, true
	return err
}

// historian is a Store that keeps the repository's commit log, so that a
// file's history at HEAD needs no git log (ArchiveStore).
type historian interface {
	History(ctx context.Context, repo *gitrepo.Repo, rel string) ([]gitrepo.PathChange, error)
}

// history returns the file's history at rev: the Store's when it keeps it
// and rev is the working tree's (HEAD), else git's.
func (a *Attributor) history(ctx context.Context, repo *gitrepo.Repo, rel, rev string) ([]gitrepo.PathChange, error) {
	if h, ok := a.Store.(historian); ok && rev == "" {
		return h.History(ctx, repo, rel)
	}
	return repo.PathHistory(ctx, rev, rel)
}

// wait waits for the blame and the history.
func (r *gitRun) wait() error { return r.g.Wait() }

// wholeStarted reports whether the whole file's blame started beside the
// window's. It waits until that is known.
func (r *gitRun) wholeStarted() bool {
	if r.whole == nil {
		return false
	}
	select {
	case <-r.whole.now:
		return true
	case <-r.blamed:
		return false
	}
}

// stop ends the git commands still running and waits for them.
func (r *gitRun) stop() {
	r.cancel()
	_ = r.g.Wait() // what was left running is not wanted
	r.recent.stop()
	r.stopWhole()
}

// stopWhole ends the whole file's blame started beside the window's.
func (r *gitRun) stopWhole() {
	r.whole.stop()
	r.whole = nil
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

// recentEnough reports whether the file's commits since since are at most
// half of its history: their blame (blameSince) is then cheaper than the
// whole file's.
func recentEnough(history []gitrepo.PathChange, since time.Time) bool {
	recent := 0
	for _, h := range history {
		if h.CommitTime >= since.Unix() {
			recent++
		}
	}
	return recent > 0 && recent*2 <= len(history)
}

// blameSince blames the lines of the file's commits since since: another
// line of the file with the text of an asked line may be a copy of what
// its edit wrote, and only a line of a commit that recent can claim it. It
// reports false when the history does not tell which lines are older.
func (a *Attributor) blameSince(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, since time.Time) ([]gitrepo.BlameLine, bool, error) {
	// git's --since is whole seconds: a second earlier keeps every commit
	// of since's second.
	since = since.Add(-time.Second)
	lines, err := repo.Blame(ctx, rel, gitrepo.BlameOptions{Rev: q.Rev, Since: since})
	if err != nil {
		return nil, false, err
	}
	out := lines[:0]
	for _, l := range lines {
		if !l.Commit.Boundary {
			out = append(out, l)
			continue
		}
		if !l.Commit.CommitTime.Before(since) {
			return nil, false, nil // the boundary is no older
		}
	}
	return out, true, nil
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
