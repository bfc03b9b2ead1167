package textdiff

import "testing"

func TestUnified(t *testing.T) {
	for _, c := range []struct{ before, after, want string }{
		{"a\nb\n", "a\nb\n", ""},
		{"", "a\n", "--- old\n+++ new\n@@ -0,0 +1,1 @@\n+a\n"},
		{"a\nb\nc\n", "a\nB\nc\n", "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"a", "b", "--- old\n+++ new\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"},
	} {
		if got := Unified("old", "new", c.before, c.after); got != c.want {
			t.Errorf("Unified(%q, %q) =\n%s\nwant\n%s", c.before, c.after, got, c.want)
		}
	}
}
