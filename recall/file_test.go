package recall

import (
	"strings"
	"testing"
)

func TestFileMatcher(t *testing.T) {
	t.Parallel()
	const root = "/home/u/src/proj"
	tests := []struct {
		pattern string
		path    string
		want    bool
	}{
		{"archive/search.go", "archive/search.go", true},
		{"./archive/search.go", "archive/search.go", true},
		{"archive/search.go", "archive/search_test.go", false},
		{"search.go", "archive/search.go", true},
		{"search.go", "search.go", true},
		{"search.go", "archive/research.go", false},
		{"*.go", "cmd/hansard/main.go", true},
		{"*.go", "README.md", false},
		{"*_test.go", "recall/query_test.go", true},
		{"archive/*.go", "archive/open.go", true},
		{"archive/*.go", "archive/migrations/x.go", false},
		{"archive/**/*.sql", "archive/migrations/0001_init.sql", true},
		{"archive/**/*.sql", "archive/x.sql", true},
		{"**/doc.go", "recall/doc.go", true},
		{"**/doc.go", "doc.go", true},
		{"archive/", "archive/migrations/0001_init.sql", true},
		{"archive/", "archived/x", false},
		{"app/[id]/page.tsx", "app/[id]/page.tsx", true},
		{"app/[id]/page.tsx", "app/i/page.tsx", true},
		{"/home/u/src/proj/archive/open.go", "archive/open.go", true},
		{"/home/u/src/proj/archive/*.go", "archive/open.go", true},
		{"/elsewhere/open.go", "archive/open.go", false},
		{"notes.txt", "/tmp/notes.txt", true},
	}
	for _, tt := range tests {
		m, err := newFileMatcher(tt.pattern)
		if err != nil {
			t.Errorf("%q: %v", tt.pattern, err)
			continue
		}
		if got := m.match(root, tt.path); got != tt.want {
			t.Errorf("%q on %q: %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
		// The archive narrows with the literal part: it must be in every match.
		if lit := m.literal(); tt.want && !strings.Contains(tt.path, lit) && !strings.Contains(root+"/"+tt.path, lit) {
			t.Errorf("%q: literal %q not in matching path %q", tt.pattern, lit, tt.path)
		}
	}
}

func TestFileMatcherErrors(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"", "  ", "/", "./", "archive/[.go"} {
		if _, err := newFileMatcher(p); ErrorCode(err) != CodeInvalidArgument {
			t.Errorf("%q: got %v, want invalid_argument", p, err)
		}
	}
}
