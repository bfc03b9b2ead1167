package archive

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"hansard/transcripts"
)

// quickEnv is a testEnv whose archive clock runs an hour ahead, so that a
// refresh trusts folders written moments ago (see racyMargin), and which
// counts the files discovery hands on: none when the shortcut is taken.
type quickEnv struct {
	*testEnv
	a          *Archive
	discovered atomic.Int64
}

func newQuickEnv(t *testing.T) *quickEnv {
	t.Helper()
	q := &quickEnv{testEnv: newTestEnv(t)}
	q.prov.discovered = func(string) { q.discovered.Add(1) }
	q.a = q.open(Options{Now: func() time.Time { return time.Now().Add(time.Hour) }})
	return q
}

// refresh refreshes and reports whether discovery ran (the long way).
func (q *quickEnv) refresh() (RefreshResult, bool) {
	q.t.Helper()
	before := q.discovered.Load()
	res := q.testEnv.refresh(q.a, RefreshOptions{})
	return res, q.discovered.Load() != before
}

// settle makes sure the filesystem clock has moved past the times the
// last snapshot recorded, so that a change made now moves them (a real
// refresh gets this from racyMargin).
func (q *quickEnv) settle() {
	q.t.Helper()
	var root syscall.Stat_t
	if err := syscall.Stat(q.root, &root); err != nil {
		q.t.Fatal(err)
	}
	probe := filepath.Join(q.t.TempDir(), "tick")
	for {
		if err := os.WriteFile(probe, nil, 0o600); err != nil {
			q.t.Fatal(err)
		}
		var st syscall.Stat_t
		if err := syscall.Stat(probe, &st); err != nil {
			q.t.Fatal(err)
		}
		if ctimeNS(&st) > ctimeNS(&root) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// indexed writes two sessions (one in a sub-folder), refreshes, and checks
// that the next refresh takes the shortcut.
func (q *quickEnv) indexed() {
	q.t.Helper()
	q.write("s1.jsonl", sessionLines("s1", "/w")...)
	q.write("sub/s2.jsonl", sessionLines("s2", "/w")...)
	if res, _ := q.refresh(); res.Reread != 2 {
		q.t.Fatalf("first refresh: %+v", res)
	}
	res, long := q.refresh()
	if long || res.Unchanged != 2 || res.Sources != 2 {
		q.t.Fatalf("unchanged refresh: %+v (discovered: %v)", res, long)
	}
	q.settle()
}

func TestQuickRefreshSkipsDiscovery(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	q.indexed()
	parses := q.prov.parses.Load()
	d1 := dump(t, q.a)
	res, long := q.refresh()
	if long || res.Unchanged != 2 || q.prov.parses.Load() != parses {
		t.Fatalf("refresh: %+v (discovered: %v)", res, long)
	}
	if d2 := dump(t, q.a); d2 != d1 {
		t.Fatalf("the shortcut changed the archive")
	}
}

func TestQuickRefreshNoticesChanges(t *testing.T) {
	t.Parallel()
	// Files that only grew, shrank or were rewritten in place are read
	// without listing a folder (planChanged); anything else lists them.
	for _, tc := range []struct {
		name   string
		change func(q *quickEnv)
		check  func(res RefreshResult) bool
		lists  bool
	}{
		{"appended", func(q *quickEnv) {
			q.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"one more thing","uuid":"s1-u9"}`+"\n")
		}, func(r RefreshResult) bool { return r.Appended == 1 && r.Unchanged == 1 }, false},
		{"new in a folder", func(q *quickEnv) {
			q.write("sub/s3.jsonl", sessionLines("s3", "/w")...)
		}, func(r RefreshResult) bool { return r.Reread == 1 && r.Unchanged == 2 }, true},
		{"new in a new folder", func(q *quickEnv) {
			q.write("sub/deeper/s3.jsonl", sessionLines("s3", "/w")...)
		}, func(r RefreshResult) bool { return r.Reread == 1 && r.Unchanged == 2 }, true},
		{"deleted", func(q *quickEnv) {
			if err := os.Remove(filepath.Join(q.root, "sub", "s2.jsonl")); err != nil {
				q.t.Fatal(err)
			}
		}, func(r RefreshResult) bool { return r.Deleted == 1 && r.Unchanged == 1 }, true},
		{"replaced", func(q *quickEnv) {
			lines := sessionLines("s1", "/w")
			lines[1] = strings.Replace(lines[1], "please fix", "kindly fix it", 1)
			tmp := filepath.Join(q.root, "s1.tmp")
			if err := os.WriteFile(tmp, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
				q.t.Fatal(err)
			}
			if err := os.Rename(tmp, filepath.Join(q.root, "s1.jsonl")); err != nil {
				q.t.Fatal(err)
			}
		}, func(r RefreshResult) bool { return r.Reread == 1 && r.Generations == 1 && r.Unchanged == 1 }, true},
		{"shrunk", func(q *quickEnv) {
			q.write("s1.jsonl", sessionLines("s1", "/w")[:2]...)
		}, func(r RefreshResult) bool { return r.Appended == 1 && r.Generations == 0 && r.Unchanged == 1 }, false},
		{"rewritten in place", func(q *quickEnv) {
			lines := sessionLines("s1", "/w")
			lines[1] = strings.Replace(lines[1], "please fix", "kindly fix it", 1)
			q.write("s1.jsonl", lines...)
		}, func(r RefreshResult) bool { return r.Reread == 1 && r.Generations == 1 && r.Unchanged == 1 }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := newQuickEnv(t)
			q.indexed()
			tc.change(q)
			want := dumpAfterLongRefresh(t, q)
			res, long := q.refresh()
			if long != tc.lists || !tc.check(res) {
				t.Fatalf("after change: %+v (discovered: %v)", res, long)
			}
			// A deleted file's sessions stay, and so do those of a file's
			// earlier generation and the text cut off a file, which a new
			// archive lacks.
			if got := dump(t, q.a); tc.name != "shrunk" && res.Deleted+res.Generations == 0 && got != want {
				t.Fatalf("archive after the change:\n%s\nwant (the long way):\n%s", got, want)
			}
			// The refresh that read the change takes a new snapshot.
			if res, long := q.refresh(); long || res.Unchanged != res.Sources {
				t.Fatalf("refresh after: %+v (discovered: %v)", res, long)
			}
		})
	}
}

func TestQuickRefreshRefusesStaleSnapshot(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		spoil func(q *quickEnv)
	}{
		// A power loss took the transactions after the snapshot's token.
		{"token", func(q *quickEnv) {
			if err := q.a.setMeta(context.Background(), metaSnapshot, "older"); err != nil {
				q.t.Fatal(err)
			}
		}},
		{"torn", func(q *quickEnv) {
			path := filepath.Join(q.dir, snapshotFile)
			b, err := os.ReadFile(path)
			if err != nil {
				q.t.Fatal(err)
			}
			if err := os.WriteFile(path, b[:len(b)/2], 0o600); err != nil {
				q.t.Fatal(err)
			}
		}},
		{"missing", func(q *quickEnv) {
			if err := os.Remove(filepath.Join(q.dir, snapshotFile)); err != nil {
				q.t.Fatal(err)
			}
		}},
		{"other roots", func(q *quickEnv) { q.withSecondRoot(t.TempDir()) }},
		{"rebuild", func(q *quickEnv) {
			if err := q.a.markRebuild(context.Background(), []transcripts.Provider{q.prov}); err != nil {
				q.t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := newQuickEnv(t)
			q.indexed()
			tc.spoil(q)
			if _, long := q.refresh(); !long {
				t.Fatal("refresh took the shortcut")
			}
		})
	}
}

func TestQuickRefreshParserUpgrade(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	refresh := func(version string) (RefreshResult, bool) {
		before := q.discovered.Load()
		p := versionedProvider{q.prov, version}
		res, err := q.a.Refresh(context.Background(), []transcripts.Provider{p}, q.env, RefreshOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return res, q.discovered.Load() != before
	}
	q.write("s1.jsonl", sessionLines("s1", "/w")...)
	refresh("1")
	if res, long := refresh("1"); long || res.Unchanged != 1 {
		t.Fatalf("same version: %+v (discovered: %v)", res, long)
	}
	if res, long := refresh("2"); !long || res.Rebuilt != 1 {
		t.Fatalf("new version: %+v (discovered: %v)", res, long)
	}
}

func TestQuickRefreshPaused(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	q.indexed()
	if err := q.a.SetPaused(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	if res, _ := q.refresh(); !res.Paused {
		t.Fatalf("paused: %+v", res)
	}
}

// With the real clock, folders written moments ago are not trusted: no
// snapshot, and every refresh goes the long way until they settle.
func TestNoSnapshotOfRecentFolders(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	if _, err := os.Stat(filepath.Join(e.dir, snapshotFile)); !os.IsNotExist(err) {
		t.Fatalf("snapshot of fresh folders: %v", err)
	}
}

// No snapshot while a folder cannot be read: the long way reports it.
func TestNoSnapshotWithScanErrors(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	q.write("s1.jsonl", sessionLines("s1", "/w")...)
	q.write("locked/s2.jsonl", sessionLines("s2", "/w")...)
	q.prov.denied = map[string]bool{filepath.Join(q.root, "locked"): true}
	q.refresh()
	if _, long := q.refresh(); !long {
		t.Fatal("refresh took the shortcut past an unreadable folder")
	}
}

func TestSnapshotRoundTrip(t *testing.T) {
	t.Parallel()
	s := &snapshot{
		token: "tok",
		roots: []snapRoot{{"lines", "/r"}, {"lines", "/gone"}},
		dirs: []snapDir{
			{path: "/r", dev: 1, ino: 2, mtimeNS: 3, ctimeNS: 4, exists: true, followsLink: true},
			{path: "/gone", followsLink: true},
			{path: "/r/sub\nwith newline", dev: 1, ino: 5, mtimeNS: -6, ctimeNS: 7, exists: true},
		},
		files: []snapFile{{path: "/r/a.jsonl", size: 10, mtime: 1 << 60}, {path: "/r/b", size: -1}},
	}
	got, err := decodeSnapshot(s.encode())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.encode(), s.encode()) || got.dirs[2] != s.dirs[2] || got.files[0] != s.files[0] {
		t.Fatalf("round trip: %+v", got)
	}
}

func TestSnapshotBadInput(t *testing.T) {
	t.Parallel()
	good := (&snapshot{token: "t", files: []snapFile{{path: "/a", size: 1, mtime: 2}}}).encode()
	flipped := bytes.Clone(good)
	flipped[len(snapshotMagic)+2] ^= 0xff
	huge := []byte(snapshotMagic)
	huge = append(huge, 1, 't', 0xfe, 0xff, 0xff, 0xff, 0x0f) // a count far past the end
	for name, b := range map[string][]byte{
		"empty":     nil,
		"magic":     []byte(snapshotMagic),
		"other":     append([]byte("hansard refresh snapshot 9\n"), good[len(snapshotMagic):]...),
		"truncated": good[:len(good)-3],
		"flipped":   flipped,
		"extra":     append(bytes.Clone(good[:len(good)-4]), 0, 0, 0, 0, 0),
		"huge":      appendCRC(huge),
	} {
		if _, err := decodeSnapshot(b); err != errBadSnapshot {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A migration may change what a refresh must read: opening drops the
// snapshot when it migrates.
func TestMigrationDropsSnapshot(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, snapshotFile)
	if err := os.WriteFile(path, (&snapshot{token: "t"}).encode(), 0o600); err != nil {
		t.Fatal(err)
	}
	a, err := Open(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("snapshot after migrating: %v", err)
	}
}

// dumpAfterLongRefresh returns what a refresh the long way makes of the
// current files, in a copy of the archive.
func dumpAfterLongRefresh(t *testing.T, q *quickEnv) string {
	t.Helper()
	other := newTestEnv(t)
	other.root, other.env = q.root, q.env
	b := other.open(Options{})
	other.refresh(b, RefreshOptions{})
	return dump(t, b)
}

func TestPlanChangedFallsBack(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		spoil func(q *quickEnv)
	}{
		// Another refresh ran between the check and the lock.
		{"token", func(q *quickEnv) {
			if err := setMetaTx(context.Background(), q.a.db, metaSnapshot, "newer"); err != nil {
				q.t.Fatal(err)
			}
		}},
		{"gone", func(q *quickEnv) {
			if err := os.Remove(filepath.Join(q.root, "s1.jsonl")); err != nil {
				q.t.Fatal(err)
			}
		}},
		// Another refresh began a rebuild and re-parsed the changed file
		// before it stopped: the other sources still wait for theirs.
		{"rebuild", func(q *quickEnv) {
			if err := q.a.markRebuild(context.Background(), []transcripts.Provider{q.prov}); err != nil {
				q.t.Fatal(err)
			}
			if _, err := q.a.db.Exec(`UPDATE sources SET reparse = 0 WHERE path = ?`, filepath.Join(q.root, "s1.jsonl")); err != nil {
				q.t.Fatal(err)
			}
		}},
		{"row gone", func(q *quickEnv) {
			if _, err := q.a.db.Exec(`DELETE FROM sources WHERE path = ?`, filepath.Join(q.root, "s1.jsonl")); err != nil {
				q.t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := newQuickEnv(t)
			q.indexed()
			q.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"one more thing","uuid":"s1-u9"}`+"\n")
			check := q.a.quickUnchanged(context.Background(), []transcripts.Provider{q.prov}, q.env)
			if check.snap == nil || len(check.changed) != 1 {
				t.Fatalf("check: %+v", check)
			}
			tc.spoil(q)
			var res RefreshResult
			jobs, planned, err := q.a.planChanged(context.Background(), check, []transcripts.Provider{q.prov}, &res)
			if err != nil || planned || jobs != nil {
				t.Fatalf("planned %d jobs: %v %v", len(jobs), planned, err)
			}
		})
	}
}

