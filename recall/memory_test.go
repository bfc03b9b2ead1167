package recall

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hansard/archive"
	"hansard/fixtures/memories"
	"hansard/transcripts"
	"hansard/transcripts/claude"
)

// memoryWorld is a home with every agent's memory files, a repository
// with its own, a second repository, and Claude Code sessions in a folder
// of each, served by a Host.
type memoryWorld struct {
	home, repoB string
	layout      *memories.Layout
	host        *Host
}

func newMemoryWorld(t *testing.T) *memoryWorld {
	t.Helper()
	w := newWorld(t)
	home := t.TempDir()
	w.home = filepath.Join(home, ".claude")
	l, err := memories.Lay(home, w.repoA)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	w.session(1, l.Folder, at).user("work in the package")
	w.session(2, w.repoB, at).user("work in the other repository")
	for _, c := range w.convos {
		c.flush()
	}
	writeFile(t, filepath.Join(w.repoB, "CLAUDE.md"), "# Other\n\nDeploy the zebra with ansible.\n")
	env := map[string]string{"HOME": home, "HANSARD_HOME": filepath.Join(t.TempDir(), "archive")}
	h := NewHost(HostOptions{Getenv: func(k string) string { return env[k] }, Providers: []transcripts.Provider{claude.New()},
		Warn: func(s string) { t.Log("warn:", s) }})
	t.Cleanup(func() { h.Close() })
	return &memoryWorld{home: home, repoB: w.repoB, layout: l, host: h}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// refresh reads the transcripts and then the memory files.
func (w *memoryWorld) refresh(t *testing.T) archive.MemoryRefreshResult {
	t.Helper()
	ctx := context.Background()
	if err := w.host.Refresh(ctx, false); err != nil {
		t.Fatal(err)
	}
	res, err := w.host.RefreshMemories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestMemoryFilesOfEveryProvider finds the memory files of every agent,
// global and of the folders sessions worked in, and leaves out skills,
// links, an AGENTS.md an override hides and folders below the session's.
func TestMemoryFilesOfEveryProvider(t *testing.T) {
	t.Parallel()
	w := newMemoryWorld(t)
	res := w.refresh(t)
	ctx := context.Background()
	a, err := w.host.Archive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	folders, err := a.SessionFolders(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]archive.MemoryFile{}
	for _, f := range findMemories(w.host.opts.Getenv, folders) {
		got[f.Path] = f
	}
	for _, want := range w.layout.Want {
		f, ok := got[want.Path]
		if !ok {
			t.Errorf("%s not found", want.Path)
			continue
		}
		if f.Provider != want.Provider || f.Kind != want.Kind || f.Scope != want.Scope || f.Repo != want.Repo {
			t.Errorf("%s: got %+v, want %+v", want.Path, f, want)
		}
	}
	for _, p := range w.layout.Excluded {
		if _, ok := got[p]; ok {
			t.Errorf("%s archived", p)
		}
	}
	if _, ok := got[filepath.Join(w.repoB, "CLAUDE.md")]; !ok {
		t.Error("the second repository's CLAUDE.md not found")
	}
	if want := len(w.layout.Want) + 1; res.Files != want || res.Versions != want || res.Read != want {
		t.Errorf("first refresh %+v, want %d files read and stored", res, want)
	}
	hits, err := w.host.SearchMemories(ctx, MemorySearchRequest{Query: "okapi"}, Scope{})
	if err != nil || len(hits.Hits) != 0 {
		t.Errorf("excluded text found: %+v %v", hits.Hits, err)
	}
}

// TestMemoryRefreshIsIncremental reads a memory file again only when its
// stamp moved, stores a version only when its bytes changed, keeps the
// earlier versions, and marks a deleted file gone.
func TestMemoryRefreshIsIncremental(t *testing.T) {
	t.Parallel()
	w := newMemoryWorld(t)
	first := w.refresh(t)
	again := w.refresh(t)
	if again.Read != 0 || again.Unchanged != first.Files {
		t.Errorf("second refresh %+v: read again", again)
	}
	path := filepath.Join(w.layout.Repo, "CLAUDE.md")
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	touched := w.refresh(t)
	if touched.Read != 1 || touched.Versions != 0 {
		t.Errorf("after a touch %+v, want one read and no version", touched)
	}
	writeFile(t, path, "# Project rules\n\nDeploy with the release script.\n")
	edited := w.refresh(t)
	if edited.Read != 1 || edited.Versions != 1 {
		t.Errorf("after an edit %+v, want one read and one version", edited)
	}
	ctx := context.Background()
	hit := searchOne(t, w.host, MemorySearchRequest{Query: "release script"})
	cur, err := w.host.GetMemory(ctx, MemoryRequest{MemoryID: hit.MemoryID})
	if err != nil {
		t.Fatal(err)
	}
	if cur.Version != 2 || cur.Versions != 2 || !strings.Contains(cur.Content, "release script") {
		t.Errorf("current %+v", cur)
	}
	old, err := w.host.GetMemory(ctx, MemoryRequest{MemoryID: hit.MemoryID + "@1"})
	if err != nil || !strings.Contains(old.Content, "make deploy") {
		t.Errorf("first version %+v %v", old, err)
	}
	if res, _ := w.host.SearchMemories(ctx, MemorySearchRequest{Query: "queue", Source: path}, Scope{}); len(res.Hits) != 0 {
		t.Errorf("an earlier version is searched: %+v", res.Hits)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if gone := w.refresh(t); gone.Gone != 1 {
		t.Errorf("after a delete %+v", gone)
	}
	if res, _ := w.host.SearchMemories(ctx, MemorySearchRequest{Query: "release"}, Scope{}); len(res.Hits) != 0 {
		t.Errorf("a deleted memory is searched: %+v", res.Hits)
	}
	if m, err := w.host.GetMemory(ctx, MemoryRequest{MemoryID: hit.MemoryID}); err != nil || !m.Gone {
		t.Errorf("deleted memory %+v %v", m, err)
	}
}

func searchOne(t *testing.T, h *Host, req MemorySearchRequest) MemoryHit {
	t.Helper()
	res, err := h.SearchMemories(context.Background(), req, Scope{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 {
		t.Fatalf("no hit for %+v", req)
	}
	return res.Hits[0]
}

// TestSearchMemoriesRanksARepository keeps, with a repo filter, that
// repository's memories and the global ones, and leaves another
// repository's out; hits carry their source, scope and lines.
func TestSearchMemoriesRanksARepository(t *testing.T) {
	t.Parallel()
	w := newMemoryWorld(t)
	w.refresh(t)
	ctx := context.Background()
	sources := func(req MemorySearchRequest) []string {
		res, err := w.host.SearchMemories(ctx, req, Scope{Dir: w.layout.Repo})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.Source)
		}
		return out
	}
	all := sources(MemorySearchRequest{Query: "deploy"})
	other := filepath.Join(w.repoB, "CLAUDE.md")
	project := filepath.Join(w.layout.Repo, "CLAUDE.md")
	if !slices.Contains(all, other) || !slices.Contains(all, project) {
		t.Errorf("deploy without a repo: %q", all)
	}
	for _, repo := range []string{w.layout.Repo, w.layout.Folder, "sub"} {
		got := sources(MemorySearchRequest{Query: "deploy crossing", Repo: repo})
		if slices.Contains(got, other) || !slices.Contains(got, project) || !slices.Contains(got, filepath.Join(w.home, ".claude", "CLAUDE.md")) {
			t.Errorf("repo %s: %q", repo, got)
		}
		if got[0] != project {
			t.Errorf("repo %s: the project's guidance on deploying is not first: %q", repo, got)
		}
	}
	if got := sources(MemorySearchRequest{Query: "zebra", Provider: "cursor"}); len(got) != 2 {
		t.Errorf("cursor: %q", got)
	}
	if got := sources(MemorySearchRequest{Query: "zebra", Source: ".cursor/rules/go.mdc"}); len(got) != 1 {
		t.Errorf("source: %q", got)
	}
	hit := searchOne(t, w.host, MemorySearchRequest{Query: "queue"})
	if hit.Source != project || hit.Scope != ScopeProject || hit.Kind != MemoryInstructions || hit.Provider != "claude" ||
		hit.Title != "Project rules" || hit.LineStart != 4 || hit.LineEnd != 4 || hit.Repo != w.layout.Repo ||
		hit.Excerpt != "The zebra service owns the queue." || hit.MatchedText != hit.Excerpt {
		t.Errorf("hit %+v", hit)
	}
	cursor := searchOne(t, w.host, MemorySearchRequest{Query: "errors", Provider: "cursor"})
	if cursor.Title != "Go zebra conventions" {
		t.Errorf("cursor rule title %q", cursor.Title)
	}
	if _, err := w.host.SearchMemories(ctx, MemorySearchRequest{Query: "  "}, Scope{}); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("empty query: %v", err)
	}
	if _, err := w.host.SearchMemories(ctx, MemorySearchRequest{Query: "x", Provider: "vim"}, Scope{}); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("unknown provider: %v", err)
	}
	if _, err := w.host.GetMemory(ctx, MemoryRequest{MemoryID: "m999"}); ErrorCode(err) != CodeNotFound {
		t.Errorf("unknown id: %v", err)
	}
	if _, err := w.host.GetMemory(ctx, MemoryRequest{MemoryID: "nonsense"}); ErrorCode(err) != CodeNotFound {
		t.Errorf("malformed id: %v", err)
	}
}
