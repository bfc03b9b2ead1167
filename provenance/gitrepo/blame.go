package gitrepo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// BlameCommit is the commit information git blame reports once per commit.
// Lines of the same commit share one *BlameCommit.
type BlameCommit struct {
	Hash       string // ZeroCommit for lines not committed yet
	Author     string
	AuthorMail string
	AuthorTime time.Time
	CommitTime time.Time // committer time: the latest the content can be from
	Summary    string
	Boundary   bool // the commit is a boundary of the blamed range (or the root)
	// Previous is the commit and path that the blamed lines were compared
	// against, when git reported one.
	PreviousCommit string
	PreviousPath   string
}

// Uncommitted reports whether the lines come from the working tree.
func (c *BlameCommit) Uncommitted() bool { return c.Hash == ZeroCommit }

// BlameLine is one line of a blamed file.
type BlameLine struct {
	FinalLine int // 1-based line number in the blamed file
	OrigLine  int // 1-based line number in OrigPath at Commit
	Commit    *BlameCommit
	// OrigPath is the file the line had in Commit: differs from the blamed
	// path when git followed a rename or found the line copied or moved.
	OrigPath string
	Text     string // without the newline (and without a carriage return before it)
}

// BlameOptions selects what to blame.
type BlameOptions struct {
	// Rev is the revision to blame at; "" blames the working tree, where
	// lines not committed yet come out with ZeroCommit.
	Rev string
	// Start and End (1-based, inclusive) limit blame to a range; 0 means
	// the whole file.
	Start, End int
	// Since, when set, limits blame to the commits since then: lines of
	// older commits come out of a boundary commit (Boundary), older than
	// Since.
	Since time.Time
	// Ranges, when set, limit blame to these line ranges instead of
	// Start..End (git blame takes one -L per range).
	Ranges []LineRange
	// Moves turns on move and copy detection (-M and -C): a line moved or
	// copied from elsewhere is blamed to the commit that first wrote it,
	// with that file's path. Plain blame names the commit that put the line
	// in this file (following whole-file renames only).
	Moves bool
	// MoveScore and CopyScore are the numbers of alphanumeric characters a
	// block must have for git to follow it as moved within the file (-M) or
	// copied from another file (-C), with Moves; zero means
	// DefaultMoveScore and DefaultCopyScore.
	MoveScore, CopyScore int
	// Text, when set, is the blamed content's lines as the caller read
	// them (the working tree's, or the revision's), which BlameSettled and
	// BlameIncremental give the lines; else they read it.
	Text []string
}

// LineRange is a range of lines, 1-based and inclusive.
type LineRange struct{ Start, End int }

// Default thresholds of -M and -C. Git's own defaults (20 and 40) take
// recurring boilerplate written again further down a file
// (`if err != nil { http.Error(…); return }`) for a copy of its first
// occurrence, which hides the commit that really added it. hansard matches
// lines by content, so it does not need git to follow small moves within a
// file; it needs moves across files (for the path the line came from).
const (
	DefaultMoveScore = 200
	DefaultCopyScore = 40
)

// Blame runs `git blame --porcelain` on path (relative to the working tree
// root or absolute), with -M -C when opt.Moves, and returns its lines in
// file order.
func (r *Repo) Blame(ctx context.Context, path string, opt BlameOptions) ([]BlameLine, error) {
	lines, _, err := r.runBlame(ctx, path, opt, "--porcelain", ParseBlame)
	return lines, err
}

