package main

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/archive"
)

// TestMapTarget checks which checkout a --map line of status names: this
// one when at least half of the files the folder's sessions edited are in
// it, a placeholder when fewer are, when they edited nothing, or outside a
// repository.
func TestMapTarget(t *testing.T) {
	t.Parallel()
	checkout := t.TempDir()
	for _, f := range []string{"a.go", "lib/b.go"} {
		p := filepath.Join(checkout, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		edited   []string
		checkout string
		want     string
	}{
		{[]string{"a.go", "lib/b.go"}, checkout, checkout},
		{[]string{"a.go", "gone.go"}, checkout, checkout},
		{[]string{"a.go", "x.go", "y.go"}, checkout, "/path/to/its/checkout"},
		{[]string{"x.go"}, checkout, "/path/to/its/checkout"},
		{nil, checkout, "/path/to/its/checkout"},
		{[]string{"a.go"}, "", "/path/to/your/checkout"},
	}
	for _, c := range cases {
		if got, _ := mapTarget(archive.UnattachedFolder{Folder: "/recorded/p", Edited: c.edited}, c.checkout); got != c.want {
			t.Errorf("mapTarget(%v, %q) = %s, want %s", c.edited, c.checkout, got, c.want)
		}
	}
}
