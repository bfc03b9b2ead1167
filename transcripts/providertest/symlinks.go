package providertest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hansard/transcripts"
)

// checkSymlinks lays the files out again with every discovered transcript
// replaced by a link: discovery follows a link to a regular file inside
// the provider's roots, and skips one to a file outside them (a .jsonl link
// to /etc/passwd), with a *transcripts.SkippedError.
func checkSymlinks(t *testing.T, s Suite, sources []*source) {
	t.Helper()
	var want []string
	for _, sc := range sources {
		want = append(want, sc.rel)
	}
	outside := t.TempDir()
	for _, inside := range []bool{true, false} {
		home := t.TempDir()
		writeFiles(t, home, s.Files)
		for i, rel := range want {
			p := filepath.Join(home, filepath.FromSlash(rel))
			target := p + ".target" // a name no provider reads
			if !inside {
				target = filepath.Join(outside, strings.Repeat("x", i+1)+".jsonl")
			}
			if err := os.Rename(p, target); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
		}
		got, skipped := discoverLinks(t, s, home)
		switch {
		case inside && (!slices.Equal(got, want) || len(skipped) > 0):
			t.Errorf("links inside the roots: discovered %q, skipped %q; want %q", got, skipped, want)
		case !inside && (len(got) > 0 || !slices.Equal(skipped, want)):
			t.Errorf("links outside the roots: discovered %q, skipped %q; want all skipped", got, skipped)
		}
	}
}

// discoverLinks returns the sources discovered under home and the files
// skipped with a *transcripts.SkippedError, relative to home and sorted.
func discoverLinks(t *testing.T, s Suite, home string) (found, skipped []string) {
	t.Helper()
	envMap := map[string]string{"HOME": home}
	if s.Env != nil {
		envMap = s.Env(home)
	}
	rel := func(p string) string {
		r, _ := filepath.Rel(home, p)
		return filepath.ToSlash(r)
	}
	warn := func(path string, err error) {
		var skip *transcripts.SkippedError
		if !errors.As(err, &skip) {
			t.Errorf("discover warned on %s: %v", path, err)
			return
		}
		skipped = append(skipped, rel(path))
	}
	env := func(k string) string { return envMap[k] }
	err := s.Provider.Discover(context.Background(), s.Provider.Roots(env), warn, func(src transcripts.Source) error {
		found = append(found, rel(src.Path))
		return nil
	})
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	slices.Sort(found)
	slices.Sort(skipped)
	return found, skipped
}