// runBlame runs git blame in format on path and parses its output with
// parse (whose errSettled stops git and is no error); a working-tree file
// git does not track yet has every line uncommitted. It returns the path
// relative to the working tree too.
func (r *Repo) runBlame(ctx context.Context, path string, opt BlameOptions, format string, parse func(*bufio.Reader) ([]BlameLine, error)) ([]BlameLine, string, error) {
	if r.WorkTree == "" && opt.Rev == "" {
		return nil, "", fmt.Errorf("blame %s: bare repository has no working tree: %w", path, ErrNoSuchPath)
	}
	rel, err := r.Rel(path)
	if err != nil {
		return nil, "", fmt.Errorf("blame: %w", err)
	}
	args, err := blameArgs(rel, opt, format)
	if err != nil {
		return nil, rel, err
	}
	var lines []BlameLine
	err = stream(ctx, r.dir(), args, func(br *bufio.Reader) error {
		var perr error
		lines, perr = parse(br)
		return perr
	})
	if errors.Is(err, errSettled) {
		err = nil
	}
	if err != nil {
		if opt.Rev == "" && untracked(err) {
			if lines, ok := r.blameUntracked(rel, opt); ok {
				return lines, rel, nil
			}
			if !errors.Is(err, ErrNoSuchPath) {
				return nil, rel, fmt.Errorf("blame %s: %w (%v)", rel, ErrNoSuchPath, err)
			}
		}
		return nil, rel, fmt.Errorf("blame %s: %w", rel, err)
	}
	return lines, rel, nil
}

// blameArgs returns the arguments of git blame in format (--porcelain or
// --incremental) for opt.
func blameArgs(rel string, opt BlameOptions, format string) ([]string, error) {
	move, copies := opt.MoveScore, opt.CopyScore
	if move <= 0 {
		move = DefaultMoveScore
	}
	if copies <= 0 {
		copies = DefaultCopyScore
	}
	args := []string{"-c", "core.quotePath=false", "blame", format}
	if opt.Moves {
		args = append(args, fmt.Sprintf("-M%d", move), fmt.Sprintf("-C%d", copies))
	}
	switch {
	case len(opt.Ranges) > 0:
		for _, r := range opt.Ranges {
			args = append(args, "-L", fmt.Sprintf("%d,%d", r.Start, max(r.End, r.Start)))
		}
	case opt.Start > 0:
		args = append(args, "-L", fmt.Sprintf("%d,%d", opt.Start, max(opt.End, opt.Start)))
	}
	if !opt.Since.IsZero() {
		args = append(args, fmt.Sprintf("--since=@%d", opt.Since.Unix()))
	}
	if opt.Rev != "" {
		if strings.HasPrefix(opt.Rev, "-") {
			return nil, fmt.Errorf("blame %s: revision %q: %w", rel, opt.Rev, ErrBadRevision)
		}
		args = append(args, opt.Rev)
	}
	return append(args, "--", rel), nil
}

// covers reports whether line n is among the lines opt blames.
func (opt BlameOptions) covers(n int) bool {
	if len(opt.Ranges) > 0 {
		for _, r := range opt.Ranges {
			if n >= r.Start && n <= max(r.End, r.Start) {
				return true
			}
		}
		return false
	}
	return opt.Start <= 0 || (n >= opt.Start && n <= max(opt.End, opt.Start))
}

// untracked reports whether blame failed because the file (or any commit)
// is not in HEAD yet.
func untracked(err error) bool {
	var ge *Error
	if !errors.As(err, &ge) {
		return false
	}
	return errors.Is(err, ErrNoSuchPath) || strings.Contains(ge.Stderr, "no such ref: HEAD")
}

// blameUntracked gives every line of a working-tree file that git does not
// track yet to ZeroCommit, as git blame does for uncommitted lines.
func (r *Repo) blameUntracked(rel string, opt BlameOptions) ([]BlameLine, bool) {
	p := filepath.Join(r.WorkTree, filepath.FromSlash(rel))
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	text := strings.TrimSuffix(string(b), "\n")
	if text == "" && len(b) == 0 {
		return nil, true
	}
	c := &BlameCommit{Hash: ZeroCommit, Author: "Not Committed Yet", AuthorMail: "not.committed.yet", AuthorTime: fi.ModTime().UTC(), CommitTime: fi.ModTime().UTC(), Summary: "Version of " + rel + " from " + rel}
	var out []BlameLine
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		if !opt.covers(n) {
			continue
		}
		out = append(out, BlameLine{FinalLine: n, OrigLine: n, Commit: c, OrigPath: rel, Text: strings.TrimSuffix(line, "\r")})
	}
	return out, true
}

