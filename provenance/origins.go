package provenance

import (
	"context"
	"fmt"
	"strings"
	"time"

	"hansard/provenance/gitrepo"
)

// OriginFinder tells where lines of a file came from, for Attribute
// (FileBlame.Origins).
type OriginFinder interface {
	// ChangedOtherThan reports whether commit changed another file than
	// paths.
	ChangedOtherThan(commit string, paths ...string) (bool, error)
	// Blame blames some ranges of lines of the file with move and copy
	// detection (git blame -M -C), through the commits since since: a line
	// moved or copied from another file comes with the commit that first
	// wrote it there, and that file's path; a line older than since comes
	// from a boundary commit.
	Blame(ctx context.Context, ranges []gitrepo.LineRange, since time.Time) ([]gitrepo.BlameLine, error)
}

// GitOrigins returns the OriginFinder of path at rev ("" for the working
// tree) in repo; text, when set, is the blamed content's lines.
func GitOrigins(repo *gitrepo.Repo, path, rev string, text []string) OriginFinder {
	return gitOrigins{repo, path, rev, text}
}

type gitOrigins struct {
	repo      *gitrepo.Repo
	path, rev string
	text      []string
}

func (g gitOrigins) ChangedOtherThan(commit string, paths ...string) (bool, error) {
	return g.repo.ChangedOtherThan(commit, paths...)
}

func (g gitOrigins) Blame(ctx context.Context, ranges []gitrepo.LineRange, since time.Time) ([]gitrepo.BlameLine, error) {
	// git's --since is whole seconds: a second earlier keeps every commit
	// of since's second.
	lines, err := g.repo.Blame(ctx, g.path, gitrepo.BlameOptions{Rev: g.rev, Ranges: ranges, Moves: true, Since: since.Add(-time.Second)})
	if err != nil {
		return nil, err
	}
	if g.text != nil {
		for i := range lines {
			if n := lines[i].FinalLine; n >= 1 && n <= len(g.text) {
				lines[i].Text = strings.TrimSuffix(g.text[n-1], "\r")
			}
		}
	}
	return lines, nil
}

// fromOrigins decides again, from their move and copy origin, the lines
// that the plain blame's commit leaves unexplained: a line whose text an
// archived edit to another file introduced before that commit, but none
// that explains it to the file's lineage (a person moved or copied it
// from the other file, where the edit wrote it). Such a line that its origin's edits explain takes that
// answer, with the origin's commit and path; an introduced line that a
// line explained by the plain blame holds stays with that line.
func (f *fileState) fromOrigins(ctx context.Context) error {
	if f.in.Origins == nil {
		return nil
	}
	want, err := f.unexplained(ctx)
	if err != nil || len(want) == 0 {
		return err
	}
	// The line's origin is a commit no older than the earliest edit that
	// may have written it there (less the clock slack).
	var since time.Time
	for _, i := range want {
		if t := f.decisions[i].elsewhere; !t.IsZero() && (since.IsZero() || t.Before(since)) {
			since = t
		}
	}
	origin, err := f.in.Origins.Blame(ctx, f.rangesOf(want), since.Add(-f.a.slack()))
	if err != nil {
		return fmt.Errorf("blame moves and copies: %w", err)
	}
	byLine := make(map[int]*gitrepo.BlameLine, len(origin))
	for k := range origin {
		byLine[origin[k].FinalLine] = &origin[k]
	}
	var moved []int
	for _, i := range want {
		bl := f.lines[i].bl
		o := byLine[bl.FinalLine]
		switch {
		case o == nil || o.Commit == nil || o.Commit.Uncommitted() || (o.Commit.Hash == bl.Commit.Hash && o.OrigPath == bl.OrigPath):
		case o.Commit.Boundary:
			// From a file, at a commit older than every edit that wrote
			// the text there.
			if o.OrigPath != bl.OrigPath && !f.lines[i].trivial {
				f.decisions[i].reason = fmt.Sprintf(reasonOriginPrefix, o.OrigPath) + reasonOnlyLater
			}
		default:
			moved = append(moved, i)
		}
	}
	if len(moved) == 0 {
		return nil
	}
	held := f.heldClaims()
	before := make(map[int]decision, len(moved))
	plain := make(map[int]*gitrepo.BlameLine, len(moved))
	for _, i := range moved {
		before[i], plain[i] = f.decisions[i], f.lines[i].bl
		f.lines[i].bl = byLine[f.lines[i].bl.FinalLine]
	}
	f.regroup()
	for _, i := range moved {
		if !f.lines[i].trivial {
			f.decisions[i] = f.decideLine(i)
		}
	}
	for _, i := range moved {
		if f.lines[i].trivial {
			f.decisions[i] = f.decideCommon(i)
		}
	}
	for _, i := range moved {
		d := f.decisions[i]
		taken := d.entry >= 0 && d.match >= 0 && !f.entries[d.entry].ReplaceAll && held[claim{d.entry, d.match}]
		if taken || (d.entry < 0 && d.status != StatusConflicting) {
			o := f.lines[i].bl
			f.decisions[i], f.lines[i].bl = before[i], plain[i]
			if !taken && !f.lines[i].trivial && o.OrigPath != plain[i].OrigPath {
				// Where the line came from says more than this file's
				// edits.
				f.decisions[i].reason = fmt.Sprintf(reasonOriginPrefix, o.OrigPath) + d.reason
			}
		}
	}
	f.regroup()
	f.resolveClaims()
	return nil
}

