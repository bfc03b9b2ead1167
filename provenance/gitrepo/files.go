package gitrepo

import (
	"bytes"
	"context"
	"fmt"
)

// TrackedFiles lists the files of the working tree's index, repo-relative
// and slash-separated (`git ls-files -z`).
func (r *Repo) TrackedFiles(ctx context.Context) ([]string, error) {
	out, err := output(ctx, r.dir(), "-c", "core.quotePath=false", "ls-files", "-z")
	if err != nil {
		return nil, fmt.Errorf("tracked files: %w", err)
	}
	var files []string
	for _, f := range bytes.Split(out, []byte{0}) {
		if len(f) > 0 {
			files = append(files, string(f))
		}
	}
	return files, nil
}
