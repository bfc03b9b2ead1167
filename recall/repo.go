package recall

import (
	"context"
	"path/filepath"
	"strings"
)

// RepoOf returns the root of the archived repository that contains dir
// (the deepest one), or "" when none does.
func (s *Service) RepoOf(ctx context.Context, dir string) (string, error) {
	roots, err := s.Archive.RepoRoots(ctx)
	if err != nil {
		return "", internal("list repositories", err)
	}
	return repoContaining(filepath.Clean(dir), roots), nil
}

func repoContaining(dir string, roots []string) string {
	best := ""
	for _, r := range roots {
		if (dir == r || strings.HasPrefix(dir, strings.TrimSuffix(r, "/")+"/")) && len(r) > len(best) {
			best = r
		}
	}
	return best
}

// resolveRepo turns the repo filter into a repository root: an absolute
// path is the root that contains it (or itself, matching nothing, when no
// archived repository does); a name is the last element (or elements:
// org/name) of exactly one archived root.
func resolveRepo(want string, roots []string) (string, error) {
	want = strings.TrimSpace(want)
	if filepath.IsAbs(want) {
		want = filepath.Clean(want)
		if r := repoContaining(want, roots); r != "" {
			return r, nil
		}
		return want, nil
	}
	name := strings.Trim(filepath.ToSlash(want), "/")
	var found []string
	for _, r := range roots {
		if filepath.Base(r) == name || strings.HasSuffix(r, "/"+name) {
			found = append(found, r)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		e := &Error{Code: CodeNotFound, Field: "repo", Message: "no archived conversation belongs to a repository named " + name}
		if len(roots) > 0 {
			e.Message += "; archived repositories"
			e.Candidates = firstN(roots, 10)
		}
		return "", e
	}
	return "", &Error{Code: CodeAmbiguous, Field: "repo", Message: "repository name " + name + " matches several repositories; give the root", Candidates: found}
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
