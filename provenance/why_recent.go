package provenance

import (
	"context"
	"sync"
	"time"

	"hansard/provenance/gitrepo"
)

// recentBlame is the blame of the lines of the file's last recentCommits
// commits (the older lines are left out), run beside the window's blame
// when the asked lines' text recurs: when it holds the asked lines, it
// answers them with every line that could claim their edits, in one git
// run (unless the edits are older than the commits it reaches).
type recentBlame struct {
	cancel context.CancelFunc
	done   chan struct{}
	// Set when done, if the blame ran: lines of the commits since since.
	lines []gitrepo.BlameLine
	since time.Time
	ok    bool
}

// startRecent starts the blame of the lines of the last recentCommits
// commits. A history that short has no speculative blame: the window's
// blame and the whole file's serve.
func (a *Attributor) startRecent(ctx context.Context, repo *gitrepo.Repo, rel string, q Query) *recentBlame {
	ctx, cancel := context.WithCancel(ctx)
	rb := &recentBlame{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(rb.done)
		since, ok, err := a.recentSince(ctx, repo, q.Rev)
		if err != nil || !ok {
			return // the other blames answer, or report the error
		}
		lines, ok, err := a.blameSince(ctx, repo, rel, q, since)
		if err != nil || !ok {
			return
		}
		rb.lines, rb.since, rb.ok = lines, since, true
	}()
	return rb
}

// recentTimer is a Store that keeps the repository's commit log, so that
// how far back the recent commits reach needs no git (ArchiveStore).
type recentTimer interface {
	RecentCommitTime(ctx context.Context, repo *gitrepo.Repo, n int) (time.Time, bool, error)
}

// recentSince returns the commit time of the commit recentCommits back
// from rev: the Store's when it keeps the log up to HEAD and rev is the
// working tree's, else git's. It is false when the history is shorter.
func (a *Attributor) recentSince(ctx context.Context, repo *gitrepo.Repo, rev string) (time.Time, bool, error) {
	if rt, ok := a.Store.(recentTimer); ok && rev == "" {
		if t, ok, err := rt.RecentCommitTime(ctx, repo, recentCommits); err == nil && ok {
			return t, true, nil
		}
	}
	return repo.CommitTimeBack(ctx, rev, recentCommits)
}

// holds reports whether the blame ran and holds every asked line: they
// come from commits since rb.since. It is false while the blame runs.
func (rb *recentBlame) holds(q Query) bool {
	select {
	case <-rb.done:
	default:
		return false
	}
	if !rb.ok {
		return false
	}
	have := 0
	for _, l := range rb.lines {
		if l.FinalLine >= q.Start && l.FinalLine <= q.End {
			have++
		}
	}
	return have == q.End-q.Start+1
}

// stop ends the blame, when it runs, and waits for it.
func (rb *recentBlame) stop() {
	if rb != nil {
		rb.cancel()
		<-rb.done
	}
}

// wholeBlame is a whole file's blame run in the background once started.
type wholeBlame struct {
	cancel context.CancelFunc
	now    chan struct{} // closed by start
	once   sync.Once
	done   chan struct{}
	lines  []gitrepo.BlameLine
	err    error
}

// startWhole prepares the whole file's blame, which runs once started.
func (a *Attributor) startWhole(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey) *wholeBlame {
	ctx, cancel := context.WithCancel(ctx)
	w := &wholeBlame{cancel: cancel, now: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		select {
		case <-w.now:
		case <-ctx.Done():
			w.err = ctx.Err()
			return
		}
		w.lines, w.err = a.blame(ctx, repo, rel, q, key)
	}()
	return w
}

// start starts the blame; starting it again does nothing.
func (w *wholeBlame) start() { w.once.Do(func() { close(w.now) }) }

// stop ends the blame, when it runs, and waits for it.
func (w *wholeBlame) stop() {
	if w != nil {
		w.cancel()
		<-w.done
	}
}

// wholeBlame returns the whole file's blame: the one started beside the
// window's when it runs to its end, else a new one.
func (r *gitRun) wholeBlame(ctx context.Context, a *Attributor, repo *gitrepo.Repo, rel string, q Query, key BlameKey) ([]gitrepo.BlameLine, error) {
	if w := r.whole; w != nil {
		w.start()
		select {
		case <-w.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if w.err == nil {
			return w.lines, nil
		}
	}
	return a.blame(ctx, repo, rel, q, key)
}
