package main

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/archive"
)

// TestMapTarget checks which folder a --map line of status names: this
// checkout, or its folder the recorded folder was, when at least half of
// the files the folder's sessions edited are in it, a placeholder when
// fewer are, when they edited nothing, or outside a repository.
func TestMapTarget(t *testing.T) {
	t.Parallel()
	checkout := t.TempDir()
	for _, f := range []string{"a.go", "lib/b.go", "services/api/main.go", "services/api/go.mod"} {
		p := filepath.Join(checkout, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		folder   string
		edited   []string
		checkout string
		want     string
	}{
		{"/recorded/p", []string{"a.go", "lib/b.go"}, checkout, checkout},
		{"/recorded/p", []string{"a.go", "gone.go"}, checkout, checkout},
		{"/recorded/p", []string{"a.go", "x.go", "y.go"}, checkout, "/path/to/its/checkout"},
		{"/recorded/p", []string{"x.go"}, checkout, "/path/to/its/checkout"},
		{"/recorded/p", nil, checkout, "/path/to/its/checkout"},
		{"/recorded/p", []string{"a.go"}, "", "/path/to/your/checkout"},
		// Sessions started in a subfolder: the map goes to that subfolder.
		{"/recorded/p/services/api", []string{"main.go", "go.mod"}, checkout, filepath.Join(checkout, "services", "api")},
		{"/recorded/p/lib", []string{"b.go"}, checkout, filepath.Join(checkout, "lib")},
	}
	for _, c := range cases {
		if got, _ := mapTarget(archive.UnattachedFolder{Folder: c.folder, Edited: c.edited}, c.checkout); got != c.want {
			t.Errorf("mapTarget(%s, %v, %q) = %s, want %s", c.folder, c.edited, c.checkout, got, c.want)
		}
	}
}