// ParseBlame reads `git blame --porcelain` output.
func ParseBlame(r *bufio.Reader) ([]BlameLine, error) {
	p := newBlameParser()
	var out []BlameLine
	err := eachLine(r, func(n int, line string) error {
		switch {
		case strings.HasPrefix(line, "\t"):
			if p.cur == nil {
				return fmt.Errorf("blame output line %d: content before header", n)
			}
			p.cur.Text = strings.TrimSuffix(line[1:], "\r")
			if p.cur.OrigPath == "" {
				p.cur.OrigPath = p.paths[p.cur.Commit.Hash]
			}
			out = append(out, *p.cur)
			p.cur = nil
		case p.cur == nil:
			if _, err := p.header(line); err != nil {
				return fmt.Errorf("blame output line %d: %w", n, err)
			}
		default:
			p.field(line)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if p.cur != nil {
		return nil, errors.New("blame output ends inside an entry")
	}
	return out, nil
}

// blameParser holds what blame output has said so far: the commits (each
// described once), the last path of each, and the entry being read.
type blameParser struct {
	commits map[string]*BlameCommit
	paths   map[string]string
	cur     *BlameLine
}

func newBlameParser() *blameParser {
	return &blameParser{commits: map[string]*BlameCommit{}, paths: map[string]string{}}
}

// header starts an entry from its header line.
func (p *blameParser) header(line string) (blameHeader, error) {
	hdr, err := parseBlameHeader(line)
	if err != nil {
		return hdr, err
	}
	c := p.commits[hdr.hash]
	if c == nil {
		c = &BlameCommit{Hash: hdr.hash}
		p.commits[hdr.hash] = c
	}
	p.cur = &BlameLine{FinalLine: hdr.final, OrigLine: hdr.orig, Commit: c}
	return hdr, nil
}

// field reads a "key value" line of the entry; it returns the key.
func (p *blameParser) field(line string) string {
	key, val, _ := strings.Cut(line, " ")
	applyBlameField(p.cur, p.paths, key, val)
	return key
}

// eachLine calls fn with every line of r, without its newline, and its
// number, until fn fails or the input ends.
func eachLine(r *bufio.Reader, fn func(n int, line string) error) error {
	for n := 1; ; n++ {
		raw, err := r.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if raw == "" && errors.Is(err, io.EOF) {
			return nil
		}
		if ferr := fn(n, strings.TrimSuffix(raw, "\n")); ferr != nil {
			return ferr
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// blameHeader is the first line of an entry: commit, original and final
// line numbers, and (on a group's first line) how many lines follow; 0
// when absent or unreadable.
type blameHeader struct {
	hash               string
	orig, final, count int
}

func parseBlameHeader(line string) (blameHeader, error) {
	f := strings.Fields(line)
	if len(f) < 3 || len(f[0]) < 40 {
		return blameHeader{}, fmt.Errorf("bad header %q", line)
	}
	orig, err1 := strconv.Atoi(f[1])
	final, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil {
		return blameHeader{}, fmt.Errorf("bad header %q", line)
	}
	hdr := blameHeader{hash: f[0], orig: orig, final: final}
	if len(f) == 4 {
		hdr.count, _ = strconv.Atoi(f[3])
	}
	return hdr, nil
}

func applyBlameField(cur *BlameLine, paths map[string]string, key, val string) {
	c := cur.Commit
	switch key {
	case "author":
		c.Author = val
	case "author-mail":
		c.AuthorMail = strings.Trim(val, "<>")
	case "author-time":
		c.AuthorTime = unixTime(val)
	case "committer-time":
		c.CommitTime = unixTime(val)
	case "summary":
		c.Summary = val
	case "boundary":
		c.Boundary = true
	case "previous":
		h, p, _ := strings.Cut(val, " ")
		c.PreviousCommit, c.PreviousPath = h, unquotePath(p)
	case "filename":
		cur.OrigPath = unquotePath(val)
		paths[c.Hash] = cur.OrigPath
	}
}

func unixTime(s string) time.Time {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.Unix(n, 0).UTC()
}

// unquotePath undoes git's C-style quoting of unusual path names.
func unquotePath(p string) string {
	if len(p) >= 2 && p[0] == '"' && p[len(p)-1] == '"' {
		if u, err := strconv.Unquote(p); err == nil {
			return u
		}
	}
	return p
}
