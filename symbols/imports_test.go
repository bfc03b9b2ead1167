//go:build cgo

package symbols

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"testing"
)

// memRepo is a repository's files in memory.
type memRepo map[string]string

func (m memRepo) ReadFile(p string) ([]byte, error) {
	s, ok := m[p]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(s), nil
}

func (m memRepo) repo() *Repo {
	var files []string
	for f := range m {
		files = append(files, f)
	}
	sort.Strings(files)
	return NewRepo(files, m, NewParser(Options{}))
}

// importers lists the importers of target as "path:line import".
func importers(t *testing.T, r *Repo, target string) []string {
	t.Helper()
	got, _, err := r.Importers(context.Background(), target)
	if err != nil {
		t.Fatalf("importers of %s: %v", target, err)
	}
	var out []string
	for _, im := range got {
		out = append(out, fmt.Sprintf("%s:%d %s", im.Path, im.Line, im.Import))
	}
	return out
}

func checkImporters(t *testing.T, r *Repo, want map[string][]string) {
	t.Helper()
	targets := make([]string, 0, len(want))
	for target := range want {
		targets = append(targets, target)
	}
	sort.Strings(targets)
	for _, target := range targets {
		checkLines(t, "importers of "+target, importers(t, r, target), want[target])
	}
}

func TestImportersCountsUnreadableCandidates(t *testing.T) {
	m := memRepo{
		"go.mod":   "module m\n",
		"a/a.go":   goFile("a"),
		"b/b.go":   goFile("b", "m/a"),
		"c/big.go": goFile("c", "m/a") + strings.Repeat("// padding\n", 1000),
	}
	files := []string{"a/a.go", "b/b.go", "c/big.go", "gone/gone.go", "go.mod"}
	r := NewRepo(files, m, NewParser(Options{MaxBytes: 4 << 10}))
	got, st, err := r.Importers(context.Background(), "a/a.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Path != "b/b.go" {
		t.Errorf("importers %v, want b/b.go", got)
	}
	// gone.go cannot be read, big.go is too large to parse.
	if st.Files != 3 || st.Candidates != 2 || st.Skipped != 2 {
		t.Errorf("stats %+v, want 3 files, 2 candidates, 2 skipped", st)
	}
}

// blobRepo is a memRepo that knows its blob ids (as a tree listing gives
// them) and counts its reads.
type blobRepo struct {
	memRepo
	ids   map[string]string
	mu    sync.Mutex
	reads int
}

func newBlobRepo(m memRepo) *blobRepo {
	b := &blobRepo{memRepo: m, ids: map[string]string{}}
	for f, s := range m {
		b.ids[f] = BlobID([]byte(s))
	}
	return b
}

func (b *blobRepo) ReadFile(p string) ([]byte, error) {
	b.mu.Lock()
	b.reads++
	b.mu.Unlock()
	return b.memRepo.ReadFile(p)
}

func (b *blobRepo) BlobID(p string) (string, bool) {
	id, ok := b.ids[p]
	return id, ok
}

func TestImportersFromCachedBlobsReadNothing(t *testing.T) {
	src := newBlobRepo(memRepo{
		"go.mod": "module m\n",
		"a/a.go": goFile("a"),
		"b/b.go": goFile("b", "m/a"),
		"c/c.go": goFile("c", "m/a"),
		"d/d.go": goFile("d"),
	})
	r := NewRepo([]string{"a/a.go", "b/b.go", "c/c.go", "d/d.go", "go.mod"}, src, NewParser(Options{}))
	for round := range 2 {
		src.reads = 0
		got, _, err := r.Importers(context.Background(), "a/a.go")
		if err != nil || len(got) != 2 {
			t.Fatalf("round %d: importers %v, %v", round, got, err)
		}
		// The first round reads go.mod and every Go file but the target
		// (d.go does not name m/a, so it is read and not parsed); the
		// second reads only d.go, whose parse was never cached.
		if want := []int{4, 1}[round]; src.reads != want {
			t.Errorf("round %d: %d reads, want %d", round, src.reads, want)
		}
	}
}

// With ParseSpare, the files a search reads that do not name its target
// are parsed for the cache too, within the budget: a later search (of
// any target) reads none of them again.
func TestImportersParseSpareFillsTheCache(t *testing.T) {
	m := memRepo{
		"go.mod": "module m\n",
		"a/a.go": goFile("a"),
		"b/b.go": goFile("b", "m/a"),
		"d/d.go": goFile("d"),
		"e/e.go": goFile("e", "m/d"),
	}
	files := []string{"a/a.go", "b/b.go", "d/d.go", "e/e.go", "go.mod"}
	// The second search reads go.mod (a new search finds the modules
	// again) and a.go (the first search's target, never read); e.go
	// too when the first did not parse it (a budget of one byte parses
	// nothing).
	for _, tc := range []struct {
		spare int64
		reads int // of the second search
	}{{1 << 20, 2}, {1, 3}} {
		src := newBlobRepo(m)
		r := NewRepo(files, src, NewParser(Options{}))
		r.ParseSpare(tc.spare)
		if got, _, err := r.Importers(context.Background(), "a/a.go"); err != nil || len(got) != 1 {
			t.Fatalf("importers of a: %v, %v", got, err)
		}
		src.reads = 0
		again := NewRepo(files, src, r.parser) // a new search, the same cache
		if got, _, err := again.Importers(context.Background(), "d/d.go"); err != nil || len(got) != 1 || got[0].Path != "e/e.go" {
			t.Fatalf("importers of d: %v, %v", got, err)
		}
		if src.reads != tc.reads {
			t.Errorf("spare %d: the second search read %d files, want %d", tc.spare, src.reads, tc.reads)
		}
	}
}
