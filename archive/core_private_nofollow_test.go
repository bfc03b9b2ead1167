package archive

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hansard/transcripts"
)

// victim is a file outside the archive folder that a link inside it points
// at; hansard must leave it exactly as it was.
type victim struct {
	path  string
	mtime time.Time
}

var victimText = []byte("not hansard's file\n")

func newVictim(t *testing.T) victim {
	t.Helper()
	v := victim{path: filepath.Join(t.TempDir(), "outside"), mtime: time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)}
	if err := os.WriteFile(v.path, victimText, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(v.path, v.mtime, v.mtime); err != nil {
		t.Fatal(err)
	}
	return v
}

func (v victim) check(t *testing.T) {
	t.Helper()
	b, err := os.ReadFile(v.path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(v.path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, victimText) || fi.Mode().Perm() != 0o644 || !fi.ModTime().Equal(v.mtime) {
		t.Errorf("the file a link pointed at changed: %.40q, mode %v, mtime %v", b, fi.Mode().Perm(), fi.ModTime())
	}
}

// A link placed where the archive keeps a file (the database's WAL, the
// lock, the refresh stamp and snapshot, a retained copy and its temporary
// file, the retained folder) never makes hansard write through it.
func TestArchiveFollowsNoLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for name, plant := range map[string]func(e *testEnv, a *Archive, target string) string{
		"wal":      func(e *testEnv, a *Archive, target string) string { return a.Path() + "-wal" },
		"lock":     func(e *testEnv, a *Archive, target string) string { return filepath.Join(e.dir, "write.lock") },
		"stamp":    func(e *testEnv, a *Archive, target string) string { return filepath.Join(e.dir, refreshStamp) },
		"snapshot": func(e *testEnv, a *Archive, target string) string { return filepath.Join(e.dir, snapshotFile+".tmp") },
		"retained": func(e *testEnv, a *Archive, target string) string {
			e.appendRaw("a.jsonl", `{"t":"msg","role":"user","text":"more"}`+"\n")
			return a.RetainedPath(e.prov.name, filepath.Join(e.root, "a.jsonl"))
		},
		"retained tmp": func(e *testEnv, a *Archive, target string) string {
			e.write("b.jsonl", sessionLines("s2", "/w")...)
			return a.RetainedPath(e.prov.name, filepath.Join(e.root, "b.jsonl")) + ".tmp"
		},
		"retained folder": func(e *testEnv, a *Archive, target string) string {
			e.write("b.jsonl", sessionLines("s2", "/w")...)
			os.RemoveAll(filepath.Join(e.dir, "retained"))
			return filepath.Join(e.dir, "retained")
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newTestEnv(t)
			e.write("a.jsonl", sessionLines("s1", "/w")...)
			layEmpty(t, e.dir)
			a, err := Open(ctx, Options{Dir: e.dir})
			if err != nil {
				t.Fatal(err)
			}
			e.refresh(a, RefreshOptions{})
			a.Close()

			v := newVictim(t)
			target := v.path
			if name == "retained folder" {
				target = filepath.Dir(v.path)
			}
			link := plant(e, a, target)
			os.Remove(link)
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			if name == "stamp" {
				// The stamp is only touched: make the snapshot miss.
				e.appendRaw("a.jsonl", `{"t":"msg","role":"user","text":"more"}`+"\n")
			}
			if a, err = Open(ctx, Options{Dir: e.dir}); err == nil {
				a.Refresh(ctx, []transcripts.Provider{e.prov}, e.env, RefreshOptions{})
				a.Refresh(ctx, []transcripts.Provider{e.prov}, e.env, RefreshOptions{Rebuild: true})
				a.Close()
			}
			v.check(t)
			if name == "retained folder" {
				if entries, _ := os.ReadDir(target); len(entries) != 1 {
					t.Errorf("wrote %d files into the folder a link pointed at", len(entries)-1)
				}
			}
		})
	}
}

// A link placed where the database goes, pointing at a file or at
// nothing, is refused: the file stays as it was and nothing is created
// where the link points.
func TestOpenRefusesLinkedDatabase(t *testing.T) {
	t.Parallel()
	for _, dangling := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "archive")
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		v := newVictim(t)
		target := v.path
		if dangling {
			target = filepath.Join(t.TempDir(), "missing")
		}
		if err := os.Symlink(target, filepath.Join(dir, DBName)); err != nil {
			t.Fatal(err)
		}
		if a, err := Open(context.Background(), Options{Dir: dir}); err == nil {
			a.Close()
			t.Errorf("dangling %v: opened a database through a link", dangling)
		}
		v.check(t)
		if _, err := os.Lstat(target); dangling && err == nil {
			t.Error("created the file a dangling link points at")
		}
	}
}
