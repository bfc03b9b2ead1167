package provenance

import (
	"context"
	"fmt"
	"strings"

	"hansard/provenance/gitrepo"
)

// OriginBlame blames some ranges of lines of a file with move and copy
// detection (git blame -M -C): a line moved or copied from another file
// comes with the commit that first wrote it there, and that file's path.
type OriginBlame func(ctx context.Context, ranges []gitrepo.LineRange) ([]gitrepo.BlameLine, error)

// Origins returns the OriginBlame of path at rev ("" for the working tree)
// in repo; text, when set, is the blamed content's lines.
func Origins(repo *gitrepo.Repo, path, rev string, text []string) OriginBlame {
	return func(ctx context.Context, ranges []gitrepo.LineRange) ([]gitrepo.BlameLine, error) {
		lines, err := repo.Blame(ctx, path, gitrepo.BlameOptions{Rev: rev, Ranges: ranges, Moves: true})
		if err != nil {
			return nil, err
		}
		if text != nil {
			for i := range lines {
				if n := lines[i].FinalLine; n >= 1 && n <= len(text) {
					lines[i].Text = strings.TrimSuffix(text[n-1], "\r")
				}
			}
		}
		return lines, nil
	}
}

// fromOrigins decides again, from their move and copy origin, the lines
// that the plain blame's commit leaves unexplained: a line whose text some
// archived edit introduced, but none to the file's lineage before that
// commit (a person moved or copied it from another file, where an edit
// wrote it). Such a line that its origin's edits explain takes that
// answer, with the origin's commit and path; an introduced line that a
// line explained by the plain blame holds stays with that line.
func (f *fileState) fromOrigins(ctx context.Context) error {
	if f.in.Origins == nil {
		return nil
	}
	want := f.unexplained()
	if len(want) == 0 {
		return nil
	}
	origin, err := f.in.Origins(ctx, f.rangesOf(want))
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
		if o == nil || o.Commit == nil || o.Commit.Uncommitted() || (o.Commit.Hash == bl.Commit.Hash && o.OrigPath == bl.OrigPath) {
			continue
		}
		moved = append(moved, i)
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
				f.decisions[i].reason = fmt.Sprintf(reasonOriginPrefix, o.OrigPath, shortHash(o.Commit.Hash)) + d.reason
			}
		}
	}
	f.regroup()
	f.resolveClaims()
	return nil
}

// unexplained returns the lines to decide again from their origin: needed
// committed lines answered none whose text some edit introduced (a common
// line: next to such a substantive line).
func (f *fileState) unexplained() []int {
	sub := map[int]bool{}
	for i, l := range f.lines {
		d := f.decisions[i]
		if l.needed && !l.trivial && d.entry < 0 && d.status == StatusNone && len(f.byKey[l.key]) > 0 && !l.bl.Commit.Uncommitted() {
			sub[i] = true
		}
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
	return out
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

// shortHash is a commit id as a reason names it.
func shortHash(h string) string { return h[:min(len(h), 8)] }
