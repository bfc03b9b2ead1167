package devset

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"hansard/archive"
	"hansard/fixtures/shared"
	"hansard/fixtures/tempdir"
	"hansard/fixtures/testgc"
	"hansard/provenance"
	"hansard/provenance/accuracy"
	"hansard/provenance/gitrepo"
	"hansard/provenance/gitrepo/gittest"
	"hansard/transcripts"
)

// world is one set of the development set unpacked and answered: a clone
// of its repository, an archive of its home's transcripts attached to the
// clone with the path maps a user would give, and Why's answers for every
// file its ground truth covers.
type world struct {
	name string
	// clone and home are the set's repository and home folder unpacked,
	// in dir; set is the set's folder.
	clone, home, dir, set string
	// strict is gt-strict.jsonl, the lines an honest tool can find; all is
	// gt.jsonl.
	strict, all []truthLine
	maps        []archive.PathMap
	archive     *archive.Archive
	answers     map[string][]provenance.Attribution // by repo-relative file
	// parents maps a subagent's session id to its parent's.
	parents       map[string]string
	index, answer time.Duration
	// indexed is a copy of the archive's folder as indexing left it, before
	// any answer (see TestDevsetAutoAttach).
	indexed string
}

// Worlds are built once per test binary, in scratch (TestMain's folder),
// and shared by every test that asks for them; two sets are built at once,
// one set once (building holds a lock per set while it is built).
var (
	scratch  string
	worldsMu sync.Mutex
	worlds   = map[string]*world{}
	building = map[string]*sync.Mutex{}
)

func TestMain(m *testing.M) {
	testgc.Pace()
	done := tempdir.InMemory()
	dir, err := os.MkdirTemp("", "hansard-devset-")
	if err != nil {
		panic(err)
	}
	scratch = dir
	code := m.Run()
	for _, w := range worlds {
		w.archive.Close()
	}
	os.RemoveAll(dir)
	done()
	os.Exit(code)
}

// loadWorld returns the set's world, building it on first use; it skips
// the test when the development set is not beside the checkout (and fails
// it under CI).
func loadWorld(t *testing.T, name string) *world {
	t.Helper()
	set := shared.Dir(t, "devset", name)
	worldsMu.Lock()
	mu := building[name]
	if mu == nil {
		mu = new(sync.Mutex)
		building[name] = mu
	}
	worldsMu.Unlock()
	mu.Lock()
	defer mu.Unlock()
	worldsMu.Lock()
	w := worlds[name]
	worldsMu.Unlock()
	if w != nil {
		return w
	}
	w = buildWorld(t, name, set)
	worldsMu.Lock()
	worlds[name] = w
	worldsMu.Unlock()
	return w
}

// buildWorld clones the set's bundle, unpacks its home, indexes the home
// into an archive with the user's path maps and answers every file of the
// ground truth, whole, as `hansard why FILE` does.
func buildWorld(t *testing.T, name, set string) *world {
	t.Helper()
	ctx := context.Background()
	dir, err := filepath.EvalSymlinks(scratch)
	if err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(dir, name)
	bundle, err := filepath.Abs(filepath.Join(set, "repo.bundle"))
	if err != nil {
		t.Fatal(err)
	}
	clone, home := filepath.Join(dir, "repo"), filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	(&gittest.Repo{T: t, Dir: dir}).GitIn(dir, "clone", "-q", "-b", "main", bundle, clone)
	if err := accuracy.Untar(filepath.Join(set, "home.tar.gz"), home); err != nil {
		t.Fatal(err)
	}
	w := &world{name: name, clone: clone, home: home, dir: dir, set: set, answers: map[string][]provenance.Attribution{}}
	if w.strict, err = readTruth(filepath.Join(set, "gt-strict.jsonl")); err != nil {
		t.Fatal(err)
	}
	if w.all, err = readTruth(filepath.Join(set, "gt.jsonl")); err != nil {
		t.Fatal(err)
	}
	sessions, err := readSessions(filepath.Join(set, "sessions.json"))
	if err != nil {
		t.Fatal(err)
	}
	w.maps = userMaps(sessions, clone)

	start := time.Now()
	a, err := accuracy.IndexHome(ctx, home, w.maps, dir)
	if err != nil {
		t.Fatal(err)
	}
	w.index = time.Since(start)
	// The archive is closed for the copy, so that no connection holds
	// its WAL, and opened again as IndexHome opened it.
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	w.indexed = filepath.Join(dir, "indexed")
	tempdir.CopyTree(t, a.Dir(), w.indexed)
	if w.archive, err = archive.Open(ctx, archive.Options{Dir: a.Dir(), Resolver: provenance.ArchiveResolver{}, PathMaps: w.maps}); err != nil {
		t.Fatal(err)
	}

	start = time.Now()
	repo, err := gitrepo.Open(clone)
	if err != nil {
		t.Fatal(err)
	}
	adapters := provenance.NewArchiveAdapters(w.archive)
	at := adapters.Attributor()
	at.Cache = adapters.Cache
	named := map[string]bool{}
	for _, l := range append(w.strict, w.all...) {
		if _, done := w.answers[l.File]; done {
			continue
		}
		out, err := at.Why(ctx, repo, provenance.Query{Path: l.File})
		if err != nil {
			t.Fatalf("why %s: %v", l.File, err)
		}
		w.answers[l.File] = out
		for _, a := range out {
			if a.Edit != nil {
				named[a.Edit.SessionID] = true
			}
			for _, c := range a.Candidates {
				named[c.SessionID] = true
			}
		}
	}
	w.answer = time.Since(start)
	w.parents = subagentParents(t, w.archive, named)
	return w
}

// userMaps returns the path maps a user would give to attach the sessions
// to the clone: every recorded repository root to the clone. A session
// recorded in a subfolder of its repository (a cwd ending in folders the
// clone has) names the root above that subfolder.
func userMaps(sessions map[string]session, clone string) []archive.PathMap {
	roots := map[string]bool{}
	for _, s := range sessions {
		if s.CWD != "" {
			roots[recordedRoot(s.CWD, clone)] = true
		}
	}
	var maps []archive.PathMap
	for r := range roots {
		maps = append(maps, archive.PathMap{From: r, To: clone})
	}
	sort.Slice(maps, func(i, j int) bool { return maps[i].From < maps[j].From })
	return maps
}

// recordedRoot is cwd less its longest tail of folders that is a folder
// of the clone.
func recordedRoot(cwd, clone string) string {
	parts := strings.Split(strings.Trim(cwd, "/"), "/")
	for k := len(parts) - 1; k >= 1; k-- {
		tail := filepath.Join(parts[len(parts)-k:]...)
		if fi, err := os.Stat(filepath.Join(clone, tail)); err == nil && fi.IsDir() {
			return "/" + path.Join(parts[:len(parts)-k]...)
		}
	}
	return cwd
}

// subagentParents maps each session an answer names (or lists as a
// candidate) that is a subagent to its parent session.
func subagentParents(t *testing.T, a *archive.Archive, named map[string]bool) map[string]string {
	t.Helper()
	ids := make([]string, 0, len(named))
	for id := range named {
		ids = append(ids, id)
	}
	heads, err := a.SessionHeads(context.Background(), ids)
	if err != nil {
		t.Fatal(err)
	}
	parents := map[string]string{}
	for id, s := range heads {
		if s.ParentID != "" && s.Relation == transcripts.RelSubagent {
			parents[id] = s.ParentID
		}
	}
	return parents
}
