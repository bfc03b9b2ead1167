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
	"strings"

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

// Why attributes the lines of a file: it blames the file and reads its
// history with git while Prepare (when set) brings the ledger up to date,
// then calls Attribute.
//
// For some lines whose text is unique in the file, only their window is
// blamed, and git stops as soon as they are settled. When the text of the
// lines recurs, another line of the file may be a copy of what their edit
// wrote, so the lines that could claim the edit are blamed too: the whole
// file is blamed incrementally and read only as far back as that (see
// answerStream); when a window's answer finds such a line, the lines of
// the commits since the edit (less the clock slack) when those are at
// most half of the file's history, else the whole file. So a line is
// answered as it is when the whole file is asked. With a Cache, answers
// are looked up first, under the ledger generation before Prepare and
// again after it when Prepare changed it; git runs only when they miss. A
// whole file's blame is kept, so that a later question about any line of
// the same content needs no git blame, and the answers of the whole file,
// or of the lines asked so far, so that a repeated question needs no git
// at all.
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
	text := strings.Split(strings.TrimSuffix(string(content), "\n"), "\n")
	total := countLines(content)
	if q.Start > total {
		return nil, fmt.Errorf("why %s: line %d: %w (the file has %d lines)", rel, q.Start, gitrepo.ErrLineRange, total)
	}
	if q.End > total {
		q.End = total
	}
	ac := a.answerCache(ctx, bkey, q)
	out, hit := ac.lookup(ctx)
	var g *gitRun
	if !hit {
		g = a.startGit(ctx, repo, rel, q, bkey, text)
		defer g.stop()
	}
	// Look the lines up in the ledger while git runs and Prepare brings
	// the archive up to date, and again when Prepare changed the ledger;
	// without a ledger generation to tell, only once Prepare is done.
	pctx, cancel := context.WithCancel(ctx)
	defer cancel()
	look := func() { a.prefetch(pctx, repo, prefetchLines(content, q), q.Start == 0) }
	looked := !hit && (a.Prepare == nil || ac.generation() != "")
	if looked {
		look()
	}
	if a.Prepare != nil {
		if err := a.Prepare(ctx); err != nil {
			return nil, err
		}
		if ac.regenerate(ctx) {
			out, hit = ac.lookup(ctx)
			looked = false
		}
		if !hit && !looked {
			look()
		}
	}
	if hit {
		return inZone(out, a.loc()), nil
	}
	if g == nil {
		g = a.startGit(ctx, repo, rel, q, bkey, text)
		defer g.stop()
	}
	if err := g.wait(); err != nil {
		return nil, fmt.Errorf("why %s: %w", rel, err)
	}
	// An old line may need every line decided: lookAll looks them all up
	// while git blames the file.
	lookAll := func() { a.prefetch(pctx, repo, prefetchLines(content, Query{}), false) }
	if out, err = a.answer(ctx, repo, rel, q, bkey, text, g, lookAll); err != nil {
		return nil, err
	}
	ac.store(ctx, out)
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
	key.Commit, key.ContentHash = h.Commit, contentHash(b)
	return b, key, nil
}

// contentHash names a working-tree file's content in a BlameKey.
func contentHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// prefetch starts looking up lines with the Prefetcher, when there is one,
// with the descriptions of their edits when describe is set.
func (a *Attributor) prefetch(ctx context.Context, repo *gitrepo.Repo, lines []string, describe bool) {
	if a.Prefetch != nil {
		a.Prefetch.Prefetch(ctx, repo.Root, lines, describe)
	}
}

// prefetchMargin is how many lines around the asked ones are looked up
// ahead: a common line's positional evidence is its nearest substantive
// neighbour.
const prefetchMargin = 16

// prefetchLines returns the asked lines of content and prefetchMargin
// lines on either side (every line for the whole file).
func prefetchLines(content []byte, q Query) []string {
	lines := strings.Split(string(content), "\n")
	if q.Start == 0 {
		return lines
	}
	from, to := max(0, q.Start-1-prefetchMargin), min(len(lines), q.End+prefetchMargin)
	if from >= to {
		return nil
	}
	return lines[from:to]
}

func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}
