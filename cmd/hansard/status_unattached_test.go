package main

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/archive"
)

// TestMapTarget checks which folder a --map line of status names: this
// checkout, or its folder the recorded folder was, when at least half of
// the files edited under the folder are in it (two at least, one in a
// subfolder), a placeholder when fewer are, when they edited nothing, when
// the recorded folder is not absolute, or outside a repository.
func TestMapTarget(t *testing.T) {
	t.Parallel()
	checkout := t.TempDir()
	for _, f := range []string{"a.go", "README.md", "lib/b.go", "lib/README.md", "lib/lib/b.go",
		"services/api/main.go", "services/api/go.mod", "services/api/internal/x.go"} {
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
		{"/recorded/p", []string{"a.go", "lib/b.go", "gone.go", "gone2.go"}, checkout, checkout},
		{"/recorded/p", []string{"a.go", "lib/b.go", "x.go", "y.go", "z.go"}, checkout, "/path/to/its/checkout"},
		// One file, or files of the top folder only, tell too little.
		{"/recorded/p", []string{"lib/b.go"}, checkout, "/path/to/its/checkout"},
		{"/recorded/p", []string{"a.go", "README.md"}, checkout, "/path/to/its/checkout"},
		{"/recorded/p", []string{"x.go"}, checkout, "/path/to/its/checkout"},
		{"/recorded/p", nil, checkout, "/path/to/its/checkout"},
		{"recorded/p", []string{"a.go", "lib/b.go"}, checkout, "/path/to/its/checkout"},
		{"/recorded/p", []string{"a.go", "lib/b.go"}, "", "/path/to/your/checkout"},
		// Sessions started in a subfolder: the map goes to that subfolder
		// when it holds more of the files than the checkout does.
		{"/recorded/p/services/api", []string{"main.go", "go.mod", "internal/x.go"}, checkout, filepath.Join(checkout, "services", "api")},
		// A tie goes to the checkout: lib/ holds lib/b.go and README.md too.
		{"/recorded/lib", []string{"lib/b.go", "README.md"}, checkout, checkout},
	}
	for _, c := range cases {
		if got, _ := mapTarget(archive.UnattachedFolder{Folder: c.folder, Edited: c.edited}, c.checkout); got != c.want {
			t.Errorf("mapTarget(%s, %v, %q) = %s, want %s", c.folder, c.edited, c.checkout, got, c.want)
		}
	}
}
