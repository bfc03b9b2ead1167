package provenance

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// answers is the Cache side of a Why: the answers kept for the file's
// content under the ledger generation, for the whole file and for the
// lines asked so far. A nil *answers (no Cache, or no generation) finds
// and keeps nothing.
type answers struct {
	cache      Cache
	key        MatchKey
	start, end int
	// lines holds the answers of single lines kept so far, merged with the
	// new ones when they are stored.
	lines []Attribution
}

// answerCache returns the cache of the answers to q about the file whose
// blame is key.
func (a *Attributor) answerCache(ctx context.Context, key BlameKey, q Query) *answers {
	if a.Cache == nil {
		return nil
	}
	c := &answers{cache: a.Cache, start: q.Start, end: q.End,
		key: MatchKey{BlameKey: key, Settings: fmt.Sprintf("rules=%d slack=%s", RulesVersion, a.slack())}}
	c.regenerate(ctx)
	return c
}

// regenerate reads the ledger generation again and reports whether it
// differs from the one answers were looked up under.
func (c *answers) regenerate(ctx context.Context) bool {
	if c == nil {
		return false
	}
	gen, err := c.cache.Generation(ctx, c.key.Repo)
	if err != nil {
		gen = "" // nothing is looked up or kept
	}
	if gen == c.key.Generation {
		return false
	}
	c.key.Generation, c.lines = gen, nil
	return true
}

// generation returns the ledger generation answers are looked up under; ""
// when none is known (nothing is looked up or kept).
func (c *answers) generation() string {
	if c == nil {
		return ""
	}
	return c.key.Generation
}

// lookup returns the asked answers when the whole file's answers are kept,
// or, for some lines, when each of them was answered before. Cache errors
// are misses.
func (c *answers) lookup(ctx context.Context) ([]Attribution, bool) {
	if c == nil || c.key.Generation == "" {
		return nil, false
	}
	whole := c.key
	whole.Lines = false
	if c.start > 0 {
		if got, ok, err := c.cache.LoadMatchLines(ctx, whole, c.start, c.end); err == nil && ok && len(got) == c.end-c.start+1 {
			return got, true
		}
	} else if got, ok, err := c.cache.LoadMatches(ctx, whole); err == nil && ok {
		return selectLines(got, c.start, c.end), true
	}
	if c.start == 0 {
		return nil, false
	}
	part := c.key
	part.Lines = true
	got, ok, err := c.cache.LoadMatches(ctx, part)
	if err != nil || !ok {
		return nil, false
	}
	c.lines = got
	sel := selectLines(got, c.start, c.end)
	if len(sel) != c.end-c.start+1 {
		return nil, false
	}
	return sel, true
}

// store keeps new answers: the whole file's, or the asked lines' merged
// with those kept before (a later answer of a line replaces the earlier).
func (c *answers) store(ctx context.Context, out []Attribution) {
	if c == nil || c.key.Generation == "" {
		return
	}
	key := c.key
	out = inZone(out, time.UTC) // instants: shown in the asker's zone
	if c.start == 0 {
		key.Lines = false
		_ = c.cache.StoreMatches(ctx, key, out) // a cache failure only costs time
		return
	}
	key.Lines = true
	merged := make([]Attribution, 0, len(c.lines)+len(out))
	for _, x := range c.lines {
		if x.Line < c.start || x.Line > c.end {
			merged = append(merged, x)
		}
	}
	merged = append(merged, out...)
	slices.SortStableFunc(merged, func(x, y Attribution) int { return x.Line - y.Line })
	_ = c.cache.StoreMatches(ctx, key, merged)
}

// selectLines keeps the attributions of lines start..end (zero: all).
func selectLines(all []Attribution, start, end int) []Attribution {
	if start == 0 {
		return all
	}
	if end == 0 {
		end = start
	}
	var out []Attribution
	for _, a := range all {
		if a.Line >= start && a.Line <= end {
			out = append(out, a)
		}
	}
	return out
}
