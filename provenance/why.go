package provenance

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sync/errgroup"

	"hansard/provenance/gitrepo"
)

// Query asks about lines of one file.
type Query struct {
	// Path is absolute, or relative to the working tree root.
	Path string
	// Rev is the revision to ask about; "" means the working tree, whose
	// uncommitted lines can be StatusUncommitted.
	Rev string
	// Start and End (1-based, inclusive) select lines; a zero Start means
	// the whole file, a zero End the Start line alone.
	Start, End int
}

// Why attributes the lines of a file: it blames the file (or the selected
// lines and their neighbours) and reads its history at once, then calls
// Attribute. With a Cache, whole-file blames and answers are kept and a
// repeated question does not run git blame again.
func (a *Attributor) Why(ctx context.Context, repo *gitrepo.Repo, q Query) ([]Attribution, error) {
	rel, err := repo.Rel(q.Path)
	if err != nil {
		return nil, err
	}
	if q.Start > 0 && q.End == 0 {
		q.End = q.Start
	}
	if q.Start < 0 || q.End < 0 || (q.End > 0 && q.End < q.Start) {
		return nil, fmt.Errorf("why %s: bad line range %d-%d", rel, q.Start, q.End)
	}
	content, bkey, err := a.snapshot(repo, rel, q.Rev)
	if err != nil {
		return nil, fmt.Errorf("why %s: %w", rel, err)
	}
	total := countLines(content)
	if q.Start > total {
		return nil, fmt.Errorf("why %s: line %d: %w (the file has %d lines)", rel, q.Start, gitrepo.ErrLineRange, total)
	}
	if q.End > total {
		q.End = total
	}
	mkey := MatchKey{BlameKey: bkey, Settings: fmt.Sprintf("rules=%d slack=%s", RulesVersion, a.slack())}
	if a.Cache != nil {
		if mkey.Generation, err = a.Cache.Generation(ctx, repo.Root); err == nil {
			if got, ok, err := a.Cache.LoadMatches(ctx, mkey); err == nil && ok {
				return selectLines(got, q.Start, q.End), nil
			}
		} else {
			mkey.Generation = ""
		}
	}
	whole := q.Start == 0 || a.Cache != nil && a.cachedBlame(ctx, bkey)
	var blame []gitrepo.BlameLine
	var hist []gitrepo.PathChange
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		var err error
		blame, err = a.blame(gctx, repo, rel, q, bkey, whole, total)
		return err
	})
	g.Go(func() error {
		var err error
		hist, err = repo.PathHistory(gctx, q.Rev, rel)
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, fmt.Errorf("why %s: %w", rel, err)
	}
	out, err := a.Attribute(ctx, FileBlame{Repo: repo.Root, Path: rel, Lines: blame, History: hist, Start: q.Start, End: q.End})
	if err != nil {
		return nil, err
	}
	if a.Cache != nil && whole && q.Start == 0 && mkey.Generation != "" {
		_ = a.Cache.StoreMatches(ctx, mkey, out) // a cache failure only costs time
	}
	return out, nil
}

// snapshot reads the file's content and names its blame: by commit for a
// revision, by HEAD and content hash for the working tree.
func (a *Attributor) snapshot(repo *gitrepo.Repo, rel, rev string) ([]byte, BlameKey, error) {
	key := BlameKey{Repo: repo.Root, Path: rel}
	if rev != "" {
		c, err := repo.ResolveCommit(rev)
		if err != nil {
			return nil, key, err
		}
		key.Commit = c.Hash
		b, err := repo.Blob(c.Hash, rel)
		return b, key, err
	}
	b, err := os.ReadFile(filepath.Join(repo.WorkTree, filepath.FromSlash(rel)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, key, fmt.Errorf("%s: %w", rel, gitrepo.ErrNoSuchPath)
	}
	if err != nil {
		return nil, key, err
	}
	h, err := repo.Head()
	if err != nil {
		return nil, key, err
	}
	sum := sha256.Sum256(b)
	key.Commit, key.ContentHash = h.Commit, hex.EncodeToString(sum[:])
	return b, key, nil
}

func (a *Attributor) cachedBlame(ctx context.Context, key BlameKey) bool {
	_, ok, err := a.Cache.LoadBlame(ctx, key)
	return err == nil && ok
}

// blame returns the whole file's blame (from the cache when it has it), or
// the selected lines with contextWindow neighbours on either side.
func (a *Attributor) blame(ctx context.Context, repo *gitrepo.Repo, rel string, q Query, key BlameKey, whole bool, total int) ([]gitrepo.BlameLine, error) {
	opt := gitrepo.BlameOptions{Rev: q.Rev}
	if whole && a.Cache != nil {
		if lines, ok, err := a.Cache.LoadBlame(ctx, key); err == nil && ok {
			return lines, nil
		}
	}
	if !whole {
		opt.Start = max(1, q.Start-contextWindow)
		opt.End = min(total, max(q.Start, q.End)+contextWindow)
	}
	lines, err := repo.Blame(ctx, rel, opt)
	if err != nil {
		return nil, err
	}
	if whole && a.Cache != nil {
		_ = a.Cache.StoreBlame(ctx, key, lines)
	}
	return lines, nil
}

func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
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
