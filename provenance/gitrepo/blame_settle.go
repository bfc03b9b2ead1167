package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// errSettled stops reading blame once the wanted lines are settled.
var errSettled = errors.New("blame settled")

// BlameSettled blames opt's range like Blame but stops as soon as every
// line from..to is attributed, with the other lines of the range that git
// gives to the same commits (`git blame --incremental` attributes a
// commit's lines together, newest commits first). Lines of the range from
// older commits are left out; the lines returned are in file order, with
// their text from the blamed content. It costs git about what blaming
// from..to alone costs.
func (r *Repo) BlameSettled(ctx context.Context, path string, opt BlameOptions, from, to int) ([]BlameLine, error) {
	lines, rel, err := r.runBlame(ctx, path, opt, "--incremental", func(br *bufio.Reader) ([]BlameLine, error) {
		return parseSettled(br, from, to)
	})
	if err != nil {
		return nil, err
	}
	text, err := r.content(ctx, rel, opt.Rev)
	if err != nil {
		return nil, fmt.Errorf("blame %s: %w", rel, err)
	}
	for i := range lines {
		if n := lines[i].FinalLine; n >= 1 && n <= len(text) {
			lines[i].Text = strings.TrimSuffix(text[n-1], "\r")
		}
	}
	return lines, nil
}

// content returns the lines of the blamed file: the working tree's, or
// the revision's.
func (r *Repo) content(ctx context.Context, rel, rev string) ([]string, error) {
	var b []byte
	var err error
	if rev == "" {
		b, err = os.ReadFile(filepath.Join(r.WorkTree, filepath.FromSlash(rel)))
	} else {
		var c Commit
		if c, err = r.ResolveCommit(rev); err == nil {
			b, err = r.Blob(c.Hash, rel)
		}
	}
	if err != nil {
		return nil, err
	}
	return strings.Split(string(b), "\n"), ctx.Err()
}

// parseSettled reads `git blame --incremental` entries until the lines
// from..to are attributed and an entry of another commit than theirs
// comes (then it returns errSettled with the lines read), or the output
// ends.
func parseSettled(br *bufio.Reader, from, to int) ([]BlameLine, error) {
	p := newBlameParser()
	var out []BlameLine
	pending := to - from + 1
	var settled map[string]bool // the commits of from..to, once all came
	var num int
	err := eachLine(br, func(n int, line string) error {
		if p.cur != nil {
			if p.field(line) != "filename" {
				return nil
			}
			for k := 0; k < num; k++ {
				l := *p.cur
				l.FinalLine, l.OrigLine = p.cur.FinalLine+k, p.cur.OrigLine+k
				out = append(out, l)
				if l.FinalLine >= from && l.FinalLine <= to {
					pending--
				}
			}
			p.cur = nil
			if pending <= 0 && settled == nil {
				settled = map[string]bool{}
				for _, l := range out {
					if l.FinalLine >= from && l.FinalLine <= to {
						settled[l.Commit.Hash] = true
					}
				}
			}
			return nil
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			return fmt.Errorf("blame output line %d: bad header %q", n, line)
		}
		if _, err := fmt.Sscan(f[3], &num); err != nil || num < 1 {
			return fmt.Errorf("blame output line %d: bad header %q", n, line)
		}
		if settled != nil && !settled[f[0]] {
			return errSettled
		}
		if _, err := p.header(line); err != nil {
			return fmt.Errorf("blame output line %d: %w", n, err)
		}
		return nil
	})
	if errors.Is(err, errSettled) {
		return sortLines(out), err
	}
	if err != nil {
		return nil, err
	}
	if p.cur != nil {
		return nil, errors.New("blame output ends inside an entry")
	}
	return sortLines(out), nil
}

func sortLines(ls []BlameLine) []BlameLine {
	slices.SortFunc(ls, func(a, b BlameLine) int { return a.FinalLine - b.FinalLine })
	return ls
}
