package provenance

import (
	"context"
	"errors"
	"slices"
	"time"

	"hansard/provenance/gitrepo"
)

// streamPrefetchAfter is how long the asked lines may take to come out of
// the blame stream before every line's candidates are looked up: a line
// settled that late is old, and its answer is likely to need the whole
// file's lines decided.
const streamPrefetchAfter = 25 * time.Millisecond

// blameStream is a whole file's `git blame --incremental` read in the
// background: its entries come newest commit first.
type blameStream struct {
	cancel  context.CancelFunc
	entries chan []gitrepo.BlameLine
	err     error // once entries is closed
}

// startStream starts blaming the whole file (text, its lines)
// incrementally.
func startStream(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, text []string) *blameStream {
	ctx, cancel := context.WithCancel(ctx)
	s := &blameStream{cancel: cancel, entries: make(chan []gitrepo.BlameLine, 64)}
	go func() {
		defer close(s.entries)
		s.err = repo.BlameIncremental(ctx, rel, gitrepo.BlameOptions{Rev: q.Rev, Text: text}, func(e []gitrepo.BlameLine) bool {
			select {
			case s.entries <- e:
				return false
			case <-ctx.Done():
				return true
			}
		})
	}()
	return s
}

// stop ends the blame, when it runs.
func (s *blameStream) stop() {
	if s != nil {
		s.cancel()
	}
}

// answerStream answers the asked lines of in (whose Lines are ignored)
// from the stream, reading only as far back as the answer needs: entries
// come newest commit first, so once an entry of an older commit than t
// comes, every line of the commits since t has come. The asked lines are
// attributed once their own commits are complete, with every line of a
// commit since then (Since); when their edits are older than that, once
// every line of a commit since the edits (less the clock slack) has come:
// only such a line can claim what the edits introduced. So a line is
// answered as in the whole file. When the stream ends, the whole file's
// blame is kept in the Cache under key. lookAll is called once, from this
// goroutine, when the asked lines are slow to come (an old line).
func (a *Attributor) answerStream(ctx context.Context, s *blameStream, in FileBlame, key BlameKey, lookAll func()) ([]Attribution, error) {
	defer s.stop()
	var (
		lines  []gitrepo.BlameLine
		asked  = in.End - in.Start + 1
		have   int
		oldest time.Time // of the asked lines' commits, once all came
		need   time.Time // attribute once an entry older than this comes
	)
	timer := time.NewTimer(streamPrefetchAfter)
	defer timer.Stop()
	for {
		var e []gitrepo.BlameLine
		var ok bool
		select {
		case e, ok = <-s.entries:
		case <-timer.C:
			if have < asked {
				lookAll()
			}
			continue
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if !ok {
			if s.err != nil {
				return nil, s.err
			}
			// The whole file: every line is in.
			lines = sortedLines(lines)
			if a.Cache != nil {
				_ = a.Cache.StoreBlame(ctx, key, lines) // a cache failure only costs time
			}
			in.Lines, in.Others, in.Since = lines, nil, time.Time{}
			return a.Attribute(ctx, in)
		}
		t := e[0].Commit.CommitTime
		if !need.IsZero() && t.Before(need) {
			// Every line of a commit newer than t came.
			in.Lines, in.Since = sortedLines(newerThan(lines, t)), t.Add(time.Second)
			out, err := a.Attribute(ctx, in)
			var more *needBlameError
			if !errors.As(err, &more) {
				return out, err
			}
			need = more.since
		}
		lines = append(lines, e...)
		for _, l := range e {
			if l.FinalLine >= in.Start && l.FinalLine <= in.End {
				have++
				if ct := l.Commit.CommitTime; oldest.IsZero() || ct.Before(oldest) {
					oldest = ct
				}
			}
		}
		if have == asked && need.IsZero() {
			need = oldest
		}
	}
}

// newerThan returns the lines of commits newer than t.
func newerThan(lines []gitrepo.BlameLine, t time.Time) []gitrepo.BlameLine {
	out := make([]gitrepo.BlameLine, 0, len(lines))
	for _, l := range lines {
		if l.Commit.CommitTime.After(t) {
			out = append(out, l)
		}
	}
	return out
}

// sortedLines sorts lines in file order, as Attribute reads them.
func sortedLines(lines []gitrepo.BlameLine) []gitrepo.BlameLine {
	slices.SortFunc(lines, func(x, y gitrepo.BlameLine) int { return x.FinalLine - y.FinalLine })
	return lines
}
