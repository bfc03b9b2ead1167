package gitrepo

import (
	"bufio"
	"context"
	"fmt"
	"strings"
)

// ChangedPaths returns, per commit id, the repo-relative paths the commit
// changed compared with its first parent (a root commit: every path it
// holds), with `git log --no-walk --name-only`, renames not followed. A
// merge commit changes nothing here.
func (r *Repo) ChangedPaths(ctx context.Context, commits []string) (map[string][]string, error) {
	out := make(map[string][]string, len(commits))
	if len(commits) == 0 {
		return out, nil
	}
	args := []string{"-c", "core.quotePath=false", "log", "--no-walk=unsorted", "--name-only", "--no-renames", "--format=%x00%H"}
	for _, c := range commits {
		if len(c) != 40 || strings.Trim(c, "0123456789abcdef") != "" {
			return nil, fmt.Errorf("changed paths of %q: %w", c, ErrBadRevision)
		}
		out[c] = nil
	}
	args = append(append(args, commits...), "--")
	err := stream(ctx, r.dir(), args, func(br *bufio.Reader) error {
		cur := ""
		return eachLine(br, func(_ int, line string) error {
			if id, ok := strings.CutPrefix(line, "\x00"); ok {
				cur = id
			} else if cur != "" && line != "" {
				out[cur] = append(out[cur], unquotePath(line))
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("changed paths: %w", err)
	}
	return out, nil
}
