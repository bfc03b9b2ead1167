package provenance

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hansard/provenance/gitrepo"
)

// answer attributes the asked lines of q (the file's lines are text, its
// blame is named key) from what git gave: the stream's entries for lines
// whose text recurs (answerStream, which calls lookAll when the asked
// lines are slow to come), else the blame, with what a window's answer
// may need besides: the lines of the commits since the edit (when those
// are at most half of the file's history), else the whole file.
func (a *Attributor) answer(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey, text []string, g *gitRun, lookAll func()) ([]Attribution, error) {
	in := FileBlame{Repo: repo.Root, Path: rel, Lines: g.blame, History: g.history, Start: q.Start, End: q.End,
		Origins: GitOrigins(repo, rel, q.Rev, text)}
	if g.stream != nil {
		in.Others = text
		out, err := a.answerStream(ctx, g.stream, in, key, lookAll)
		if err != nil {
			return nil, fmt.Errorf("why %s: %w", rel, err)
		}
		return out, nil
	}
	if g.partial {
		in.Others = text
	}
	out, err := a.Attribute(ctx, in)
	var need *needBlameError
	if errors.As(err, &need) && recentEnough(g.history, need.since) {
		// Another line of the file may be a copy of what the asked lines'
		// edit wrote: blame the lines of the commits recent enough to
		// claim it.
		lines, ok, berr := a.blameSince(ctx, repo, rel, q, need.since)
		if berr != nil {
			return nil, fmt.Errorf("why %s: %w", rel, berr)
		}
		if ok {
			in.Lines, in.Since = lines, need.since
			out, err = a.Attribute(ctx, in)
		}
	}
	if errors.Is(err, errWholeBlame) {
		if in.Lines, err = a.blame(ctx, repo, rel, q, key); err != nil {
			return nil, fmt.Errorf("why %s: %w", rel, err)
		}
		in.Others, in.Since = nil, time.Time{}
		out, err = a.Attribute(ctx, in)
	}
	return out, err
}
