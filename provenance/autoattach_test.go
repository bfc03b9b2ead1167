package provenance

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/archive"
)

func TestNormalizeRemote(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"git@github.com:o/r.git":           "github.com/o/r",
		"ssh://git@github.com/o/r":         "github.com/o/r",
		"https://user@GitHub.com/o/r/":     "github.com/o/r",
		"https://u:tok@github.com/o/r.git": "github.com/o/r",
		"https://github.com/o/r2":          "github.com/o/r2",
		"/srv/git/r.git":                   "/srv/git/r",
		"":                                 "",
	} {
		if got := NormalizeRemote(in); got != want {
			t.Errorf("NormalizeRemote(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRecordedTop checks where a recorded folder sits in its repository:
// the longest tail that is a folder of the checkout, unless the session's
// edited files say otherwise.
func TestRecordedTop(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	for _, d := range []string{"agents/x", "proj/sub"} {
		if err := os.MkdirAll(filepath.Join(top, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(top, "sub.go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cwd   string
		files []string
		want  string
	}{
		{"/home/a/proj/agents/x", nil, "/home/a/proj"},
		{"/home/a/work", nil, "/home/a/work"},
		// proj is a folder of the checkout too: the edited file says
		// that the recorded folder was the top.
		{"/home/a/proj", []string{"/home/a/proj/sub.go"}, "/home/a/proj"},
		{"/home/a/other/x", nil, "/home/a/other/x"},
		// proj/sub is a folder of the checkout, but the edited file is
		// found only when the recorded folder is the checkout's top.
		{"/home/a/proj/sub", []string{"/home/a/proj/sub/sub.go"}, "/home/a/proj/sub"},
	} {
		g := archive.RecordedGit{CWD: tc.cwd, Files: tc.files}
		if got := recordedTop(g, top); got != tc.want {
			t.Errorf("recordedTop(%s) = %s, want %s", tc.cwd, got, tc.want)
		}
	}
}