// A session being written: every refresh reads what was appended without
// listing a folder, and the archive matches one refreshed the long way.
func TestQuickRefreshFollowsAGrowingFile(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	q.indexed()
	for i := range 3 {
		q.appendRaw("sub/s2.jsonl", fmt.Sprintf(`{"t":"msg","role":"user","text":"step %d","uuid":"s2-x%d"}`+"\n", i, i))
		if res, long := q.refresh(); long || res.Appended != 1 || res.Unchanged != 1 {
			t.Fatalf("append %d: %+v (discovered: %v)", i, res, long)
		}
	}
	if res, long := q.refresh(); long || res.Unchanged != 2 {
		t.Fatalf("after: %+v (discovered: %v)", res, long)
	}
	if got, want := dump(t, q.a), dumpAfterLongRefresh(t, q); got != want {
		t.Fatalf("archive:\n%s\nwant (the long way):\n%s", got, want)
	}
}

// A snapshot older than the rows it ties to (another refresh read a file
// and stopped before taking its own): the refresh that finds the file
// already read takes a snapshot with what is stored, and the next one
// takes the shortcut.
func TestQuickRefreshSettlesAFileReadMeanwhile(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	q.indexed()
	stale, err := q.a.readSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	q.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"one more thing","uuid":"s1-u9"}`+"\n")
	if res, _ := q.refresh(); res.Appended != 1 {
		t.Fatalf("append: %+v", res)
	}
	if stale.token, err = q.a.getMeta(context.Background(), metaSnapshot); err != nil {
		t.Fatal(err)
	}
	if err := q.a.writeSnapshot(stale); err != nil {
		t.Fatal(err)
	}
	if res, long := q.refresh(); long || res.Appended != 0 || res.Unchanged != 2 {
		t.Fatalf("refresh past the stale snapshot: %+v (discovered: %v)", res, long)
	}
	if check := q.a.quickUnchanged(context.Background(), []transcripts.Provider{q.prov}, q.env); !check.unchanged() {
		t.Fatalf("check after: %+v", check)
	}
}

// withSecondRoot makes the provider read a second root, at path.
func (q *quickEnv) withSecondRoot(path string) {
	q.env = func(k string) string {
		if k == q.prov.envKey {
			return q.root + ":" + path
		}
		return ""
	}
}

// A root missing when the snapshot was taken is recorded as missing: once
// it appears, the refresh lists it.
func TestQuickRefreshNoticesARootAppearing(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	other := filepath.Join(t.TempDir(), "later")
	q.withSecondRoot(other)
	q.indexed()
	if err := os.MkdirAll(other, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "s3.jsonl"), []byte(strings.Join(sessionLines("s3", "/w"), "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if res, long := q.refresh(); !long || res.Reread != 1 || res.Unchanged != 2 {
		t.Fatalf("refresh after the root appeared: %+v (discovered: %v)", res, long)
	}
}

// A root that is a file, not a folder, cannot be listed: no snapshot, and
// every refresh goes the long way.
func TestNoSnapshotWhenARootIsAFile(t *testing.T) {
	t.Parallel()
	q := newQuickEnv(t)
	file := filepath.Join(t.TempDir(), "root-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	q.withSecondRoot(file)
	q.write("s1.jsonl", sessionLines("s1", "/w")...)
	q.refresh()
	if _, long := q.refresh(); !long {
		t.Fatal("refresh took the shortcut past a root that is a file")
	}
}
