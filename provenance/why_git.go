package provenance

import (
	"context"
	"strings"
	"time"

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
	// stream, when set instead of blame, is the whole file's blame read
	// incrementally (when the asked lines' text recurs; see answerStream).
	stream *blameStream
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
// could claim the edit tells (see Why). Then the whole file is blamed
// incrementally instead, and read only as far back as the answer needs
// (answerStream): for a recently written line, a few commits.
func (a *Attributor) startGit(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey, text []string) *gitRun {
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
		switch {
		case q.Start == 0:
			r.blame, err = a.blame(gctx, repo, rel, q, key)
		case recurring(text, q.Start, q.End):
			r.stream = startStream(ctx, repo, rel, q, text) // read after the history came
		default:
			opt := gitrepo.BlameOptions{Rev: q.Rev, Start: max(1, q.Start-contextReach), End: min(len(text), q.End+contextReach), Text: text}
			r.blame, err = repo.BlameSettled(gctx, rel, opt, q.Start, q.End)
			r.partial = true
		}
		return err
	})
	g.Go(func() error {
		var err error
		r.history, err = a.history(gctx, repo, rel, q.Rev)
		return err
	})
	return r
}

// history returns the file's history at rev: the FileHistory's when there
// is one and rev is the working tree's (HEAD), else git's.
func (a *Attributor) history(ctx context.Context, repo *gitrepo.Repo, rel, rev string) ([]gitrepo.PathChange, error) {
	if a.History != nil && rev == "" {
		return a.History.History(ctx, repo, rel)
	}
	return repo.PathHistory(ctx, rev, rel)
}

// wait waits for the blame (or the start of the stream) and the history.
func (r *gitRun) wait() error { return r.g.Wait() }

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
