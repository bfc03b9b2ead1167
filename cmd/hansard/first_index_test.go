package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"hansard/provenance/gitrepo/gittest"
	"hansard/recall"
)

// TestHalfBuiltArchive: a query while another process holds the write
// lock of an archive that was never indexed answers from what is there and
// says so, with index_built_at present (empty) in its JSON.
func TestHalfBuiltArchive(t *testing.T) {
	home := fixtureHome(t)
	env := map[string]string{"HANSARD_HOME": filepath.Join(home, "archive")}
	if _, errOut, code := runIn(t, home, env, "status"); code != 0 { // makes the archive, reads nothing
		t.Fatalf("status: %d %s", code, errOut)
	}
	f, err := os.OpenFile(filepath.Join(home, "archive", "write.lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runIn(t, home, env, "history", "--all-repos", "--json")
	var raw map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &raw) != nil {
		t.Fatalf("history --json: exit %d: %s", code, errOut)
	}
	if v, ok := raw["index_built_at"]; !ok || v != "" {
		t.Errorf("index_built_at = %v (present %v), want present and empty", v, ok)
	}
	var resp recall.SearchResponse
	json.Unmarshal([]byte(out), &resp)
	found := false
	for _, n := range resp.Notices {
		found = found || n == recall.HalfBuiltNotice
	}
	if !found {
		t.Errorf("notices %q lack the half-built notice", resp.Notices)
	}
	out, _, _ = runIn(t, home, env, "history", "--all-repos")
	if !strings.Contains(out, "note: "+recall.HalfBuiltNotice) {
		t.Errorf("history does not say the archive is half built:\n%s", out)
	}

	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	out, _, _ = runIn(t, home, env, "history", "--all-repos", "--json")
	json.Unmarshal([]byte(out), &raw)
	if v, _ := raw["index_built_at"].(string); v == "" || strings.Contains(out, recall.HalfBuiltNotice) {
		t.Errorf("after the index: index_built_at %q, output:\n%.400s", v, out)
	}
}

// TestWhyNotesAPausedIndex: why says on stderr that indexing is paused,
// as history does.
func TestWhyNotesAPausedIndex(t *testing.T) {
	home := t.TempDir()
	repo := newLocationsRepo(t)
	t.Chdir(repo)
	if _, errOut, code := runIn(t, home, nil, "index", "pause"); code != 0 {
		t.Fatalf("pause: %s", errOut)
	}
	_, errOut, code := runIn(t, home, nil, "why", "demo.go:3")
	if code != 0 || !strings.Contains(errOut, "indexing is paused") {
		t.Errorf("why while paused: exit %d, stderr %q", code, errOut)
	}
	runIn(t, home, nil, "index", "resume")
	if _, errOut, _ = runIn(t, home, nil, "why", "demo.go:3"); strings.Contains(errOut, "paused") {
		t.Errorf("why after resume: %q", errOut)
	}
}

// TestHistorySaysWhenItSearchedEveryRepository: in a repository no
// conversation is in, history searches them all and says so.
func TestHistorySaysWhenItSearchedEveryRepository(t *testing.T) {
	home := fixtureHome(t)
	repo := gittest.New(t)
	repo.Write("a.txt", "a")
	repo.Commit("first")
	t.Chdir(repo.Dir)
	out, _, code := runIn(t, home, nil, "history")
	if code != 0 || !strings.Contains(out, "note: no archived conversation is in this repository") ||
		!strings.Contains(out, "searched every repository") {
		t.Errorf("history in a repository of no conversation: exit %d:\n%s", code, out)
	}
	if out, _, _ = runIn(t, home, nil, "history", "nothing-says-this", "--no-refresh"); !strings.Contains(out, "no conversations found in any repository") {
		t.Errorf("no match after searching every repository:\n%s", out)
	}
	t.Chdir(t.TempDir())
	if out, _, _ = runIn(t, home, nil, "history", "--no-refresh"); strings.Contains(out, "searched every repository") {
		t.Errorf("outside any repository, every repository is the scope asked for:\n%s", out)
	}
}
