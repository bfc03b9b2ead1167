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
	text, err := r.blamedText(ctx, rel, opt)
	if err != nil {
		return nil, fmt.Errorf("blame %s: %w", rel, err)
	}
	return withText(lines, text), nil
}

// BlameIncremental blames opt's range like Blame, with `git blame
// --incremental`, and hands fn the lines of each entry as git settles
// them, with their text: the commits newest first (by commit time), each
// commit's lines before any older commit's. fn returns true to stop git
// (BlameIncremental then returns nil). A working-tree file git does not
// track yet comes as one entry of uncommitted lines.
func (r *Repo) BlameIncremental(ctx context.Context, path string, opt BlameOptions, fn func([]BlameLine) bool) error {
	rel, err := r.Rel(path)
	if err != nil {
		return fmt.Errorf("blame: %w", err)
	}
	text, err := r.blamedText(ctx, rel, opt)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("blame %s: %w", rel, ErrNoSuchPath)
	}
	if err != nil {
		return fmt.Errorf("blame %s: %w", rel, err)
	}
	handed := false
	lines, _, err := r.runBlame(ctx, rel, opt, "--incremental", func(br *bufio.Reader) ([]BlameLine, error) {
		return nil, parseEntries(br, func(entry []BlameLine) error {
			handed = true
			if fn(withText(entry, text)) {
				return errSettled
			}
			return nil
		})
	})
	if err == nil && !handed && len(lines) > 0 { // not tracked yet: every line uncommitted
		fn(lines)
	}
	return err
}

// blamedText returns the blamed file's lines: opt.Text, else read.
func (r *Repo) blamedText(ctx context.Context, rel string, opt BlameOptions) ([]string, error) {
	if opt.Text != nil {
		return opt.Text, nil
	}
	return r.content(ctx, rel, opt.Rev)
}

// withText gives each line its text from the blamed file's lines.
func withText(lines []BlameLine, text []string) []BlameLine {
	for i := range lines {
		if n := lines[i].FinalLine; n >= 1 && n <= len(text) {
			lines[i].Text = strings.TrimSuffix(text[n-1], "\r")
		}
	}
	return lines
}

// content returns the lines of the blamed file: the working tree's, or
// the revision's.
func (r *Repo) content(ctx context.Context, rel, rev string) ([]string, error) {
	var b []byte
	var err error
	if rev == "" {
		if r.WorkTree == "" {
			return nil, fmt.Errorf("bare repository has no working tree: %w", ErrNoSuchPath)
		}
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
	var out []BlameLine
	pending := to - from + 1
	var settled map[string]bool // the commits of from..to, once all came
	err := parseEntries(br, func(entry []BlameLine) error {
		if settled != nil && !settled[entry[0].Commit.Hash] {
			return errSettled
		}
		for _, l := range entry {
			if l.FinalLine >= from && l.FinalLine <= to {
				pending--
			}
		}
		out = append(out, entry...)
		if pending <= 0 && settled == nil {
			settled = map[string]bool{}
			for _, l := range out {
				if l.FinalLine >= from && l.FinalLine <= to {
					settled[l.Commit.Hash] = true
				}
			}
		}
		return nil
	})
	if errors.Is(err, errSettled) {
		return sortLines(out), err
	}
	if err != nil {
		return nil, err
	}
	return sortLines(out), nil
}

// parseEntries reads `git blame --incremental` output and hands fn the
// lines of each entry (one commit's run of lines) as it ends, without
// their text. An error of fn ends the reading and is returned.
func parseEntries(br *bufio.Reader, fn func([]BlameLine) error) error {
	p := newBlameParser()
	var num int
	err := eachLine(br, func(n int, line string) error {
		if p.cur != nil {
			if p.field(line) != "filename" {
				return nil
			}
			entry := make([]BlameLine, num)
			for k := range entry {
				l := *p.cur
				l.FinalLine, l.OrigLine = p.cur.FinalLine+k, p.cur.OrigLine+k
				entry[k] = l
			}
			p.cur = nil
			return fn(entry)
		}
		hdr, err := p.header(line)
		if err != nil {
			return fmt.Errorf("blame output line %d: %w", n, err)
		}
		if num = hdr.count; num < 1 {
			return fmt.Errorf("blame output line %d: bad header %q", n, line)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if p.cur != nil {
		return errors.New("blame output ends inside an entry")
	}
	return nil
}

func sortLines(ls []BlameLine) []BlameLine {
	slices.SortFunc(ls, func(a, b BlameLine) int { return a.FinalLine - b.FinalLine })
	return ls
}
