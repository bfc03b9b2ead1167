package gitrepo

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// RevParse resolves a revision to a full commit id with the git executable
// (`git rev-parse --verify REV^{commit}`). It accepts everything git does,
// including reflog and :/text forms that go-git does not.
func (r *Repo) RevParse(ctx context.Context, rev string) (string, error) {
	if rev == "" {
		rev = "HEAD"
	}
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("rev-parse %q: %w", rev, ErrBadRevision)
	}
	out, err := output(ctx, r.dir(), "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		if ge, ok := err.(*Error); ok && ge.kind == nil && ge.ExitCode == 1 {
			ge.kind = ErrBadRevision
		}
		return "", fmt.Errorf("rev-parse %q: %w", rev, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// ShowToplevel asks git for the working tree root of dir
// (`git rev-parse --show-toplevel`).
func ShowToplevel(ctx context.Context, dir string) (string, error) {
	out, err := output(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", fmt.Errorf("toplevel of %s: %w", dir, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// dir is the folder git commands run in.
func (r *Repo) dir() string {
	if r.WorkTree != "" {
		return r.WorkTree
	}
	return r.GitDir
}

// CommitBefore returns the newest commit reachable from rev ("" for HEAD)
// whose committer time is at or before t (`git rev-list -1 --before`), or ""
// when there is none. With Blob it gives a file's content as git had it
// when an edit was made.
func (r *Repo) CommitBefore(ctx context.Context, rev string, t time.Time) (string, error) {
	if rev == "" {
		rev = "HEAD"
	}
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("rev-list %q: %w", rev, ErrBadRevision)
	}
	out, err := output(ctx, r.dir(), "rev-list", "-1", fmt.Sprintf("--before=%d", t.Unix()), rev, "--")
	if err != nil {
		return "", fmt.Errorf("commit before %s: %w", t.Format(time.RFC3339), err)
	}
	return strings.TrimSpace(string(out)), nil
}