// unexplained returns the lines to decide again from their origin: needed
// committed lines answered none whose text an edit to another file
// introduced before their commit, when that commit changed another file
// too (git finds a copy only from a file the commit changed); a common
// line, next to such a substantive line.
func (f *fileState) unexplained(ctx context.Context) ([]int, error) {
	sub := map[int]bool{}
	others := map[string]bool{} // per commit: it changed another file
	for i, l := range f.lines {
		d := f.decisions[i]
		if !l.needed || l.trivial || d.entry >= 0 || d.status != StatusNone || d.elsewhere.IsZero() || l.bl.Commit.Uncommitted() {
			continue
		}
		h := l.bl.Commit.Hash
		changed, ok := others[h]
		if !ok {
			var err error
			if changed, err = f.in.Origins.ChangedOtherThan(h, f.in.Path, l.bl.OrigPath); err != nil {
				return nil, fmt.Errorf("files commit %s changed: %w", h, err)
			}
			others[h] = changed
		}
		sub[i] = changed
	}
	var out []int
	for i, l := range f.lines {
		switch {
		case sub[i]:
			out = append(out, i)
		case l.needed && l.trivial && f.decisions[i].entry < 0 && f.decisions[i].status == StatusNone:
			for _, dir := range []int{-1, 1} {
				if k, _, ok := f.nearestSubstantive(i, dir); ok && sub[k] {
					out = append(out, i)
					break
				}
			}
		}
	}
	return out, ctx.Err()
}

// rangesOf returns the line ranges to blame for lines: each line with the
// consecutive lines of its commit around it (git finds a moved or copied
// block by the lines it is asked about), merged.
func (f *fileState) rangesOf(lines []int) []gitrepo.LineRange {
	var out []gitrepo.LineRange
	for _, i := range lines {
		lo, hi := i, i
		for lo > 0 && f.consecutive(lo-1, lo) {
			lo--
		}
		for hi+1 < len(f.lines) && f.consecutive(hi, hi+1) {
			hi++
		}
		r := gitrepo.LineRange{Start: f.lines[lo].bl.FinalLine, End: f.lines[hi].bl.FinalLine}
		if n := len(out); n > 0 && r.Start <= out[n-1].End+1 {
			out[n-1].End = max(out[n-1].End, r.End)
			continue
		}
		out = append(out, r)
	}
	return out
}

// consecutive reports whether lines a and a+1 of the state are next to
// each other in the file and of the same commit.
func (f *fileState) consecutive(a, b int) bool {
	x, y := f.lines[a], f.lines[b]
	return x.group == y.group && y.bl.FinalLine == x.bl.FinalLine+1
}

// heldClaims returns the introduced lines that lines answered so far hold.
func (f *fileState) heldClaims() map[claim]bool {
	held := map[claim]bool{}
	for i := range f.lines {
		if d := f.decisions[i]; d.entry >= 0 && d.match >= 0 && !f.entries[d.entry].ReplaceAll {
			held[claim{d.entry, d.match}] = true
		}
	}
	return held
}
