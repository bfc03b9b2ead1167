package gitrepo

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"
)

// PathChange is one commit in the history of a file, as followed across
// renames and copies.
type PathChange struct {
	Commit string
	// AuthorTime and CommitTime as Unix seconds in UTC.
	AuthorTime, CommitTime int64
	// Status is git's name-status letter: A, M, D, R (renamed) or C (copied).
	Status byte
	Path   string // the file's path after this commit
	// OldPath is the path before a rename or copy; "" otherwise.
	OldPath string
	// Trailers are the commit's trailers, as git finds them (CommitLog,
	// EachCommit and EachCommitExcept only).
	Trailers []Trailer
}

// PathHistory lists the commits that touched path, newest first, following
// renames and copies (`git log --follow --name-status`), starting at rev
// ("" for HEAD). A repository without commits has an empty history.
func (r *Repo) PathHistory(ctx context.Context, rev, path string) ([]PathChange, error) {
	rel, err := r.Rel(path)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("history of %s: revision %q: %w", rel, rev, ErrBadRevision)
	}
	args := []string{"-c", "core.quotePath=false", "log", "--follow", "-M", "-C", "--name-status", logFormat}
	if rev != "" {
		args = append(args, rev)
	}
	out, err := r.nameStatusLog(ctx, append(args, "--", rel))
	if err != nil {
		return nil, fmt.Errorf("history of %s: %w", rel, err)
	}
	return out, nil
}

// collect returns every entry each hands its fn, commit by commit.
func collect(each func(fn func([]PathChange) error) error) ([]PathChange, error) {
	var out []PathChange
	err := each(func(c []PathChange) error {
		out = append(out, c...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachLogCommit reads `git log --name-status --format=%x00%H %at %ct` and
// calls fn with the entries of each commit in turn, in a slice valid only
// during the call: one PathChange per file a commit shows, in git's order,
// and one without Status or Path for a commit that shows none.
func eachLogCommit(br *bufio.Reader, fn func([]PathChange) error) error {
	var cur []PathChange
	flush := func() error {
		if len(cur) == 0 {
			return nil
		}
		err := fn(cur)
		cur = cur[:0]
		return err
	}
	err := eachLine(br, func(_ int, line string) error {
		switch {
		case strings.HasPrefix(line, "\x00"):
			if err := flush(); err != nil {
				return err
			}
			c, err := parseLogHeader(line[1:])
			if err != nil {
				return err
			}
			cur = append(cur, c)
		case strings.Contains(line, "\t") && len(cur) > 0:
			f := strings.Split(line, "\t")
			if f[0] == "" {
				return fmt.Errorf("log output %q: no status", line)
			}
			st := f[0][0]
			last := &cur[len(cur)-1]
			if last.Path != "" {
				// Another file of the same commit (CommitLog's every
				// file, or a copy's source beside the followed file):
				// an entry of its own.
				c := *last
				c.OldPath = ""
				cur = append(cur, c)
				last = &cur[len(cur)-1]
			}
			last.Status = st
			switch {
			case (st == 'R' || st == 'C') && len(f) >= 3:
				last.OldPath, last.Path = unquotePath(f[1]), unquotePath(f[2])
			case len(f) >= 2:
				last.Path = unquotePath(f[1])
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}

// parseLogHeader reads logFormat's "<commit> <author time> <commit time>",
// and the trailers commitLogFormat adds, each after a 0x1f byte.
func parseLogHeader(s string) (PathChange, error) {
	var c PathChange
	var err1, err2 error
	s, trailers, _ := strings.Cut(s, "\x1f")
	for _, t := range strings.Split(trailers, "\x1f") {
		if k, v, ok := strings.Cut(t, ":"); ok && strings.TrimSpace(k) != "" {
			c.Trailers = append(c.Trailers, Trailer{Key: strings.TrimSpace(k), Value: strings.TrimSpace(v)})
		}
	}
	f := strings.Fields(s)
	if len(f) == 3 {
		c.Commit = f[0]
		c.AuthorTime, err1 = strconv.ParseInt(f[1], 10, 64)
		c.CommitTime, err2 = strconv.ParseInt(f[2], 10, 64)
	}
	if len(f) != 3 || err1 != nil || err2 != nil {
		return c, fmt.Errorf("log output: bad commit line %q", s)
	}
	return c, nil
}

// Paths returns the distinct paths a file had in its history, including the
// old sides of renames and copies, in order of first appearance.
func Paths(h []PathChange) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, c := range h {
		add(c.Path)
		add(c.OldPath)
	}
	return out
}
