package gitrepo

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// FileAdditions is a file as a commit left it, with the lines the commit
// added to it.
type FileAdditions struct {
	Path  string // repo-relative path after the commit
	Lines []AddedLine
}

// AddedLine is one line a commit added.
type AddedLine struct {
	Line int    // 1-based line number in the file after the commit
	Text string // without the newline
}

// CommitsByPrefix returns the full ids of the commits whose id starts with
// prefix (4 to 64 hexadecimal digits; `git rev-parse --disambiguate`):
// none for an unknown prefix, several for an ambiguous one. Objects other
// than commits are left out.
func (r *Repo) CommitsByPrefix(ctx context.Context, prefix string) ([]string, error) {
	p := strings.ToLower(prefix)
	if len(p) < 4 || len(p) > 64 || strings.Trim(p, "0123456789abcdef") != "" {
		return nil, fmt.Errorf("commit %q: %w (want 4 to 64 hexadecimal digits)", prefix, ErrBadRevision)
	}
	out, err := output(ctx, r.dir(), "rev-parse", "--disambiguate="+p)
	if err != nil {
		return nil, fmt.Errorf("commits named %s: %w", p, err)
	}
	var ids []string
	for _, id := range strings.Fields(string(out)) {
		if _, err := r.repo.CommitObject(plumbing.NewHash(id)); err == nil {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// AddedLines returns, per file, the lines commit (a revision) added
// compared with its first parent, or with nothing for a root commit
// (`git diff-tree -p -M --unified=0`, renames followed). Deleted files,
// binary files and submodules are left out, as are files the commit only
// removed lines from.
func (r *Repo) AddedLines(ctx context.Context, commit string) ([]FileAdditions, error) {
	c, err := r.commitObject(commit)
	if err != nil {
		return nil, err
	}
	args := []string{"-c", "core.quotePath=false", "diff-tree", "-p", "-M", "--unified=0", "--no-color",
		"--no-commit-id", "--no-ext-diff", "--src-prefix=a/", "--dst-prefix=b/"}
	if len(c.ParentHashes) == 0 {
		args = append(args, "--root", c.Hash.String())
	} else {
		args = append(args, c.ParentHashes[0].String(), c.Hash.String())
	}
	var files []FileAdditions
	err = stream(ctx, r.dir(), args, func(br *bufio.Reader) error {
		var perr error
		files, perr = ParseAddedLines(br)
		return perr
	})
	if err != nil {
		return nil, fmt.Errorf("lines added by %s: %w", short(c.Hash.String()), err)
	}
	return files, nil
}

// ParseAddedLines reads a patch made with --unified=0 (git diff-tree -p or
// git show) and returns the lines added per file, in the order of the
// patch. Binary files, submodules and deleted files are left out.
func ParseAddedLines(br *bufio.Reader) ([]FileAdditions, error) {
	var (
		out          []FileAdditions
		cur          *FileAdditions
		skip         bool // the current file is a submodule or deleted
		oldN, newN   int  // lines of the current hunk still to read
		next         int  // line number of the next added line
		headerSeen   bool
		finishedFile = func() {
			if cur != nil && !skip && len(cur.Lines) > 0 {
				out = append(out, *cur)
			}
			cur, skip = nil, false
		}
	)
	err := eachLine(br, func(n int, line string) error {
		if oldN > 0 || newN > 0 {
			switch {
			case strings.HasPrefix(line, "+") && newN > 0:
				if cur != nil {
					cur.Lines = append(cur.Lines, AddedLine{Line: next, Text: strings.TrimSuffix(line[1:], "\r")})
				}
				next++
				newN--
			case strings.HasPrefix(line, "-") && oldN > 0:
				oldN--
			case strings.HasPrefix(line, `\`):
			default:
				return fmt.Errorf("patch line %d: %q inside a hunk", n, line)
			}
			return nil
		}
		switch {
		case strings.HasPrefix(line, "diff --git "):
			finishedFile()
			cur, headerSeen = &FileAdditions{}, false
		case cur == nil, strings.HasPrefix(line, `\`):
		case strings.HasPrefix(line, "@@ "):
			var err error
			if next, oldN, newN, err = parseHunkHeader(line); err != nil {
				return fmt.Errorf("patch line %d: %w", n, err)
			}
			headerSeen = true
		case headerSeen:
			return fmt.Errorf("patch line %d: %q after a hunk", n, line)
		case strings.HasPrefix(line, "+++ "):
			p := strings.TrimSuffix(line[4:], "\t")
			if p == "/dev/null" {
				skip = true
				break
			}
			cur.Path = strings.TrimPrefix(unquotePath(p), "b/")
		case strings.HasSuffix(line, " 160000") && (strings.HasPrefix(line, "index ") || strings.HasPrefix(line, "new file mode ") || strings.HasPrefix(line, "new mode ")):
			skip = true // a submodule's commit, not lines of a file
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if oldN > 0 || newN > 0 {
		return nil, fmt.Errorf("patch ends inside a hunk")
	}
	finishedFile()
	return out, nil
}

// parseHunkHeader reads "@@ -a[,b] +c[,d] @@…" and returns c (the first
// new line), b and d (the old and new line counts).
func parseHunkHeader(line string) (first, oldN, newN int, err error) {
	f := strings.Fields(line)
	if len(f) < 4 || f[0] != "@@" || f[3] != "@@" || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q", line)
	}
	_, oldN, err = parseRange(f[1][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("hunk header %q: %w", line, err)
	}
	first, newN, err = parseRange(f[2][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("hunk header %q: %w", line, err)
	}
	return first, oldN, newN, nil
}

// parseRange reads "start[,count]" (count 1 when left out).
func parseRange(s string) (start, count int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	count = 1
	if ok {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad range %q", s)
		}
	}
	return start, count, nil
}
