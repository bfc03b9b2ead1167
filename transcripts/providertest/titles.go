package providertest

import (
	"os"
	"path/filepath"
	"testing"

	"hansard/transcripts"
)

// CheckTitles parses each transcript of dir named in want, as the source
// that source makes of its name, and checks that it holds one session,
// titled as want says.
func CheckTitles(t *testing.T, p transcripts.Provider, dir string, source func(name string) transcripts.Source, want map[string]string) {
	t.Helper()
	for name, title := range want {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		c, _ := ParseFrom(t, p, source(name), data, transcripts.Checkpoint{})
		if ss := c.Sessions(); len(ss) != 1 || ss[0].Title != title {
			t.Errorf("%s: sessions %+v, want one titled %q", name, ss, title)
		}
	}
}
